//! [`VariantSolver`]: the variants' matrices searched by dancing links or the learner.

use dancing::Engine as _;
#[cfg(feature = "sat")]
use dancing::StopReason;
use dancing::{Limits, OptionId, Stats};

use crate::encoding;
use crate::solve::{Books, Inside, Method, Solve};
use crate::variant::Variant;
use crate::{grid::Grid, shape::Shape};

/// Which search answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Backend {
    Links,
    #[cfg(feature = "sat")]
    Learner,
    /// Links for this many nodes, then the learner.
    #[cfg(feature = "sat")]
    Auto(u64),
}

/// One variant's matrix for one shape, and the links over it.
#[derive(Debug)]
struct Engine {
    variant: Variant,
    shape: Shape,
    /// The matrix, which the learner encodes (the links hold their own copy).
    #[cfg_attr(not(feature = "sat"), allow(dead_code))]
    problem: dancing::Problem,
    links: dancing::Solver,
    /// The cells of the puzzle whose givens are forced now, if `forced_valid`; the
    /// buffer is kept when givens clash, so the next puzzle needs no allocation.
    forced: Vec<u8>,
    forced_valid: bool,
}

/// Solves puzzles of one [`Variant`] at a time, through the [`Solve`] trait: the
/// variant's exact-cover matrix ([`Variant::problem`]) with the puzzle's givens forced,
/// searched by dancing links ([`new`](Self::new)), or with the `sat` feature the CDCL
/// learner (`with_learner`) or links then the learner (`auto`).
///
/// The matrices of the classic, X and hyper rules are built once per shape and kept;
/// a jigsaw's or a killer's is built on the first puzzle after
/// [`set_variant`](Self::set_variant) and kept while the variant stays. Givens that
/// clash, or break the variant's rules, make a puzzle with no solution; so does a
/// variant that does not [validate](Variant::validate) for the puzzle's shape (call it
/// to learn why).
///
/// ```
/// use dancing_sudoku::{Cage, Grid, Solve, Variant, VariantSolver};
///
/// // A 4×4 killer: two cages fix the first row's 1, 2 and 3, 4 halves.
/// let cages = vec![
///     Cage { sum: 3, cells: vec![(0, 0), (0, 1)] },
///     Cage { sum: 7, cells: vec![(0, 2), (0, 3)] },
/// ];
/// let mut solver = VariantSolver::new();
/// solver.set_variant(Variant::Killer(cages));
/// let puzzle = Grid::empty(2);
/// assert_eq!(solver.count(&puzzle), 288 / 6);
/// let solution = solver.solve(&puzzle).expect("solvable");
/// assert!(solver.variant().satisfied_by(&puzzle, &solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct VariantSolver {
    variant: Variant,
    backend: Backend,
    /// Built matrices: the classic, X and hyper ones of every shape seen, and the
    /// current jigsaw's or killer's.
    engines: Vec<Engine>,
    books: Books,
    givens: Vec<OptionId>,
}

impl Default for VariantSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl VariantSolver {
    fn with_backend(backend: Backend) -> Self {
        Self {
            variant: Variant::Classic,
            backend,
            engines: Vec::new(),
            books: Books::default(),
            givens: Vec::new(),
        }
    }

    /// A dancing-links solver of classic sudoku; see [`set_variant`](Self::set_variant).
    pub fn new() -> Self {
        Self::with_backend(Backend::Links)
    }

    /// A solver that hands every puzzle to the CDCL learner of `dancing-sat`, as
    /// [`SatSolver`](crate::SatSolver) does for the classic rules.
    #[cfg(feature = "sat")]
    pub fn with_learner() -> Self {
        Self::with_backend(Backend::Learner)
    }

    /// Dancing links for [`AutoSolver::DEFAULT_BUDGET`](crate::AutoSolver::DEFAULT_BUDGET)
    /// nodes, then the learner on the same question if the budget runs out, as
    /// [`AutoSolver`](crate::AutoSolver) does for the classic rules.
    #[cfg(feature = "sat")]
    pub fn auto() -> Self {
        Self::auto_with_budget(crate::auto::AutoSolver::DEFAULT_BUDGET)
    }

    /// Dancing links for `budget` nodes, then the learner (0: straight to the learner).
    #[cfg(feature = "sat")]
    pub fn auto_with_budget(budget: u64) -> Self {
        Self::with_backend(Backend::Auto(budget))
    }

    /// The variant of later searches.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Solves `variant` from now on. A jigsaw's or killer's matrix replaces the last
    /// jigsaw's or killer's.
    pub fn set_variant(&mut self, variant: Variant) {
        if variant != self.variant {
            self.engines
                .retain(|e| matches!(e.variant, Variant::Classic | Variant::X | Variant::Hyper));
        }
        self.variant = variant;
    }

