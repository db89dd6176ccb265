//! Reading a diagram's text back (`Zdd::read_text`): any ids, each fault at its line
//! and column, the memory bound, and the diagram of another problem refused; no input
//! panics it.

use dancing::{Limits, Memo, ParseErrorKind, Problem, Zdd, ZddTextError, format, problems};
use dancing_testkit::sorted;
use proptest::prelude::*;

use crate::brute_force;

/// The text of the diagram of `problem`.
fn text_of(problem: &Problem) -> String {
    let zdd = Memo::new(problem).build().expect("no limits");
    let mut text = Vec::new();
    zdd.write_text(&mut text).expect("to memory");
    String::from_utf8(text).expect("ASCII")
}

/// The line, column and fault of reading `text` for `problem`.
fn fault(text: &str, problem: &Problem) -> (usize, usize, ZddTextError) {
    match Zdd::read_text(text.as_bytes(), problem, 1 << 30) {
        Ok(_) => panic!("read: {text}"),
        Err(e) => match e.kind {
            ParseErrorKind::Zdd(fault) => (e.line, e.column, fault),
            kind => panic!("not a diagram's fault: {kind:?}"),
        },
    }
}

#[test]
fn ids_in_any_order_of_numbers_blank_lines_a_bom_and_crlf() {
    let problem = problems::dominoes(4, 3);
    let zdd = Memo::new(&problem).build().expect("no limits");
    // Every id n becomes 0x1000 + 7n, the lines CRLF, with blank lines, after a BOM.
    let text = text_of(&problem);
    let renumber = |id: &str| {
        let n = u64::from_str_radix(id, 16).unwrap();
        if n < 2 {
            id.to_owned()
        } else {
            format!("{:x}", 0x1000 + 7 * n)
        }
    };
    let mut renumbered = String::from("\u{feff}");
    for line in text.lines() {
        let (id, rest) = line.split_once(": (~").unwrap();
        let (option, rest) = rest.split_once('?').unwrap();
        let (lo, hi) = rest.trim_end_matches(')').split_once(':').unwrap();
        let (id, lo, hi) = (renumber(id), renumber(lo), renumber(hi));
        renumbered += &format!("{id}: (~{option}?{lo}:{hi})\r\n\r\n");
    }
    let read = Zdd::read_text(renumbered.as_bytes(), &problem, 1 << 30).expect("a diagram");
    assert_eq!(read.count(), zdd.count());
    assert!(read.solutions().eq(zdd.solutions()));
}

