//! The scan's table: each technique's finder, the first instance in the
//! [scan order](super#scan-order), its family's data made a [`Step`]. At the top of the
//! logical solver, with the scan order (`mod.rs`): it knows every family, and no family
//! knows it.

use super::direct;
use super::state::LogicSolver;
use super::step::Step;
use super::technique::Technique;
use super::{aligned, chains, coloring, fish, locked, nets, singles, subsets, uniqueness, wings};

/// A technique's finder: the first instance in the scan order, if any.
type Finder = fn(&LogicSolver) -> Option<Step>;

/// The finders, easiest first, one row per technique in the order of its variants (a
/// test checks it).
#[rustfmt::skip]
const FINDERS: [(Technique, Finder); Technique::COUNT] = {
    use Technique::*;
    use nets::Kind::{Dynamic, DynamicPlus, Multiple, Nested, Nishio};
    [
        (FullHouse,              |s| singles::full_house(s).map(Step::from)),
        (HiddenSingle,           |s| singles::hidden_single(s).map(Step::from)),
        (DirectPointing,         |s| direct::locked(s, Pointing).map(Step::from)),
        (DirectClaiming,         |s| direct::locked(s, Claiming).map(Step::from)),
        (DirectHiddenPair,       |s| direct::hidden(s, 2).map(Step::from)),
        (NakedSingle,            |s| singles::naked_single(s).map(Step::from)),
        (DirectHiddenTriple,     |s| direct::hidden(s, 3).map(Step::from)),
        (Pointing,               |s| locked::pointing(s).map(Step::from)),
        (Claiming,               |s| locked::claiming(s).map(Step::from)),
        (NakedPair,              |s| subsets::naked(s, 2).map(Step::from)),
        (XWing,                  |s| fish::fish(s, 2).map(Step::from)),
        (HiddenPair,             |s| subsets::hidden(s, 2).map(Step::from)),
        (NakedTriple,            |s| subsets::naked(s, 3).map(Step::from)),
        (Swordfish,              |s| fish::fish(s, 3).map(Step::from)),
        (HiddenTriple,           |s| subsets::hidden(s, 3).map(Step::from)),
        (XYWing,                 |s| wings::xy_wing(s).map(Step::from)),
        (XYZWing,                |s| wings::xyz_wing(s).map(Step::from)),
        (UniqueRectangle,        |s| uniqueness::unique_loop(s).map(Step::from)),
        (NakedQuad,              |s| subsets::naked(s, 4).map(Step::from)),
        (Jellyfish,              |s| fish::fish(s, 4).map(Step::from)),
        (HiddenQuad,             |s| subsets::hidden(s, 4).map(Step::from)),
        (Bug,                    |s| uniqueness::bug(s).map(Step::from)),
        (SimpleColoring,         |s| coloring::simple_coloring(s).map(Step::from)),
        (Cycle,                  |s| chains::first(s, Cycle).map(Step::from)),
        (ForcingXChain,          |s| chains::first(s, ForcingXChain).map(Step::from)),
        (XYCycle,                |s| chains::first(s, XYCycle).map(Step::from)),
        (ForcingChain,           |s| chains::first(s, ForcingChain).map(Step::from)),
        (AlignedTripleExclusion, |s| aligned::triple_exclusion(s).map(Step::from)),
        (NishioForcingChain,     |s| nets::easiest(s, Nishio).map(Step::from)),
        (MultipleForcingChain,   |s| nets::easiest(s, Multiple).map(Step::from)),
        (DynamicForcingChain,    |s| nets::easiest(s, Dynamic).map(Step::from)),
        (DynamicForcingChainPlus, |s| nets::easiest(s, DynamicPlus).map(Step::from)),
        (NestedForcingChain,     |s| nets::easiest(s, Nested(2)).map(Step::from)),
        (NestedMultipleForcingChain, |s| nets::easiest(s, Nested(3)).map(Step::from)),
        (NestedDynamicForcingChain, |s| nets::easiest(s, Nested(4)).map(Step::from)),
        (NestedDynamicForcingChainPlus, |s| nets::easiest(s, Nested(5)).map(Step::from)),
    ]
};

/// The first instance of `technique` in `s`, by its family's finder.
pub(super) fn find(technique: Technique, s: &LogicSolver) -> Option<Step> {
    (FINDERS[technique.index()].1)(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_finders_follow_the_variants() {
        for (k, &(technique, _)) in FINDERS.iter().enumerate() {
            assert_eq!(technique.index(), k, "{technique} is out of place");
        }
    }
}