    /// The limits the links search under.
    fn links_limits(&self) -> Limits {
        #[cfg(feature = "sat")]
        if let Backend::Auto(budget) = self.backend {
            // The caller's node limit binds the links only, and wins if smaller.
            let mut limits = self.books.limits.clone();
            limits.max_nodes = Some(limits.max_nodes.map_or(budget, |n| n.min(budget)));
            return limits;
        }
        self.books.limits.clone()
    }

    /// The engine for `puzzle` under the current variant, built if needed, with the
    /// puzzle's givens forced; `None` if the variant does not fit the shape or the givens
    /// clash.
    fn prepared(&mut self, puzzle: &Grid) -> Option<usize> {
        let shape = puzzle.shape();
        let found = self
            .engines
            .iter()
            .position(|e| e.shape == shape && e.variant == self.variant);
        let k = match found {
            Some(k) => k,
            None => {
                self.variant.validate(shape).ok()?;
                let problem = encoding::variant_problem(&self.variant, shape);
                let mut links = dancing::Solver::new(&problem);
                // As for the classic matrix: most nodes are forced moves.
                links.set_branching(dancing::Branching::FirstForced);
                self.engines.push(Engine {
                    variant: self.variant.clone(),
                    shape,
                    problem,
                    links,
                    forced: Vec::new(),
                    forced_valid: false,
                });
                self.givens.reserve(shape.cells());
                self.engines.len() - 1
            }
        };
        let limits = self.links_limits();
        let engine = &mut self.engines[k];
        engine.links.set_limits(limits);
        if !engine.forced_valid || engine.forced != puzzle.cells() {
            self.givens.clear();
            self.givens.extend(encoding::givens(puzzle));
            let ok = engine.links.set_forced(self.givens.iter().copied()).is_ok();
            engine.forced.clear();
            engine.forced.extend_from_slice(puzzle.cells());
            engine.forced_valid = ok;
            if !ok {
                return None;
            }
        } else {
            self.givens.clear();
            self.givens.extend(encoding::givens(puzzle));
        }
        Some(k)
    }

    fn find_links(&mut self, k: usize, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        let engine = &mut self.engines[k];
        let mut first = first;
        let found = crate::solve::count_to(&mut engine.links, limit, |options| {
            if let Some(first) = first.as_deref_mut() {
                decode(puzzle, options, first);
            }
        });
        self.books.stats = engine.links.stats();
        found
    }

    #[cfg(feature = "sat")]
    fn find_learner(
        &mut self,
        k: usize,
        puzzle: &Grid,
        limit: u64,
        mut first: Option<&mut Grid>,
        limits: Limits,
    ) -> u64 {
        let engine = &self.engines[k];
        let problem = &engine.problem;
        let (count, stats, conflicts) = crate::auto::learn(
            problem,
            dancing_sat::Config::default(),
            limits,
            &self.givens,
            limit,
            |options| {
                if let Some(first) = first.as_deref_mut() {
                    decode(puzzle, options, first);
                }
            },
        );
        self.books.stats = stats;
        self.books.method = Method::Learner { conflicts };
        count
    }
}

/// Writes the solution made of `options` into `grid`.
fn decode(puzzle: &Grid, options: &[OptionId], grid: &mut Grid) {
    let n = puzzle.side();
    grid.copy_from(puzzle);
    let cells = grid.cells_vec_mut();
    for &o in options {
        let k = o.index();
        // The cell-value options come first; a cage's combination places nothing.
        if k < n * n * n {
            cells[k / n] = (k % n + 1) as u8;
        }
    }
}

impl Solve for VariantSolver {
    fn find(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        self.books.method = Method::DancingLinks;
        self.books.stats = Stats::default();
        if limit == 0 {
            return 0;
        }
        let Some(k) = self.prepared(puzzle) else {
            return 0;
        };
        match self.backend {
            Backend::Links => self.find_links(k, puzzle, limit, first),
            #[cfg(feature = "sat")]
            Backend::Learner => {
                let limits = self.books.limits.clone();
                self.find_learner(k, puzzle, limit, first, limits)
            }
            #[cfg(feature = "sat")]
            Backend::Auto(budget) => {
                let started = std::time::Instant::now();
                let mut first = first;
                let count = self.find_links(k, puzzle, limit, first.as_deref_mut());
                let links = self.books.stats;
                let handed_off = links.stopped == Some(StopReason::NodeLimit)
                    && self.books.limits.max_nodes.is_none_or(|n| n > budget);
                if !handed_off {
                    return count;
                }
                let mut limits = self.books.limits.clone();
                limits.deadline = self.books.limits.end(started);
                let count = self.find_learner(k, puzzle, limit, first, limits);
                self.books.stats.nodes = links.nodes;
                self.books.stats.updates = links.updates;
                self.books.stats.elapsed = started.elapsed();
                count
            }
        }
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}
