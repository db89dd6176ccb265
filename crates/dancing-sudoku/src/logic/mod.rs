//! Logical solving: the techniques a person uses, hints one step at a time, and a
//! difficulty rating.
//!
//! A [`LogicSolver`] keeps the candidates of one puzzle (any order up to 36×36, one
//! `u64` bit mask per cell). [`find`](LogicSolver::find) looks for one technique,
//! [`next_step`](LogicSolver::next_step) for the easiest that applies, and
//! [`apply`](LogicSolver::apply) carries a [`Step`] out. A [`Rater`] walks a puzzle
//! from its givens to the end (solved, or stalled when no technique applies), scores
//! it, and gives hints.
//!
//! ```
//! use dancing_sudoku::{Grid, LogicSolver, Technique, logic::{Rater, Rules}};
//!
//! let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solver = LogicSolver::new(&puzzle)?;
//! let hint = solver.next_step().expect("an easy puzzle has a first step");
//! assert_eq!(hint.technique(), Technique::HiddenSingle);
//! assert_eq!(hint.to_string(), "hidden single: 8 in box 2 must go to r1c6");
//!
//! let rating = Rater::new().rate(&puzzle)?;
//! assert_eq!(rating.to_string(), "1.2 hidden single"); // hidden singles in boxes only
//! assert!(!rating.needs_search());
//!
//! // Arto Inkala's puzzle needs nested forcing chains (9.5 and up, a second or so);
//! // without them the techniques stall, and the score measures the search left.
//! let inkala: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
//! let rating = Rater::new().rules(Rules::default().nested(false)).rate(&inkala)?;
//! assert!(rating.needs_search() && rating.score > 9.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The scale
//!
//! The scale is Sudoku Explainer's (SE 1.2.1, the usual scale of the enjoysudoku
//! forum): the same techniques, tried in the same order (the cheapest first), with the
//! same scores and SE's increments for the length of chains, so that a puzzle's path
//! and rating follow SE's. A puzzle's score is the largest score of the steps of its
//! path, where each step is the easiest one available.
//!
//! | Technique | Score |
//! |---|---|
//! | full house (the last empty cell of a unit) | 1.0 |
//! | hidden single in a box | 1.2 |
//! | hidden single in a row or column | 1.5 |
//! | direct pointing (a pointing that leaves a hidden single, which is placed) | 1.7 |
//! | direct claiming | 1.9 |
//! | direct hidden pair | 2.0 |
//! | naked single | 2.3 |
//! | direct hidden triple | 2.5 |
//! | pointing | 2.6 |
//! | claiming | 2.8 |
//! | naked pair | 3.0 |
//! | x-wing | 3.2 |
//! | hidden pair | 3.4 |
//! | naked triple | 3.6 |
//! | swordfish | 3.8 |
//! | hidden triple | 4.0 |
//! | xy-wing | 4.2 |
//! | xyz-wing | 4.4 |
//! | unique rectangle or loop, types 1 to 4 | 4.5 (rectangle) to 5.0 (10 cells or more); type 3 adds 0.1 for each subset value past the first (naked) or the second (hidden) |
//! | naked quad | 5.0 |
//! | jellyfish | 5.2 |
//! | hidden quad | 5.4 |
//! | bivalue universal grave, types 1 and 2 | 5.6, 5.7 |
//! | bidirectional x- or y-cycle | 6.5 + length |
//! | forcing x-chain | 6.6 + length |
//! | bidirectional xy-cycle, forcing chain | 7.0 + length |
//! | aligned triple exclusion (9×9) | 7.5 |
//! | Nishio forcing chain | 7.5 + length |
//! | multiple forcing chains (cell and unit) | 8.0 + length |
//! | dynamic forcing chains | 8.5 + length |
//! | dynamic forcing chains (+): locked candidates, pairs and x-wings inside the chains | 9.0 + length |
//! | nested forcing chains: dynamic chains (+) with forcing chains and cycles inside | 9.5 + length |
//! | nested multiple forcing chains: the same, then multiple forcing chains inside | 10.0 + length |
//! | nested dynamic forcing chains: dynamic forcing chains inside | 10.5 + length |
//! | nested dynamic forcing chains (+): dynamic chains, then nested forcing chains, inside | 11.0 + length |
//! | needs search | 9.0 + 0.55·log₁₀ nodes, at least 9.5 and the hardest step |
//!
//! The length increment is SE's: 0.1 for each threshold that the chain's potentials
//! (the candidates it assumes on or off, all branches counted) minus 2 pass, the
//! thresholds growing from 4 by ×3/2 and ×4/3 in turn (4, 6, 8, 12, 16, 24, …). A
//! nested chain's length also counts the length of each distinct chain inside it.
//!
//! Every score of SE 1.2.1's scale is here, nested chains included: on the 70 puzzles
//! that need them which SE rated for the tests (Inkala's and 69 of the forum's
//! hardest, 10.3 to 11.7), ER/EP/ED are SE's on every one. The nested chains take
//! about 0.4 s a puzzle (0.84 of skfr's time); [`Rules::nested`] (`--no-nested`) leaves
//! them out, and a puzzle that needs them then stalls.
//!
//! Where ours differs:
//!
//! - SE's aligned pair exclusion (6.2) is not implemented, nor BUG types 3 and 4; the
//!   aligned triple exclusion is searched on 9×9 grids only, and the nested chains on
//!   grids up to 9×9. A puzzle that needs more than the techniques allowed *stalls*
//!   here, and its score measures the search left: the dancing-links nodes of a
//!   [`SudokuSolver`](crate::SudokuSolver) counting up to 2 solutions of the grid as
//!   placed at the stall, scored `9.0 + 0.55·log10(nodes)` (at least 9.5, where the
//!   nested chains start, and at least the hardest step taken) and rounded to one
//!   decimal: monotone in the nodes, and near SE's 10 to 11 for such puzzles, but our
//!   measure, not SE's. The [`Rating`] keeps the node count in
//!   [`search`](Rating::search). SE itself rates 20.0 where its techniques stall.
//! - A search of nested chains gives up past 2^28 potentials reached (fifty times what
//!   the forum's hardest need, about half a minute), and the path stalls there.
//! - Large grids are bounded: one search for a forcing net gives up past 4 million
//!   potentials reached or 32 MiB of outcomes (a 9×9 search needs at most about 20,000
//!   and 3 MiB) and finds nothing, so the path stalls there; a unique loop's type 3
//!   looks for subsets of at most 7 cells, SE's bound on 9×9. No 9×9 rating changes.
//! - Simple coloring (6.0) is not on the path (SE has none: its cycles and forcing
//!   x-chains find what coloring finds); [`find`](LogicSolver::find) still looks for it.
//! - The uniqueness techniques can be left out ([`LogicSolver::set_uniqueness`],
//!   [`Rules`]); SE has a setting for that too.
//!
//! On 1,693 puzzles rated by SE 1.2.1.3 (400 generated, 1,000 17-clue, 293 of
//! Magictour's top 1465), the score is within 0.2 of SE's for all 1,182 that SE rates up
//! to 4.4, all 496 it rates 4.5 to 9.0 and all 15 above, with rank correlation 0.99999
//! (the crate's tests check this on that set).
//!
//! Every score is rounded to one decimal and compares exactly (`score == 2.3`).
//! [`Rating`] displays as `1.2 hidden single`, `4.2 xy-wing`,
//! `10.9 needs search (2623 nodes)` or, for a grid given whole, `0.0 nothing to do`.
//!
//! How the bundled data sets rate (the crate's tests check the order): the 1,000
//! 17-clue puzzles have a median of 2.0 and a 95th percentile of 6.6 (none stalls);
//! Magictour's top 1465 have a median of 8.3 (none stalls, none needs nested chains);
//! without the nested chains the 200 of the forum's hardest list all stall, scoring
//! 10.5 to 11.3 with a median of 10.8; Arto Inkala's 2012 puzzle scores 10.7 (SE's
//! 10.7/10.7/9.7), 10.9 by the search left without the nested chains.
//!
//! # Scan order
//!
//! [`find`](LogicSolver::find) returns the first instance in a fixed order, so hints
//! and ratings are deterministic:
//!
//! - full house and hidden single: boxes, then columns, then rows (each by number),
//!   values ascending (SE's order);
//! - naked single: cells in reading order;
//! - direct pointing and claiming: as SE: columns before rows, then values, then units
//!   by number;
//! - direct hidden pair and triple: boxes, columns, rows, with more empty cells than the
//!   set has values;
//! - pointing: boxes by number, values ascending, the row before the column;
//! - claiming: rows, then columns, values ascending;
//! - naked and hidden subsets: rows, then columns, then boxes; within a unit the cells
//!   (or values) in lexicographic order of their combinations;
//! - fish: values ascending; for each, rows as the base then columns, base lines in
//!   lexicographic order of their combinations;
//! - wings: pivots in reading order, then pincer pairs in reading order;
//! - unique loops and BUG: SE's searches; the easiest loop by score, then type;
//! - chains and nets: every one SE's searches find, then the easiest by score, then
//!   length, then SE's order of kinds;
//! - simple coloring: values ascending, chains by their first cell in reading order;
//!   a color wrap before a color trap.
//!
//! Only instances that eliminate something count.

