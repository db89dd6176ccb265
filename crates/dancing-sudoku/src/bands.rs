use std::time::{Duration, Instant};

use dancing::{Limits, Stats};

use crate::grid::Grid;
use crate::links::SudokuSolver;
use crate::solve::{Books, Inside, Method, Solve};

mod tables;

mod state;

use state::{Branch, Outcome, State};

/// Whether the processor has the features of [`BandSolver::search_avx2`] (the answer
/// is cached by the standard library: a load and a test).
#[cfg(target_arch = "x86_64")]
fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt")
}

/// Whether the processor has the features of [`BandSolver::search_avx512`] (cached by
/// the standard library, as for AVX2).
#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    has_avx2()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512cd")
        && is_x86_feature_detected!("avx512vpopcntdq")
}

/// A settled state saved at a guess, what was guessed there and the alternatives
/// still to try. Settled, every word's news has been propagated (`seen` is `cand`),
/// so only the candidates and the unfixed cells are kept: half the bytes to copy.
#[derive(Debug, Clone, Copy)]
struct Frame {
    cand: [u32; 27],
    unfixed: [u32; 3],
    branch: Branch,
    untried: u16,
}

impl Frame {
    /// The state saved.
    #[inline]
    fn state(&self) -> State {
        State {
            cand: self.cand,
            seen: self.cand,
            unfixed: self.unfixed,
        }
    }
}

/// The bit-parallel 9×9 solver: candidates as one 27-bit mask per digit and band,
/// propagated by word operations, with a guess only when propagation stalls.
///
/// This is the band-wise representation of zhouyundong's solver as refined by
/// champagne and JasonLion (JCZSolve, forum.enjoysudoku.com, 2012–2014), written anew
/// here from the published description:
///
/// - A *band* is three rows (27 cells). For each digit `d` and band `b`, one `u32`
///   holds the cells of the band where `d` can still go, bit `9·r + c` for row `r` of
///   the band and column `c` (27 bits; 27 words in all).
/// - **Locked candidates, whole band at once.** In a band, a digit fills one *minirow*
///   (three cells of a row inside a box) in each row and in each box: the three
///   minirows it uses form a 3×3 permutation. Condensing the mask to its nine minirows
///   (a table on each 9-bit row) and keeping only minirows that lie on some permutation
///   inside them (a second table) does pointing, claiming and the band's hidden singles
///   in two lookups.
/// - **Columns across bands.** Where a digit has one column left inside a box of a band,
///   that column is taken in the other two bands.
/// - **Solved cells.** A row whose digit is down to one minirow, in a box with one
///   column left, fixes the cell: the other digits leave it.
/// - **Naked singles** come from counting candidates per cell bit-sliced over the nine
///   digit masks (cells with at least one, two candidates); the same count gives the
///   cells with no candidate (a dead end).
/// - **Claiming by columns**, before a guess: a digit whose column has cells left in
///   one band only takes that column in its box there (this covers the columns'
///   hidden singles, which the band-wise steps do not see).
/// - **Hidden triads**, before a guess: a minirow that three digits must take (each
///   alone in its row there) is closed to the other six, and so is a minicolumn three
///   digits must take. This is part of tdoku's triad reasoning (t-dillon/tdoku: its
///   exactly-three constraints over an intersection's digits); it takes guesses
///   away (docs/benchmarks.md, "The band solver's choices").
/// - **Guesses on ways** (tdoku's branching, written anew from its description): a
///   digit takes each band along one of six permutations of minirows and each stack
///   along one of six permutations of minicolumns. Of the three bands and three stacks,
///   the search takes the one with the fewest ways left over its nine digits, and in it
///   a digit with the fewest (two or more), and tries each of its ways: one guess
///   settles three minirows or minicolumns, where a cell guess settles one cell. On the
///   hardest sets this makes far fewer guesses than the bivalue cells it replaced
///   (docs/benchmarks.md, "The band solver's choices").
///
/// The passes over all words before a guess (the singles' counts, claims and triads,
/// counting ways) are written without tables, so that the compiler runs them on
/// vectors; where the processor has AVX2 (checked at run time) a second build of the
/// search does so eight words at a time, and where it has AVX-512 a third sixteen at a
/// time, gathering each word's minirows with BMI2's `pext` (docs/benchmarks.md). The
/// search is a
/// loop over an explicit stack of saved states: no recursion. A state is 57 words;
/// only its candidates and unfixed cells are saved at a guess, and nothing is undone.
///
/// ```
/// use dancing_sudoku::{BandSolver, Grid, Solve};
///
/// let puzzle: Grid = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?;
/// let mut solver = BandSolver::new();
/// assert_eq!(solver.count_up_to(&puzzle, 2), 1);
/// let solution = solver.solve(&puzzle).expect("solvable");
/// assert!(solution.is_solution_of(&puzzle));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The bit-parallel 9×9 solver, as above. Other orders, which it
/// does not handle, go to a [`SudokuSolver`] (dancing links) it keeps for them, and
/// [`method`](Solve::method) says which answered.
///
/// Counting, solving and checking allocate nothing per puzzle once the stack of saved
/// states has grown to the deepest search seen (a guess on ways settles a digit in a
/// band or a stack, so a path holds at most 54 of them: a few KiB).
/// [`Stats::nodes`] counts the guesses (states entered by a guess); [`Stats::solutions`]
/// the solutions found. The limits are checked at every guess (the node limit) and every
/// [`Limits::CHECK_INTERVAL`] guesses (the clock and the interrupt flag).
/// [`Stats::elapsed`] is measured only when the limits hold a time limit (a timeout or a
/// deadline), and is zero otherwise: a search takes a few microseconds, and reading the
/// clock twice for each would show in a batch of 17-clue puzzles (docs/benchmarks.md).
#[derive(Debug, Clone, Default)]
pub struct BandSolver {
    stack: Vec<Frame>,
    books: Books,
    other_orders: Option<Box<SudokuSolver>>,
    last: Method,
}

