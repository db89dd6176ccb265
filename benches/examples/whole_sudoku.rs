//! Whole-process comparison of 9×9 sudoku with the `sudoku` crate: `dancing sudoku
//! count --limit 2` (the default solver, then `--solver bands` and `--solver dlx`)
//! against `sudoku_count`, and `dancing sudoku generate` against `sudoku_generate`,
//! each a fresh process, so start-up, reading, parsing and printing count along with
//! the search.
//!
//! ```sh
//! cargo run --release -p dancing-benches --example whole_sudoku -- [--rounds N] [--dlx] [--tdoku PROGRAM] [count|generate]
//! ```
//!
//! - `count`: each bundled set (17-clue, top1465, forum-hardest-1905-11+,
//!   forum-hardest-1106) is grown to many puzzles by random symmetries of its puzzles
//!   ([`equivalent`]: each as hard and with as many solutions as the one it comes
//!   from), written to a temporary file, and counted. Every row must print the same
//!   counts before anything is timed. `--dlx` adds the dancing links row (ten times
//!   slower). `--tdoku PROGRAM` adds tdoku (t-dillon/tdoku, built outside this
//!   repository): `PROGRAM FILE` must print one count (up to 2) per puzzle line, as
//!   `benches/peers/tdoku_count.c` linked with tdoku's solver does (docs/benchmarks.md
//!   says how to build it); each row's time is then also given as a ratio to tdoku's.
//! - `generate`: 2,000 puzzles without symmetry and with the half-turn symmetry, ours
//!   from a fixed seed; every puzzle of both must have one solution (checked with
//!   `dancing sudoku count`).
//!
//! Rounds alternate the rows, starting each round one row later, so that all see the
//! same machine; the median wall time of each row is printed with the peer's speed
//! relative to it (`speed` above 1: the row is faster than the `sudoku` crate), and with
//! `--tdoku` the median of the rounds' ratios of the row's time to tdoku's (below 1:
//! faster than tdoku). `uptime` is printed before and after: figures taken under load
//! are not worth keeping.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use dancing_benches::whole::{build, exit, load, median, rounds as rounds_arg};
use dancing_benches::{equivalent, sudoku_set};

/// The sets counted, and how many puzzles each is grown to.
const COUNT_SETS: [(&str, usize); 4] = [
    ("17-clue", 100_000),
    ("top1465", 50_000),
    ("forum-hardest-1905-11+", 20_000),
    ("forum-hardest-1106", 5_000),
];

/// Puzzles generated per run.
const GENERATED: u64 = 2_000;

/// One program run: what it is called in the table, and its command line.
struct Row {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    /// Which program this is: ours, or a peer the rows are compared with.
    kind: Kind,
}

/// Who wrote a row's program.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ours,
    /// The `sudoku` crate: every row's speed is given relative to it.
    SudokuCrate,
    /// tdoku, when given: every row's time is also given as a ratio to its.
    Tdoku,
}