mod aligned;
mod chains;
mod closure;
mod coloring;
mod deduction;
mod difficulty;
mod direct;
mod fish;
mod geometry;
mod locked;
mod nets;
mod outcome;
mod potentials;
mod rating;
mod reaching;
mod sets;
mod singles;
mod state;
mod step;
mod subsets;
mod table;
mod technique;
mod uniqueness;
mod wings;
mod words;

pub use aligned::AlignedExclusion;
pub use chains::Chain;
pub use coloring::Coloring;
pub use deduction::Cell;
pub use difficulty::Difficulty;
pub use fish::Fish;
pub use locked::LockedCandidates;
pub use nets::{Net, Premise};
pub use rating::{Path, RateError, Rater, Rating, Rules, SEARCH_BUDGET};
pub use singles::{FullHouse, HiddenSingle, NakedSingle};
pub use step::{Direct, Step};
pub use subsets::Subset;
pub use technique::Technique;
pub use uniqueness::{Bug, UniqueLoop, UniqueLoopSubset};
pub use wings::Wing;

pub use state::LogicSolver;

impl LogicSolver {
    /// Carries out `step`: places its value, or removes its eliminations. A direct form
    /// places its single only, as Sudoku Explainer's rating does (its cause's removals
    /// are the step's [`eliminations`](Step::eliminations), to apply as well when
    /// solving as a person does).
    pub fn apply(&mut self, step: &Step) {
        if let Some(((r, c), v)) = step.placement() {
            self.place(r, c, v);
        }
        if matches!(step, Step::Direct(_)) {
            return;
        }
        for &((r, c), v) in step.eliminations() {
            self.remove_candidate(r, c, v);
        }
    }