impl BandSolver {
    /// A solver; it allocates its stack on first use.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts the solutions of a 9×9 puzzle up to `limit`, the first written into
    /// `first`: with AVX-512 or AVX2 where the processor has them (checked at run
    /// time), else on the instructions every processor of the target has.
    fn find_9x9(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        #[cfg(target_arch = "x86_64")]
        if has_avx512() {
            #[allow(unsafe_code)]
            // SAFETY: `search_avx512` needs these features, and the processor has them
            // (checked just above).
            return unsafe { self.search_avx512(puzzle, limit, first) };
        }
        #[cfg(target_arch = "x86_64")]
        if has_avx2() {
            #[allow(unsafe_code)]
            // SAFETY: `search_avx2` needs these five features, and the processor has
            // them (checked just above).
            return unsafe { self.search_avx2(puzzle, limit, first) };
        }
        self.search::<false>(puzzle, limit, first)
    }

    /// [`search`](Self::search) compiled for AVX2: the compiler runs the passes over
    /// all words (`choose_way`, `claims_and_triads`, the singles' counts) on 256-bit
    /// vectors, eight words at a time, and uses BMI's shifts and bit counts
    /// (docs/benchmarks.md, "The band solver's choices").
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    fn search_avx2(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        self.search::<false>(puzzle, limit, first)
    }

