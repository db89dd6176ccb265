//! The dancing-links sudoku solver: one exact-cover matrix per shape, built once, with
//! each puzzle's givens forced into it in place of the last puzzle's.

use dancing::Engine as _;
use std::ops::ControlFlow;

use dancing::{Limits, Stats};

use crate::encoding;
use crate::grid::Grid;
use crate::position::Position;
use crate::shape::Shape;
use crate::solve::{Books, Inside, Solve, count_to};

/// One shape's matrix and the engine's solver over it.
#[derive(Debug, Clone)]
struct Engine {
    shape: Shape,
    side: usize,
    solver: dancing::Solver,
    /// Decoding buffer for [`SudokuSolver::visit`].
    scratch: Grid,
    /// The cells of the puzzle whose givens are forced now, empty if none: asking about
    /// the same puzzle again (count, then solve) needs no new setup. Cleared, never
    /// dropped, when givens conflict, so the next puzzle reuses its storage.
    forced: Vec<u8>,
}

impl Engine {
    fn new(shape: Shape, limits: &Limits) -> Self {
        let mut solver = dancing::Solver::new(&encoding::problem(shape));
        solver.set_limits(limits.clone());
        // Most sudoku nodes are forced moves (a cell with one candidate, a digit with one
        // place in a unit): taking the first one found saves most of the MRV scan.
        solver.set_branching(dancing::Branching::FirstForced);
        Self {
            shape,
            side: shape.side(),
            solver,
            scratch: Grid::new(shape),
            forced: Vec::new(),
        }
    }

    /// Forces the givens of `puzzle` in place of the last puzzle's; `false` (with
    /// nothing forced) if they conflict. One relink of the matrix
    /// ([`dancing::Solver::set_forced`]), so nothing needs releasing after a search.
    /// Allocation-free.
    #[inline]
    fn apply(&mut self, puzzle: &Grid) -> bool {
        if !self.forced.is_empty() && self.forced == puzzle.cells() {
            return true;
        }
        let ok = self.solver.set_forced(encoding::givens(puzzle)).is_ok();
        self.forced.clear();
        if ok {
            self.forced.extend_from_slice(puzzle.cells());
        }
        ok
    }
}

/// Which search [`Solve::stats`] of a [`SudokuSolver`] reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Last {
    /// No search yet, or the givens conflicted (no search was needed).
    Nothing,
    /// The engine at this index.
    Engine(usize),
    /// The matrix of the last position with candidates taken away.
    Position,
}

/// Solves sudoku of every [`Shape`] with dancing links.
///
/// The exact-cover matrix of a shape is built the first time a grid of that shape is
/// seen (or by [`with_shape`](Self::with_shape)) and reused for every later puzzle:
/// each puzzle's givens are forced into the matrix in place of the last puzzle's (one
/// relink of the matrix, see [`dancing::Solver::set_forced`]), then searched. Counting is
/// allocation-free after the first puzzle of a shape; so is
/// [`solve_into`](Solve::solve_into). Every search is through the [`Solve`] trait.
///
/// Givens that conflict (the same value twice in a unit) make a puzzle with no solution;
/// see [`Grid::validate`] for which cells.
///
/// ```
/// use dancing_sudoku::{Grid, Shape, Solve, SudokuSolver, Verdict};
///
/// let mut solver = SudokuSolver::with_shape(Shape::CLASSIC);
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(solver.check(&puzzle), Verdict::Unique);
/// let solution = solver.solve(&puzzle).expect("solvable");
/// assert!(solution.is_solution_of(&puzzle));
/// assert!(solver.stats().nodes > 0);
///
/// // The empty 4×4 grid has 288 solutions.
/// assert_eq!(solver.count_up_to(&Grid::empty(2), 1000), 288);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct SudokuSolver {
    /// The matrix of each shape seen, in the order first seen.
    engines: Vec<Engine>,
    /// The search of the last position with candidates taken away, on its own matrix.
    position: Option<Box<dancing::Solver>>,
    last: Last,
    books: Books,
}

impl Default for SudokuSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl SudokuSolver {
    /// A solver with no matrix built yet; each shape's is built on first use.
    pub fn new() -> Self {
        Self {
            engines: Vec::new(),
            position: None,
            last: Last::Nothing,
            books: Books::default(),
        }
    }

    /// A solver with the matrix of `shape` built now (so the first puzzle is not slower).
    pub fn with_shape(shape: Shape) -> Self {
        let mut solver = Self::new();
        solver.prepare(shape);
        solver
    }

    /// Builds the matrix of `shape` now, if it is not built yet.
    pub fn prepare(&mut self, shape: Shape) {
        self.engine(shape);
    }

    /// The index of the engine of `shape`, built on first need.
    fn engine(&mut self, shape: Shape) -> usize {
        if let Some(k) = self.engines.iter().position(|e| e.shape == shape) {
            return k;
        }
        let engine = Engine::new(shape, &self.books.limits);
        self.engines.push(engine);
        self.engines.len() - 1
    }

    /// The engine for `puzzle` with its givens forced, or `None` if they conflict.
    fn prepared(&mut self, puzzle: &Grid) -> Option<&mut Engine> {
        let k = self.engine(puzzle.shape());
        let engine = &mut self.engines[k];
        if engine.apply(puzzle) {
            self.last = Last::Engine(k);
            Some(engine)
        } else {
            self.last = Last::Nothing;
            None
        }
    }