    /// Whether the nested forcing chains are looked for: when allowed, on grids up to
    /// 9×9 (on larger ones a search of them would take hours).
    fn nests(&self) -> bool {
        self.nested && self.side <= 9
    }

    /// The first instance of `technique` in the [scan order](self#scan-order), if any
    /// (none for a uniqueness technique when they are [forbidden](Self::set_uniqueness)).
    pub fn find(&self, technique: Technique) -> Option<Step> {
        if !self.uniqueness && matches!(technique, Technique::UniqueRectangle | Technique::Bug) {
            return None;
        }
        if technique >= Technique::NestedForcingChain && !self.nests() {
            return None;
        }
        table::find(technique, self)
    }

    /// The easiest step available, as Sudoku Explainer picks it: the first technique of
    /// [`Technique::ALL`] that applies (but simple coloring, which SE does not have),
    /// then the easiest of all the cycles and forcing chains, then an aligned triple
    /// exclusion, then the easiest of the Nishio, multiple and dynamic forcing chains in
    /// turn. `None` when the puzzle is solved, or
    /// stalled (no technique applies). On a [broken](Self::is_broken) position the steps
    /// prove nothing.
    pub fn next_step(&self) -> Option<Step> {
        if self.is_solved() {
            return None;
        }
        Technique::ALL
            .into_iter()
            .take_while(|&t| t < Technique::SimpleColoring)
            .find_map(|t| self.find(t))
            .or_else(|| chains::easiest(self).map(Step::from))
            .or_else(|| self.find(Technique::AlignedTripleExclusion))
            .or_else(|| {
                [
                    nets::Kind::Nishio,
                    nets::Kind::Multiple,
                    nets::Kind::Dynamic,
                    nets::Kind::DynamicPlus,
                    nets::Kind::Nested(2),
                    nets::Kind::Nested(3),
                    nets::Kind::Nested(4),
                    nets::Kind::Nested(5),
                ]
                .into_iter()
                .filter(|&net| self.nests() || !matches!(net, nets::Kind::Nested(_)))
                .find_map(|net| nets::easiest(self, net).map(Step::from))
            })
    }
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests;
