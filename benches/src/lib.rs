//! Shared helpers of the benchmarks: the engine problems with their known solution
//! counts, and the sudoku data sets committed under `data/`.
//!
//! The peers (`dlx`, `sudoku`) are dev-dependencies, so their adapters live in the
//! benchmark files; this library only knows the project's own crates.
#![deny(missing_docs)]

use dancing::SplitEngine;
use dancing::{Problem, problems};
use dancing_sudoku::{Grid, Shape};

/// One exact-cover problem of the engine benchmark.
#[derive(Debug)]
pub struct EngineCase {
    /// Benchmark id, such as `queens-12`.
    pub name: &'static str,
    /// The problem as built by `dancing::problems`.
    pub problem: Problem,
    /// Known number of solutions (TAOCP and OEIS).
    pub solutions: u64,
    /// Whether one count takes long enough to warrant the smallest sample size.
    pub slow: bool,
}

impl EngineCase {
    /// The problem in Knuth's DLX text format, the input both engines parse. Item names
    /// are made alphanumeric (`p1_2` becomes `p1x2`), the only names the `dlx` crate
    /// accepts; the matrix is unchanged.
    pub fn knuth_text(&self) -> String {
        alphanumeric_names(&dancing::format::to_string(&self.problem))
    }
}

/// Rewrites every item name of an uncolored Knuth-format text with its characters other
/// than ASCII letters and digits replaced by `x`.
///
/// # Panics
/// If two names collide after the rewrite.
pub fn alphanumeric_names(text: &str) -> String {
    let rename = |token: &str| -> String {
        if token == "|" {
            return token.to_owned();
        }
        token
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { 'x' })
            .collect()
    };
    let mut out = String::with_capacity(text.len());
    for (number, line) in text.lines().enumerate() {
        let tokens: Vec<String> = line.split_whitespace().map(rename).collect();
        if number == 0 {
            let mut seen = std::collections::HashSet::new();
            for token in tokens.iter().filter(|t| *t != "|") {
                assert!(seen.insert(token), "item names collide as `{token}`");
            }
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

/// The engine benchmark problems, each counted in full by every engine.
pub fn engine_cases() -> Vec<EngineCase> {
    let case = |name, problem, solutions, slow| EngineCase {
        name,
        problem,
        solutions,
        slow,
    };
    vec![
        case("queens-12", problems::queens(12), 14_200, false),
        case("queens-13", problems::queens(13), 73_712, true),
        case("langford-11", problems::langford(11), 35_584, true),
        case("langford-12", problems::langford(12), 216_288, true),
        case(
            "pentominoes-6x10",
            problems::pentominoes(10, 6),
            9_356,
            true,
        ),
        case(
            "pentominoes-5x12",
            problems::pentominoes(12, 5),
            4_040,
            true,
        ),
        case("pentominoes-3x20", problems::pentominoes(20, 3), 8, false),
        case("latin-5", problems::latin_square(5), 161_280, true),
    ]
}

/// A committed sudoku data set: a subset of a public collection, its source named in the
/// file's first line.
#[derive(Debug, Clone, Copy)]
pub struct SudokuSet {
    /// Benchmark id, such as `17-clue`.
    pub name: &'static str,
    /// The file's text: `#` comment lines, then one puzzle per line.
    pub text: &'static str,
    /// Whether the `sudoku` crate (9×9 only) can take part.
    pub nine_by_nine: bool,
}

impl SudokuSet {
    /// The puzzle lines, comments skipped.
    pub fn lines(&self) -> impl Iterator<Item = &'static str> {
        self.text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
    }

    /// The puzzles, parsed.
    ///
    /// # Panics
    /// If a line is not a puzzle in the one-line form (the files are committed, so this
    /// is a bug in the data).
    pub fn grids(&self) -> Vec<Grid> {
        self.lines()
            .map(|line| {
                Grid::parse_line(line)
                    .unwrap_or_else(|e| panic!("{}: bad puzzle {line}: {e}", self.name))
            })
            .collect()
    }
}

/// The sudoku benchmark data sets, hardest for a DLX solver last but one, 16×16 last.
pub const SUDOKU_SETS: [SudokuSet; 6] = [
    SudokuSet {
        name: "17-clue",
        text: include_str!("../data/17_clue.txt"),
        nine_by_nine: true,
    },
    SudokuSet {
        name: "top1465",
        text: include_str!("../data/top1465.txt"),
        nine_by_nine: true,
    },
    SudokuSet {
        name: "forum-hardest-1106",
        text: include_str!("../data/forum_hardest_1106.txt"),
        nine_by_nine: true,
    },
    SudokuSet {
        name: "forum-hardest-1905-11+",
        text: include_str!("../data/forum_hardest_1905_11.txt"),
        nine_by_nine: true,
    },
    SudokuSet {
        name: "serg",
        text: include_str!("../data/serg.txt"),
        nine_by_nine: true,
    },
    SudokuSet {
        name: "gecode-16x16",
        text: include_str!("../data/gecode_16x16.txt"),
        nine_by_nine: false,
    },
];

/// The data set called `name`.
///
/// # Panics
/// If there is none.
pub fn sudoku_set(name: &str) -> SudokuSet {
    SUDOKU_SETS
        .into_iter()
        .find(|set| set.name == name)
        .unwrap_or_else(|| panic!("no sudoku data set {name}"))
}

/// Forces the givens of `puzzle` into `solver`, built on
/// `dancing_sudoku::encoding::problem(puzzle.shape())`: the per-puzzle setup of a DLX
/// sudoku solver. Returns `false` if the givens conflict. Undo with `solver.release()`.
pub fn force_givens(solver: &mut dancing::Solver, puzzle: &Grid) -> bool {
    dancing_sudoku::encoding::givens(puzzle).all(|option| solver.force(option).is_ok())
}

/// The options of `puzzle`'s givens, collected (for timing
/// [`dancing::Solver::set_forced`] alone).
pub fn givens(puzzle: &Grid) -> Vec<dancing::OptionId> {
    dancing_sudoku::encoding::givens(puzzle).collect()
}

/// The problem in the file named by the first argument, read by `dancing::format` as
/// `dancing xc` reads it: what the peer counters of the whole-process comparison count.
/// On a missing argument or a bad file, says why on stderr and gives exit code 2.
pub fn problem_from_first_argument(
    program: &str,
) -> Result<dancing::Problem, std::process::ExitCode> {
    let fail = |message: String| {
        eprintln!("{message}");
        std::process::ExitCode::from(2)
    };
    let path = std::env::args_os()
        .nth(1)
        .ok_or_else(|| fail(format!("usage: {program} FILE")))?;
    let file = std::fs::File::open(&path)
        .map_err(|e| fail(format!("error: {}: {e}", path.to_string_lossy())))?;
    dancing::format::parse_reader(std::io::BufReader::with_capacity(1 << 16, file))
        .map_err(|e| fail(format!("error: {}: {e}", path.to_string_lossy())))
}

/// A puzzle equivalent to the 9×9 `puzzle` (the same number of solutions, as hard for
/// any solver that does not favour a layout): digits relabelled, bands, rows within
/// bands, stacks and columns within stacks permuted, and transposed or not, all drawn
/// from `seed` (a SplitMix64 state, advanced). Whole-process benchmarks use it to make
/// tens of thousands of distinct puzzles out of a committed set of a thousand.
///
/// # Panics
/// If `puzzle` is not 9×9.
pub fn equivalent(puzzle: &Grid, seed: &mut u64) -> Grid {
    assert_eq!(puzzle.shape(), Shape::CLASSIC, "a 9×9 puzzle");
    let mut next = |n: usize| {
        *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as usize
    };
    let mut shuffled = |items: &mut [usize]| {
        for i in (1..items.len()).rev() {
            items.swap(i, next(i + 1));
        }
    };
    let mut bands = [0, 1, 2];
    let mut stacks = [0, 1, 2];
    let mut rows = [[0, 1, 2]; 3];
    let mut columns = [[0, 1, 2]; 3];
    let mut digits = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    shuffled(&mut bands);
    shuffled(&mut stacks);
    rows.iter_mut().for_each(|r| shuffled(r));
    columns.iter_mut().for_each(|c| shuffled(c));
    shuffled(&mut digits);
    let transpose = next(2) == 1;
    let cells = puzzle.cells();
    let moved = (0..81)
        .map(|k| {
            let (r, c) = (k / 9, k % 9);
            let from_r = bands[r / 3] * 3 + rows[r / 3][r % 3];
            let from_c = stacks[c / 3] * 3 + columns[c / 3][c % 3];
            let value = if transpose {
                cells[from_c * 9 + from_r]
            } else {
                cells[from_r * 9 + from_c]
            };
            if value == 0 {
                0
            } else {
                digits[usize::from(value) - 1] as u8 + 1
            }
        })
        .collect();
    Grid::from_cells(Shape::CLASSIC, moved).expect("a 9×9 grid's cells")
}

/// The pieces the whole-process comparisons (`examples/whole.rs`,
/// `examples/whole_sudoku.rs`) share: building the programs, the load, the median.
pub mod whole {
    use std::path::Path;
    use std::process::Command;
    use std::time::Duration;

    /// The exit of a driver: success, or the error on stderr and exit code 2.
    pub fn exit(result: Result<(), String>) -> std::process::ExitCode {
        match result {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("error: {message}");
                std::process::ExitCode::from(2)
            }
        }
    }

    /// The value of `--rounds`: a positive number.
    pub fn rounds(value: Option<String>) -> Result<usize, String> {
        value
            .and_then(|n| n.parse().ok())
            .filter(|&n| n > 0)
            .ok_or_else(|| "--rounds takes a positive number".to_owned())
    }

    /// The median of `times` (the upper one of an even count).
    ///
    /// # Panics
    /// If `times` is empty.
    pub fn median(mut times: Vec<Duration>) -> Duration {
        times.sort();
        times[times.len() / 2]
    }

    /// What `uptime` says (or the kernel's load average where there is no `uptime`).
    pub fn load() -> String {
        Command::new("uptime")
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
            .or_else(|| {
                std::fs::read_to_string("/proc/loadavg")
                    .ok()
                    .map(|l| format!("load average (/proc/loadavg): {}", l.trim()))
            })
            .unwrap_or_else(|| "load average unknown".to_owned())
    }

    /// Builds the `dancing` binary and the benches' `examples` with the profile whose
    /// target folder is `profile_dir`, when run through `cargo run` (else nothing).
    pub fn build(profile_dir: &Path, examples: &[&str]) -> Result<(), String> {
        let Some(cargo) = std::env::var_os("CARGO") else {
            return Ok(());
        };
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev",
            Some(name) => name,
            None => return Err("cannot tell the build profile".to_owned()),
        };
        let status = Command::new(cargo)
            .args(["build", "--quiet", "--profile", profile])
            .args([
                "-p",
                "dancing-cli",
                "--bin",
                "dancing",
                "-p",
                "dancing-benches",
            ])
            .args(examples.iter().flat_map(|e| ["--example", e]))
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("cargo build failed: {status}"))
        }
    }
}