impl Row {
    /// Runs the row; its standard output and wall time.
    fn run(&self) -> Result<(String, Duration), String> {
        let started = Instant::now();
        let output = Command::new(&self.program)
            .args(&self.args)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.program.display()))?;
        let elapsed = started.elapsed();
        if !output.status.success() {
            return Err(format!(
                "{}: {}\n{}",
                self.name,
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        let stdout = String::from_utf8(output.stdout)
            .map_err(|_| format!("{}: output is not UTF-8", self.name))?;
        Ok((stdout, elapsed))
    }
}

fn main() -> ExitCode {
    exit(run())
}

fn run() -> Result<(), String> {
    let mut rounds = 7usize;
    let mut dlx = false;
    let mut tdoku = None;
    let mut modes = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--rounds" => {
                rounds = rounds_arg(args.next())?;
            }
            "--dlx" => dlx = true,
            "--tdoku" => {
                let program = args.next().ok_or("--tdoku needs the program to run")?;
                tdoku = Some(PathBuf::from(program));
            }
            "count" | "generate" => modes.push(arg),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    if modes.is_empty() {
        modes = vec!["count".to_owned(), "generate".to_owned()];
    }

    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let examples = exe.parent().ok_or("no folder around this program")?;
    let profile_dir = examples.parent().ok_or("no profile folder")?;
    build(profile_dir, &["sudoku_count", "sudoku_generate"])?;
    let binary =
        |dir: &Path, name: &str| dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let tools = Tools {
        dancing: binary(profile_dir, "dancing"),
        count: binary(examples, "sudoku_count"),
        generate: binary(examples, "sudoku_generate"),
        tdoku,
    };
    for program in [&tools.dancing, &tools.count, &tools.generate]
        .into_iter()
        .chain(&tools.tdoku)
    {
        if !program.exists() {
            return Err(format!(
                "{} is missing: build it first (see this example's docs)",
                program.display()
            ));
        }
    }
    let dir = std::env::temp_dir().join(format!("dancing-whole-sudoku-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!("before: {}", load());
    println!("{rounds} rounds, rows alternating; speed = the sudoku crate's median / the row's");
    for mode in &modes {
        if mode == "count" {
            for (set, puzzles) in COUNT_SETS {
                let file = grown(set, puzzles, &dir)?;
                let rows = tools.count_rows(&file, dlx);
                let times = timed(&rows, rounds, |outputs| same_counts(&rows, outputs))?;
                report(&format!("count {set} ×{puzzles}"), &rows, &times);
            }
        } else {
            for symmetry in ["none", "rotational"] {
                let rows = tools.generate_rows(symmetry);
                let times = timed(&rows, rounds, |outputs| {
                    all_unique(&tools.dancing, &rows, outputs, &dir)
                })?;
                report(
                    &format!("generate {GENERATED}, symmetry {symmetry}"),
                    &rows,
                    &times,
                );
            }
        }
    }
    println!("\nafter: {}", load());
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// The programs compared.
struct Tools {
    dancing: PathBuf,
    count: PathBuf,
    generate: PathBuf,
    /// tdoku's counting program, when given.
    tdoku: Option<PathBuf>,
}

impl Tools {
    fn count_rows(&self, file: &Path, dlx: bool) -> Vec<Row> {
        let file = file.display().to_string();
        let ours = |solver: Option<&str>| {
            let mut args = vec!["sudoku", "count", "--limit", "2", "-q"];
            if let Some(solver) = solver {
                args.extend(["--solver", solver]);
            }
            Row {
                name: format!("dancing {}", args.join(" ")),
                program: self.dancing.clone(),
                args: args
                    .into_iter()
                    .map(str::to_owned)
                    .chain([file.clone()])
                    .collect(),
                kind: Kind::Ours,
            }
        };
        let mut rows = vec![ours(None), ours(Some("bands"))];
        if dlx {
            rows.push(ours(Some("dlx")));
        }
        rows.push(Row {
            name: "sudoku_count (sudoku 0.8)".to_owned(),
            program: self.count.clone(),
            args: vec![file.clone()],
            kind: Kind::SudokuCrate,
        });
        if let Some(tdoku) = &self.tdoku {
            rows.push(Row {
                name: "tdoku".to_owned(),
                program: tdoku.clone(),
                args: vec![file],
                kind: Kind::Tdoku,
            });
        }
        rows
    }

    fn generate_rows(&self, symmetry: &str) -> Vec<Row> {
        let count = GENERATED.to_string();
        vec![
            Row {
                name: format!("dancing sudoku generate --symmetry {symmetry}"),
                program: self.dancing.clone(),
                args: ["sudoku", "generate", "-q", "--seed", "1", "--count", &count]
                    .into_iter()
                    .chain(["--symmetry", symmetry])
                    .map(str::to_owned)
                    .collect(),
                kind: Kind::Ours,
            },
            Row {
                name: format!("sudoku_generate (sudoku 0.8) {symmetry}"),
                program: self.generate.clone(),
                args: vec![count, symmetry.to_owned()],
                kind: Kind::SudokuCrate,
            },
        ]
    }
}

/// Writes `puzzles` puzzles equivalent to those of the bundled set `name`, in turn, to
/// a file in `dir`.
fn grown(name: &str, puzzles: usize, dir: &Path) -> Result<PathBuf, String> {
    let grids = sudoku_set(name).grids();
    let mut seed = 1;
    let mut text = String::with_capacity(puzzles * 82);
    for grid in grids.iter().cycle().take(puzzles) {
        text.push_str(&equivalent(grid, &mut seed).to_string());
        text.push('\n');
    }
    let file = dir.join(format!("{}.txt", name.replace('+', "")));
    std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
}

/// Runs every row once and checks the outputs with `check`, then `rounds` rounds of the
/// rows alternating; each row's times, round by round.
fn timed(
    rows: &[Row],
    rounds: usize,
    check: impl FnOnce(&[String]) -> Result<(), String>,
) -> Result<Vec<Vec<Duration>>, String> {
    let outputs = rows
        .iter()
        .map(|row| row.run().map(|(output, _)| output))
        .collect::<Result<Vec<_>, _>>()?;
    check(&outputs)?;
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); rows.len()];
    for round in 0..rounds {
        for k in 0..rows.len() {
            let index = (round + k) % rows.len();
            times[index].push(rows[index].run()?.1);
        }
    }
    Ok(times)
}

/// Every row printed the same counts (`2+`, a count stopped at its limit of 2, is 2).
fn same_counts(rows: &[Row], outputs: &[String]) -> Result<(), String> {
    let counts = |output: &str| -> Vec<String> {
        output
            .lines()
            .map(|line| line.trim_end_matches('+').to_owned())
            .collect()
    };
    let first = counts(&outputs[0]);
    for (row, output) in rows.iter().zip(outputs).skip(1) {
        if counts(output) != first {
            return Err(format!(
                "{} counts differently from {}",
                row.name, rows[0].name
            ));
        }
    }
    Ok(())
}

/// Every row printed `GENERATED` puzzles, each with one solution.
fn all_unique(dancing: &Path, rows: &[Row], outputs: &[String], dir: &Path) -> Result<(), String> {
    for (row, output) in rows.iter().zip(outputs) {
        let file = dir.join("generated.txt");
        std::fs::write(&file, output).map_err(|e| format!("{}: {e}", file.display()))?;
        let check = Row {
            name: "dancing sudoku count".to_owned(),
            program: dancing.to_owned(),
            args: ["sudoku", "count", "--limit", "2", "-q"]
                .into_iter()
                .map(str::to_owned)
                .chain([file.display().to_string()])
                .collect(),
            kind: Kind::Ours,
        };
        let counts = check.run()?.0;
        let unique = counts.lines().filter(|&line| line == "1").count();
        if unique as u64 != GENERATED || counts.lines().count() != unique {
            return Err(format!(
                "{}: {unique} of {} puzzles have one solution, {GENERATED} wanted",
                row.name,
                counts.lines().count()
            ));
        }
    }
    Ok(())
}

/// Prints each row's median time, the `sudoku` crate's speed relative to it and, with
/// tdoku, the median over the rounds of the row's time ÷ tdoku's.
fn report(title: &str, rows: &[Row], times: &[Vec<Duration>]) {
    let medians: Vec<Duration> = times.iter().cloned().map(median).collect();
    let of = |kind: Kind| rows.iter().position(|row| row.kind == kind);
    let peer = of(Kind::SudokuCrate).map_or(f64::NAN, |k| medians[k].as_secs_f64());
    let tdoku = of(Kind::Tdoku);
    println!("\n{title}");
    for (k, row) in rows.iter().enumerate() {
        print!(
            "  {:<54} {:>10.1?}  speed {:>5.2}×",
            row.name,
            medians[k],
            peer / medians[k].as_secs_f64()
        );
        if let Some(t) = tdoku {
            let ratios = times[k].iter().zip(&times[t]);
            let ratios: Vec<f64> = ratios
                .map(|(a, b)| a.as_secs_f64() / b.as_secs_f64())
                .collect();
            print!("  ÷ tdoku {:>5.3}", median_f64(ratios));
        }
        println!();
    }
}

/// The median of `values`, taken as [`median`] takes it (the upper middle of an even
/// count).
fn median_f64(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}
