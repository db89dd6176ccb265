//! The peers' adapters give the peers the same matrix: on small problems, with and
//! without secondary items and colors, every peer counts what the engine counts.

use dancing::Engine;
#[path = "../peers/dlx.rs"]
mod dlx_peer;
#[path = "../peers/exact_covers.rs"]
mod exact_covers_peer;

use dancing::{Problem, Solver, format, problems};

fn ours(problem: &Problem) -> u64 {
    Solver::new(problem).count().found()
}

#[test]
fn the_peers_count_what_the_engine_counts() {
    let cases = [
        ("queens 8", problems::queens(8)),
        ("langford 7", problems::langford(7)),
        ("pentominoes 3x20", problems::pentominoes(20, 3)),
        ("latin 3", problems::latin_square(3)),
        (
            "Knuth's toy",
            format::parse_str("A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n").unwrap(),
        ),
        (
            "colors",
            format::parse_str("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\nB\n").unwrap(),
        ),
    ];
    for (name, problem) in cases {
        let expected = ours(&problem);
        assert!(expected > 0, "{name}");
        assert_eq!(
            exact_covers_peer::ExactCovers::new(&problem).count(),
            expected,
            "exact-covers on {name}"
        );
        // The `dlx` crate's Algorithm X takes no colors.
        match dlx_peer::dlx_problem(&problem) {
            Some(mut peer) => assert_eq!(dlx_peer::dlx_count(&mut peer), expected, "dlx on {name}"),
            None => assert!(problem.has_colors(), "{name}"),
        }
    }
}
