//! The builder's checks, numbering and data.

use super::*;
use crate::engine::Engine;

#[test]
fn option_data_stays_aligned_with_options_after_rejections() {
    let mut b = ProblemBuilder::with_data();
    let [a, c] = [b.primary("a").unwrap(), b.primary("c").unwrap()];
    let x = b.secondary("x").unwrap();
    assert_eq!(b.option_with([a], "a").unwrap(), OptionId::new(0));
    // Rejected options keep no value.
    assert!(b.option_with([a, a], "a twice").is_err());
    assert!(b.option_with([x], "x alone").is_err());
    assert!(b.option_named_with(["a", "zz"], "unknown").is_err());
    let red = b.color("red").unwrap();
    assert_eq!(
        b.colored_option_with([(c, None), (x, Some(red))], "c x:red")
            .unwrap(),
        OptionId::new(1)
    );
    assert_eq!(b.option_named_with(["c"], "c").unwrap(), OptionId::new(2));
    let (problem, data) = b.build_with_data().unwrap();
    assert_eq!(data.len(), problem.option_count());
    assert_eq!(
        data.iter().copied().collect::<Vec<_>>(),
        ["a", "c x:red", "c"]
    );
    assert_eq!(data[OptionId::new(1)], "c x:red");
    assert_eq!(data.get(OptionId::new(3)), None);
    let mut solver = crate::solver::Solver::new(&problem);
    let values: Vec<Vec<&str>> = solver
        .solutions()
        .map(|s| data.of(s.options()).copied().collect())
        .collect();
    assert_eq!(values, [["a", "c x:red"], ["a", "c"]]);
}

#[test]
fn rejects_every_kind_of_bad_input() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(
        b.primary("a"),
        Err(BuildError::DuplicateItem { name: "a".into() })
    );
    assert_eq!(
        b.secondary("bad name"),
        Err(BuildError::InvalidName {
            name: "bad name".into()
        })
    );
    assert_eq!(
        b.primary("a:b"),
        Err(BuildError::InvalidName { name: "a:b".into() })
    );
    assert_eq!(
        b.option([a, a]),
        Err(BuildError::RepeatedItem {
            option: 0,
            name: "a".into()
        })
    );
    assert_eq!(b.option([]), Err(BuildError::EmptyOption { option: 0 }));
    assert_eq!(
        b.option([x]),
        Err(BuildError::NoPrimaryInOption { option: 0 })
    );
    assert_eq!(
        b.option_named(["a", "zz"]),
        Err(BuildError::UnknownItem { name: "zz".into() })
    );
    assert_eq!(
        b.option([ItemId::new(9)]),
        Err(BuildError::ItemOutOfRange { index: 9, items: 2 })
    );
    let red = b.color("red").unwrap();
    assert_eq!(
        b.colored_option([(a, Some(red))]),
        Err(BuildError::ColoredPrimary { name: "a".into() })
    );
    assert_eq!(
        b.colored_option([(a, None), (x, Some(ColorId::new(5)))]),
        Err(BuildError::ColorOutOfRange {
            index: 5,
            colors: 1
        })
    );
    // The failed attempts left nothing behind: this option is accepted and is option 0.
    assert_eq!(b.option([a, x]), Ok(OptionId::new(0)));
    assert_eq!(b.option([a]), Ok(OptionId::new(1)));
    let p = b.build().unwrap();
    assert_eq!(p.option_count(), 2);
    assert_eq!(p.entry_count(), 3);
    assert_eq!(p.format_option(OptionId::new(0)), "a x");
}

#[test]
fn no_primary_items_is_an_error() {
    let mut b = ProblemBuilder::new();
    b.secondary("x").unwrap();
    assert_eq!(b.build().unwrap_err(), BuildError::NoPrimaryItems);
}