    /// [`search`](Self::search) compiled for AVX-512 (and BMI2's `pext`, which is fast
    /// on every processor that has AVX-512, and slow on AMD's before Zen 3, which have
    /// AVX2): the passes over all words run sixteen words at a time, and the minirows
    /// are gathered by one instruction (docs/benchmarks.md).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(
        enable = "avx512f,avx512bw,avx512vl,avx512dq,avx512cd,avx512vpopcntdq,avx2,bmi1,bmi2,popcnt,lzcnt"
    )]
    fn search_avx512(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        self.search::<true>(puzzle, limit, first)
    }

    /// The search itself, inlined into each version of [`find_9x9`](Self::find_9x9).
    #[inline(always)]
    fn search<const PEXT: bool>(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        mut first: Option<&mut Grid>,
    ) -> u64 {
        self.books.stats = Stats::default();
        // The clock only under a time limit (see the type's docs).
        let timed = self.books.limits.timeout.is_some() || self.books.limits.deadline.is_some();
        let started = timed.then(Instant::now);
        let Some(mut state) = State::from_givens(puzzle.cells()) else {
            return 0;
        };
        self.stack.clear();
        let mut found = 0;
        let mut next_check = self.books.limits.next_check(0);
        'search: loop {
            match state.settle::<PEXT>() {
                Outcome::Solved => {
                    found += 1;
                    if found == 1
                        && let Some(first) = first.as_deref_mut()
                    {
                        first.copy_from(puzzle);
                        state.write_solution(first.cells_vec_mut());
                    }
                    if found >= limit {
                        break 'search;
                    }
                }
                Outcome::Dead => {}
                Outcome::Open => {
                    let (branch, alternatives) = state.choose_way().unwrap_or_else(|| {
                        let (b, bit) = state.guess_cell();
                        let band = b as u8;
                        (Branch::Cell { band, bit }, state.digits_at(b, bit))
                    });
                    let k = alternatives.trailing_zeros() as usize;
                    self.stack.push(Frame {
                        cand: state.cand,
                        unfixed: state.unfixed,
                        branch,
                        untried: alternatives & (alternatives - 1),
                    });
                    branch.take(&mut state, k);
                    if !self.guessed(&mut next_check, started) {
                        break 'search;
                    }
                    continue 'search;
                }
            }
            // Back to the deepest guess with an alternative left to try.
            let Some(top) = self.stack.last_mut() else {
                break 'search;
            };
            let k = top.untried.trailing_zeros() as usize;
            top.untried &= top.untried - 1;
            let branch = top.branch;
            state = top.state();
            if top.untried == 0 {
                self.stack.pop();
            }
            branch.take(&mut state, k);
            if !self.guessed(&mut next_check, started) {
                break 'search;
            }
        }
        self.books.stats.solutions = found;
        self.books.stats.elapsed = started.map_or(Duration::ZERO, |started| started.elapsed());
        found
    }

    /// Counts a guess; `false` if a limit stops the search.
    #[inline]
    fn guessed(&mut self, next_check: &mut u64, started: Option<Instant>) -> bool {
        self.books.stats.nodes += 1;
        if self.books.stats.nodes < *next_check {
            return true;
        }
        // (Without a time limit `started` is not read: any instant will do.)
        let started = started.unwrap_or_else(Instant::now);
        if let Some(reason) = self.books.limits.reached(self.books.stats.nodes, started) {
            self.books.stats.stopped = Some(reason);
            return false;
        }
        *next_check = self.books.limits.next_check(self.books.stats.nodes);
        true
    }
}

impl Solve for BandSolver {
    fn find(&mut self, puzzle: &Grid, limit: u64, first: Option<&mut Grid>) -> u64 {
        if puzzle.shape() != crate::shape::Shape::CLASSIC {
            self.last = Method::DancingLinks;
            let limits = &self.books.limits;
            let links = self.other_orders.get_or_insert_with(|| {
                let mut links = SudokuSolver::new();
                links.set_limits(limits.clone());
                Box::new(links)
            });
            return links.find(puzzle, limit, first);
        }
        self.last = Method::Bands;
        if limit == 0 {
            self.books.stats = Stats::default();
            return 0;
        }
        self.find_9x9(puzzle, limit, first)
    }

    fn stats(&self) -> Stats {
        match (&self.last, &self.other_orders) {
            (Method::DancingLinks, Some(links)) => links.stats(),
            _ => self.books.stats,
        }
    }

    fn set_limits(&mut self, limits: Limits) {
        if let Some(links) = &mut self.other_orders {
            links.set_limits(limits.clone());
        }
        self.books.limits = limits;
    }

    fn method(&self) -> Method {
        self.last
    }

    fn books(&self, _: Inside) -> &Books {
        &self.books
    }

    fn books_mut(&mut self, _: Inside) -> &mut Books {
        &mut self.books
    }
}

#[cfg(test)]
mod tests;