#[test]
fn each_fault_at_its_line_and_column() {
    // A B, then options `A B`, `A`, `B`: solutions {1} and {2, 3}.
    let problem = format::parse_str("A B\nA B\nA\nB\n").unwrap();
    let two = "2: (~3?0:1)\n3: (~2?0:2)\n4: (~1?3:1)\n";
    let whole = format!("{two}5: (~0?0:4)\n");
    let read = Zdd::read_text(whole.as_bytes(), &problem, 1 << 30).expect("a diagram");
    assert_eq!(read.count(), 2u32.into());
    use ZddTextError::*;
    let bad = |t: &str| BadNode(t.to_owned());
    let cases: Vec<(String, (usize, usize, ZddTextError))> = vec![
        (format!("{two}zz\n"), (4, 1, bad("zz"))),
        ("2: (~3?0:1\n".into(), (1, 10, bad("2: (~3?0:1"))),
        ("2 (~3?0:1)\n".into(), (1, 1, bad("2 (~3?0:1)"))),
        ("2: (3?0:1)\n".into(), (1, 4, bad("2: (3?0:1)"))),
        ("2: (~x?0:1)\n".into(), (1, 6, bad("2: (~x?0:1)"))),
        ("2: (~3?0:1) 7\n".into(), (1, 12, bad("2: (~3?0:1) 7"))),
        ("2: (~3?0:5)\n".into(), (1, 1, Undefined("5".into()))),
        (
            "2: (~3?0:1)\n2: (~2?0:1)\n".into(),
            (2, 1, Redefined("2".into())),
        ),
        ("1: (~3?0:1)\n".into(), (1, 1, Redefined("1".into()))),
        (
            "2: (~9?0:1)\n".into(),
            (
                1,
                1,
                NoSuchOption {
                    option: 9,
                    options: 3,
                },
            ),
        ),
        (format!("{two}5: (~0?2:4)\n"), (4, 1, bad("5: (~0?2:4)"))),
        (two.into(), (4, 1, NoRoot)),
        (format!("{whole}6: (~1?0:1)\n"), (5, 1, AfterRoot)),
        (format!("{}\n", "7".repeat(5000)), (1, 1, LineTooLong)),
    ];
    for (text, expected) in cases {
        assert_eq!(fault(&text, &problem), expected, "{text}");
    }
    // Not UTF-8: the column of the first bad byte.
    let error = Zdd::read_text(&b"2: (~\xff"[..], &problem, 1 << 30).unwrap_err();
    assert_eq!(
        (error.line, error.column, error.kind),
        (1, 6, ParseErrorKind::NotUtf8)
    );
    // `A` alone: it leaves B uncovered, which the root's sum finds.
    let (line, _, found) = fault("2: (~2?0:1)\n3: (~0?0:2)\n", &problem);
    assert!(matches!(found, NotOfProblem(_)) && line == 2, "{found}");
    // `A` or `A B` on one node's two sides: they cover different items.
    let (line, _, found) = fault("2: (~1?1:1)\n", &problem);
    assert!(matches!(found, NotOfProblem(_)) && line == 1, "{found}");
}

#[test]
fn the_memory_bound_holds() {
    let problem = problems::dominoes(6, 6);
    let text = text_of(&problem);
    let error = Zdd::read_text(text.as_bytes(), &problem, 1000).unwrap_err();
    assert_eq!(
        error.kind,
        ParseErrorKind::Zdd(ZddTextError::TooLarge { max_memory: 1000 })
    );
    let read = Zdd::read_text(text.as_bytes(), &problem, 1 << 30).expect("fits");
    // What it reads answers to the bound as the built one does.
    assert!(read.marginals(&Limits::none()).is_ok());
}

/// Two random problems of plain items with the same number of options.
fn two_problems() -> impl Strategy<Value = (brute_force::Spec, brute_force::Spec)> {
    (brute_force::spec(), brute_force::spec()).prop_filter("as many options", |(a, b)| {
        brute_force::build(a).option_count() == brute_force::build(b).option_count()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The diagram of one problem reads as another's exactly when each of its
    /// solutions is one of the other's (items covered once: what the sums check).
    #[test]
    fn another_problems_diagram_is_refused((a, b) in two_problems()) {
        let (a, b) = (brute_force::build(&a), brute_force::build(&b));
        let text = text_of(&a);
        let zdd = Memo::new(&a).build().expect("no limits");
        let fits = zdd.solutions().all(|s| b.verify(&s).is_ok());
        let read = Zdd::read_text(text.as_bytes(), &b, 1 << 30);
        prop_assert_eq!(read.is_ok(), fits, "{:?}", read.err());
    }

    /// A text cut or changed anywhere reads, or fails with an error; what reads has
    /// every solution a solution of the problem.
    #[test]
    fn mangled_text_never_panics(
        spec in brute_force::spec(),
        cut in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
    ) {
        let problem = brute_force::build(&spec);
        let mut text = text_of(&problem).into_bytes();
        let n = text.len();
        text[at.index(n)] = byte;
        text.truncate(cut.index(n + 1).max(at.index(n) + 1));
        if let Ok(read) = Zdd::read_text(&text[..], &problem, 1 << 30) {
            for solution in read.solutions() {
                prop_assert!(problem.verify(&solution).is_ok(), "{:?}", sorted(&solution));
            }
        }
    }
}
