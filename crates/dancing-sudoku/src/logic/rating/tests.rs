//! The scale's search score and the ratings' sentences.

use super::super::NakedSingle;
use super::score::search_tenths;
use super::*;
use crate::logic::technique::Technique;

#[test]
fn search_score_is_monotone_and_above_every_technique() {
    assert_eq!(search_tenths(0), 95);
    assert_eq!(search_tenths(1), 95);
    assert_eq!(search_tenths(8), 95);
    assert_eq!(search_tenths(9), 95);
    assert_eq!(search_tenths(12), 96);
    assert_eq!(search_tenths(100), 101);
    assert_eq!(search_tenths(245), 103);
    assert_eq!(search_tenths(SEARCH_BUDGET), 118);
    assert!((1..5000).all(|n| search_tenths(n) <= search_tenths(n + 1)));
    // Above every technique below the nested chains, where the floor is.
    let below = Technique::ALL
        .into_iter()
        .filter(|&t| t < Technique::NestedForcingChain);
    assert!(below.clone().all(|t| t.tenths() < search_tenths(1)));
    assert_eq!(below.count(), Technique::COUNT - 4);
    assert_eq!(Technique::NestedForcingChain.tenths(), search_tenths(1));
}

#[test]
fn display() {
    let path = Path {
        steps: Vec::new(),
        end: Grid::empty(2),
    };
    assert_eq!(Rating::of(&path, None).to_string(), "0.0 nothing to do");
    assert_eq!(
        Rating::of(&path, Some(245)).to_string(),
        "10.3 needs search (245 nodes)"
    );
    let step = Step::NakedSingle(NakedSingle {
        cell: (0, 0),
        value: 1,
    });
    let path = Path {
        steps: vec![step],
        end: Grid::empty(2),
    };
    let rating = Rating::of(&path, None);
    assert_eq!(rating.to_string(), "2.3 naked single");
    assert_eq!(rating.count(Technique::NakedSingle), 1);
    assert_eq!(rating.score, 2.3);
}
