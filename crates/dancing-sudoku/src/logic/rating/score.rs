//! The rating of a walked path: its score on Sudoku Explainer's scale, ER/EP/ED, and
//! its sentence.

use std::fmt;

use super::super::step::Step;
use super::super::technique::{Technique, tenths_to_score};
use super::Path;

/// The difficulty of a puzzle: the hardest step of its [`Path`], or the search left when
/// the techniques stall (see the [module docs](crate::logic#the-scale)).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Rating {
    /// The technique of the highest-scoring step; `None` when no step was needed.
    pub hardest: Option<Technique>,
    /// The score, to one decimal: the largest step score, or `9.0 + 0.55·log10(nodes)`
    /// (at least 9.5) when the techniques stall. 0.0 for a grid given whole.
    pub score: f32,
    /// The number of steps taken.
    pub steps: usize,
    /// Steps per technique, in the order of [`Technique::ALL`]; see
    /// [`count`](Rating::count).
    pub histogram: [u32; Technique::COUNT],
    /// When the techniques stall: the dancing-links nodes of counting up to 2 solutions
    /// of the grid as placed at the stall ([`SEARCH_BUDGET`](crate::logic::SEARCH_BUDGET) if it took more).
    pub search: Option<u64>,
    /// Whether that search ran past [`SEARCH_BUDGET`](crate::logic::SEARCH_BUDGET) nodes and was cut there: the
    /// score is then a floor.
    pub search_over_budget: bool,
    /// Sudoku Explainer's EP (pearl): the hardest step up to the first that fills a
    /// cell (a single, or a chain or net proving a candidate holds), that one included.
    /// `None` when the techniques stall before any step fills a cell.
    pub pearl: Option<f32>,
    /// Sudoku Explainer's ED (diamond): the first step's score. `None` when the
    /// techniques stall before the first step.
    pub diamond: Option<f32>,
}

impl Rating {
    /// Whether the techniques stalled, leaving search to finish the puzzle.
    pub fn needs_search(&self) -> bool {
        self.search.is_some()
    }

    /// The rating in the forum's notation, Sudoku Explainer's `ER/EP/ED`: the score,
    /// the [`pearl`](Self::pearl) and the [`diamond`](Self::diamond), each to one
    /// decimal, `?` for what the techniques did not reach (the score too when they
    /// stall, as it is then our measure of the search left, not SE's).
    ///
    /// ```
    /// use dancing_sudoku::{Grid, logic::Rater};
    ///
    /// let puzzle: Grid = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
    /// assert_eq!(Rater::new().rate(&puzzle)?.explainer(), "1.2/1.2/1.2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explainer(&self) -> String {
        let shown =
            |score: Option<f32>| score.map_or_else(|| "?".to_owned(), |s| format!("{s:.1}"));
        let er = (!self.needs_search()).then_some(self.score);
        format!(
            "{}/{}/{}",
            shown(er),
            shown(self.pearl),
            shown(self.diamond)
        )
    }

    /// How many steps used `technique`.
    pub fn count(&self, technique: Technique) -> u32 {
        self.histogram[technique.index()]
    }

    /// The techniques used, easiest first, with their step counts.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Technique, logic::Rater};
    ///
    /// let puzzle: Grid = "12.......1..2..3".parse()?;
    /// let used: Vec<(Technique, u32)> = Rater::new().rate(&puzzle)?.techniques().collect();
    /// assert_eq!(used.iter().map(|&(_, n)| n).sum::<u32>(), 11);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn techniques(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL
            .into_iter()
            .zip(self.histogram)
            .filter(|&(_, n)| n > 0)
    }

    /// The rating of a path. `search` is the node count of the search left, for a path
    /// that stalled.
    pub(super) fn of(path: &Path, search: Option<u64>) -> Self {
        let mut histogram = [0u32; Technique::COUNT];
        let mut top: Option<&Step> = None;
        for step in &path.steps {
            histogram[step.technique().index()] += 1;
            if top.is_none_or(|t| step.tenths() > t.tenths()) {
                top = Some(step);
            }
        }
        // A stall scores the search left, but never below a step already taken (the
        // nested chains score above the search's floor).
        let tenths = match search {
            Some(nodes) => search_tenths(nodes).max(top.map_or(0, Step::tenths)),
            None => top.map_or(0, Step::tenths),
        };
        // SE's pearl: the hardest step up to the first that fills a cell.
        let mut hardest = 0;
        let mut pearl = None;
        for step in &path.steps {
            hardest = hardest.max(step.tenths());
            if fills_a_cell(step) {
                pearl = Some(tenths_to_score(hardest));
                break;
            }
        }
        // A grid given whole: nothing to do, every rating 0.0 (as SE's).
        let whole = path.steps.is_empty() && search.is_none();
        Self {
            hardest: top.map(Step::technique),
            score: tenths_to_score(tenths),
            steps: path.steps.len(),
            histogram,
            search,
            search_over_budget: false,
            pearl: pearl.or(whole.then_some(0.0)),
            diamond: path
                .steps
                .first()
                .map(|step| step.score())
                .or(whole.then_some(0.0)),
        }
    }
}

/// Whether `step` fills a cell as Sudoku Explainer counts it for the pearl: it places
/// a value (a single or a direct form), or it is a chain or net whose conclusion is a
/// candidate that holds.
fn fills_a_cell(step: &Step) -> bool {
    match step {
        Step::Net(net) => net.conclusion.2,
        Step::Chain(chain) => {
            matches!(
                chain.technique,
                Technique::ForcingChain | Technique::ForcingXChain
            ) && chain.links.last().is_some_and(|&(_, _, holds)| holds)
        }
        _ => step.placement().is_some(),
    }
}

/// `9.0 + 0.55·log10(nodes)` in tenths, rounded, and at least 9.5: 9.5 up to 8 nodes,
/// 10.1 for a hundred, 11.2 for ten thousand. 9.5 is where Sudoku Explainer's
/// techniques beyond ours start (nested forcing chains); the slope is the least
/// squares fit of SE's ratings against the nodes of puzzles rated so
/// (docs/generating.md).
pub(super) fn search_tenths(nodes: u64) -> u16 {
    let tenths = 90.0 + 5.5 * (nodes.max(1) as f64).log10();
    (tenths.round() as u16).max(95)
}

impl fmt::Display for Rating {
    /// `2.3 naked single`, `8.4 needs search (245 nodes)`, `0.0 nothing to do`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1} ", self.score)?;
        match (self.search, self.hardest) {
            (Some(nodes), _) if self.search_over_budget => {
                write!(f, "needs search (over {nodes} nodes)")
            }
            (Some(nodes), _) => {
                let unit = if nodes == 1 { "node" } else { "nodes" };
                write!(f, "needs search ({nodes} {unit})")
            }
            (None, Some(t)) => write!(f, "{t}"),
            (None, None) => f.write_str("nothing to do"),
        }
    }
}
