//! Tests of `router`.

use super::*;
#[cfg(feature = "parallel")]
use crate::{count::Count, parallel::ParallelSolver};
use crate::{format, problems};

#[test]
fn a_search_the_probe_finishes_stays_on_the_links() {
    let engine = AnyEngine::new(&problems::queens(6), EngineName::Auto).unwrap();
    assert_eq!(engine.name(), "links");
}

#[test]
fn the_engine_picked_has_no_limits_left() {
    let problem = problems::pentominoes(20, 3);
    let mut engine = AnyEngine::new(&problem, EngineName::Auto).unwrap();
    assert_eq!(engine.count(), 8);
}

#[test]
fn names_round_trip_and_unknown_ones_are_refused() {
    for name in EngineName::ALL {
        assert_eq!(name.name().parse::<EngineName>(), Ok(name));
    }
    let unknown = "fast".parse::<EngineName>().unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "unknown engine `fast`: expected auto, links, dense, cells, multi or memo"
    );
}

#[test]
#[cfg(feature = "parallel")]
fn every_engine_counts_alike_on_one_thread_and_on_several() {
    let problem = problems::langford(7);
    for name in [
        EngineName::Auto,
        EngineName::Links,
        EngineName::Dense,
        #[cfg(feature = "cells")]
        EngineName::Cells,
        EngineName::Multi,
    ] {
        let mut engine = AnyEngine::new(&problem, name).unwrap();
        assert_eq!(engine.count(), 52, "{name}");
        engine.check_integrity().unwrap();
        let mut parallel = ParallelSolver::new(engine, 3);
        assert_eq!(parallel.count(), Count::Complete(52), "{name} on threads");
    }
}

#[test]
#[cfg(not(feature = "cells"))]
fn cells_without_its_feature_is_refused_by_name() {
    let refused = AnyEngine::new(&problems::queens(4), EngineName::Cells).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "this build has no cells engine: it comes with the `cells` feature of the \
         dancing crate"
    );
}

#[test]
fn multiplicities_go_to_algorithm_m() {
    let problem = format::parse_str("2|a b\na\na b\nb\n").unwrap();
    let auto = AnyEngine::new(&problem, EngineName::Auto).unwrap();
    assert_eq!(auto.name(), "multi");
    let refused = AnyEngine::new(&problem, EngineName::Dense).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "the problem has multiplicities (item `a` has bounds 2:2), which the dense \
         engine cannot search; use auto or multi"
    );
    assert_eq!(
        AnyEngine::new(&problem, EngineName::Memo).unwrap_err(),
        RouteError::Memo
    );
}

#[test]
fn prefixes_and_splits_are_moves() {
    let problem = problems::queens(6);
    for name in [EngineName::Links, EngineName::Dense] {
        let mut engine = AnyEngine::new(&problem, name).unwrap();
        let mut prefixes = Vec::new();
        let _ = engine.split_each(1, |moves| {
            prefixes.push(moves.to_vec());
            std::ops::ControlFlow::Continue(())
        });
        let mut total = 0;
        for prefix in &prefixes {
            engine.follow_prefix(prefix).unwrap();
            total += engine.count().found();
            engine.release();
            engine.check_integrity().unwrap();
        }
        assert_eq!(total, 4, "{name}");
        let skip = [Move::Skip(crate::ids::ItemId::new(0))];
        assert!(engine.follow_prefix(&skip).is_err());
    }
}

#[test]
fn the_router_answers_with_an_engine_or_the_memo() {
    // Multiplicities and colors: the memo takes them, as Algorithm M does.
    let problem = format::parse_str("1:2|A B | X\nA X:red\nA X:red\nA X:blue\nB\n").unwrap();
    let Route::Memo(memo) = Route::new(&problem, EngineName::Memo).unwrap() else {
        panic!("the memo for its name")
    };
    let Route::Engine(mut engine) = Route::new(&problem, EngineName::Auto).unwrap() else {
        panic!("an engine for auto")
    };
    assert_eq!(engine.name(), "multi");
    let count = engine.count().found();
    assert_eq!(memo.build().unwrap().count(), count.into());
    // What the engines refuse, the router refuses alike.
    assert_eq!(
        Route::new(&problem, EngineName::Links).unwrap_err(),
        AnyEngine::new(&problem, EngineName::Links).unwrap_err()
    );
    assert_eq!(EngineName::Auto.for_problem(&problem), EngineName::Multi);
}