    /// A lazy iterator over the solutions of `puzzle`.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Solve, SudokuSolver};
    /// let puzzle: Grid = "12..34..........".parse()?;
    /// let mut solver = SudokuSolver::new();
    /// let solutions: Vec<Grid> = solver.solutions(&puzzle).collect();
    /// assert_eq!(solver.count(&puzzle), solutions.len() as u64);
    /// assert!(solutions.iter().all(|s| s.is_solution_of(&puzzle)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions(&mut self, puzzle: &Grid) -> SudokuSolutions<'_> {
        let shape = puzzle.shape();
        let inner = self
            .prepared(puzzle)
            .map(|engine| engine.solver.solutions());
        SudokuSolutions { inner, shape }
    }

    /// Calls `visit` with each solution of `puzzle` (decoded into a buffer that is
    /// reused, so no allocation per solution) until it returns `Break` or the search
    /// ends. Returns the statistics.
    pub fn visit(
        &mut self,
        puzzle: &Grid,
        mut visit: impl FnMut(&Grid) -> ControlFlow<()>,
    ) -> Stats {
        let Some(engine) = self.prepared(puzzle) else {
            return Stats::default();
        };
        let Engine {
            side,
            solver,
            scratch,
            ..
        } = engine;
        let side = *side;
        scratch.copy_from(puzzle);
        solver.visit(|options| {
            encoding::decode_into(side, options, scratch.cells_vec_mut());
            visit(scratch)
        })
    }
}

impl SudokuSolver {
    /// [`find`](Solve::find) on a position: the solutions where each empty cell holds
    /// one of its candidates, counted up to `limit`, the first written into `first`. A
    /// plain position is its grid's search; one with candidates taken away is searched
    /// on a matrix of its own (built for it: a pencilmark grid is one puzzle, not a
    /// batch of millions), under the same limits, and [`stats`](Solve::stats) reports
    /// that search.
    ///
    /// ```
    /// use dancing_sudoku::{Grid, Position, SudokuSolver};
    ///
    /// let grid = Grid::empty(2);
    /// let mut masks = vec![0b1111; 16];
    /// masks[0] = 0b0011; // r1c1 is 1 or 2
    /// let position = Position::with_candidates(grid, masks)?;
    /// let mut solver = SudokuSolver::new();
    /// assert_eq!(solver.find_position(&position, 1000, None), 144);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_position(
        &mut self,
        position: &Position,
        limit: u64,
        first: Option<&mut Grid>,
    ) -> u64 {
        if position.is_plain() {
            return self.find(position.grid(), limit, first);
        }
        let grid = position.grid();
        let (problem, ids) = encoding::position_problem(position);
        let mut solver = dancing::Solver::new(&problem);
        solver.set_limits(self.books.limits.clone());
        solver.set_branching(dancing::Branching::FirstForced);
        let solver = &mut **self.position.insert(Box::new(solver));
        self.last = Last::Position;
        if limit == 0 {
            return 0;
        }
        let mut first = first;
        count_to(solver, limit, |options| {
            if let Some(first) = first.as_deref_mut() {
                first.copy_from(grid);
                let classic: Vec<_> = options.iter().map(|o| ids[o.index()]).collect();
                encoding::decode_into(grid.side(), &classic, first.cells_vec_mut());
            }
        })
    }
}

/// A lazy iterator over the solutions of a puzzle, from [`SudokuSolver::solutions`].
#[derive(Debug)]
pub struct SudokuSolutions<'s> {
    inner: Option<dancing::Solutions<'s>>,
    shape: Shape,
}

impl SudokuSolutions<'_> {
    /// Statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.inner.as_ref().map(|s| s.stats()).unwrap_or_default()
    }
}

impl Iterator for SudokuSolutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let solution = self.inner.as_mut()?.next()?;
        let mut grid = Grid::new(self.shape);
        encoding::decode_into(self.shape.side(), solution.options(), grid.cells_vec_mut());
        Some(grid)
    }
}

impl Solve for SudokuSolver {
    /// Counting runs the engine's own counter; keeping the first solution walks the
    /// search's events and decodes the first. Allocation-free once the shape's matrix
    /// exists (and `first` has held a grid of this shape).
    #[inline]
    fn find(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        if limit == 0 {
            self.last = Last::Nothing;
            return 0;
        }
        let Some(engine) = self.prepared(puzzle) else {
            return 0;
        };
        let side = engine.side;
        let mut first = first;
        count_to(&mut engine.solver, limit, |options| {
            if let Some(first) = first.as_deref_mut() {
                first.copy_from(puzzle);
                encoding::decode_into(side, options, first.cells_vec_mut());
            }
        })
    }

    /// Statistics of the most recent search (all zero if the givens conflicted): nodes
    /// and updates as in TAOCP, the time, and whether a limit stopped it.
    fn stats(&self) -> Stats {
        match self.last {
            Last::Nothing => Stats::default(),
            Last::Engine(k) => self.engines[k].solver.stats(),
            Last::Position => self
                .position
                .as_ref()
                .map(|s| s.stats())
                .unwrap_or_default(),
        }
    }

    /// Sets the limits of every later search, in every shape's engine.
    fn set_limits(&mut self, limits: Limits) {
        for engine in &mut self.engines {
            engine.solver.set_limits(limits.clone());
        }
        self.books.limits = limits;
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}
