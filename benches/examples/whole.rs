//! Whole-process comparison: `dancing xc --count FILE` (with the engine `auto` picks,
//! then each engine named) against the peers' counters (`dlx_count`,
//! `exact_covers_count`), each a fresh process that reads the same file, so start-up,
//! reading, parsing and building count along with the search. Three rows run in this
//! process for comparison: the library reading and counting the file, and the links'
//! and the dense engine's `count()` alone on the problem read beforehand.
//!
//! ```sh
//! cargo run --release -p dancing-benches --example whole -- [--rounds N] [PROBLEM ...]
//! ```
//!
//! PROBLEM is what `dancing problem` takes, in one argument: the default is
//! `"queens 13" "langford 12" "pentomino 6x10"`. Run through `cargo run`, the driver
//! first builds the `dancing` binary and the two peer counters with its own profile
//! (`cargo build -p dancing-cli --bin dancing -p dancing-benches --example dlx_count
//! --example exact_covers_count`), then finds them beside itself in the target folder:
//! `dancing` in the profile's folder, the counters in its `examples/`. Each file is
//! written by `dancing problem … --dlx` into a temporary folder.
//!
//! Every row is first run once, and all must print the same count. Then rounds
//! alternate the rows, starting each round one row later, so that all see the same
//! machine; the median wall time of each row is printed, with its ratio to
//! `dancing xc --count` (above 1: slower than it). `uptime` is printed before and after,
//! to show how busy the machine was.

use dancing::Engine;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use dancing_benches::whole::{build, exit, load, median, rounds as rounds_arg};

const DEFAULT_PROBLEMS: [&str; 3] = ["queens 13", "langford 12", "pentomino 6x10"];

/// One row of the comparison: a way to count the solutions of a file.
enum Row {
    /// A program run on the file, its count read from standard output.
    Process {
        name: String,
        program: PathBuf,
        args: Vec<String>,
    },
    /// The library in this process: read, parse and count.
    ReadAndCount,
    /// The library in this process: `count()` on the problem read beforehand.
    CountOnly,
    /// The same with the dense engine.
    DenseCountOnly,
}

impl Row {
    fn name(&self) -> String {
        match self {
            Self::Process { name, .. } => name.clone(),
            Self::ReadAndCount => "library: read + parse + count() (in process)".to_owned(),
            Self::CountOnly => "library: count() only (in process)".to_owned(),
            Self::DenseCountOnly => "library: DenseSolver count() only (in process)".to_owned(),
        }
    }

    /// Counts the solutions of `file` (parsed beforehand as `problem`), and the wall
    /// time it took.
    fn run(&self, file: &Path, problem: &dancing::Problem) -> (u64, Duration) {
        let started = Instant::now();
        let count = match self {
            Self::Process {
                name,
                program,
                args,
            } => {
                let output = Command::new(program)
                    .args(args)
                    .arg(file)
                    .stdin(Stdio::null())
                    .stderr(Stdio::piped())
                    .output()
                    .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
                let elapsed = started.elapsed();
                assert!(
                    output.status.success(),
                    "{name} on {}: {}\n{}",
                    file.display(),
                    output.status,
                    String::from_utf8_lossy(&output.stderr)
                );
                let count = String::from_utf8_lossy(&output.stdout)
                    .trim()
                    .parse()
                    .unwrap_or_else(|e| panic!("{name} printed no count: {e}"));
                return (count, elapsed);
            }
            Self::ReadAndCount => {
                let file = std::fs::File::open(file).expect("the problem file");
                let read = dancing::format::parse_reader(std::io::BufReader::new(file))
                    .expect("the problem parses");
                dancing::Solver::new(&read).count().found()
            }
            Self::CountOnly => dancing::Solver::new(problem).count().found(),
            Self::DenseCountOnly => dancing::DenseSolver::new(problem)
                .expect("a problem the dense engine takes")
                .count()
                .found(),
        };
        (black_box(count), started.elapsed())
    }
}

/// Writes `dancing problem WORDS --dlx` into `dir`; returns the file.
fn generate(dancing: &Path, words: &str, dir: &Path) -> Result<PathBuf, String> {
    let output = Command::new(dancing)
        .arg("problem")
        .args(words.split_whitespace())
        .arg("--dlx")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", dancing.display()))?;
    if !output.status.success() {
        return Err(format!(
            "dancing problem {words} --dlx: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let file = dir.join(format!(
        "{}.dlx",
        words.split_whitespace().collect::<Vec<_>>().join("-")
    ));
    std::fs::write(&file, &output.stdout).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(file)
}

fn main() -> ExitCode {
    exit(run())
}

fn run() -> Result<(), String> {
    let mut rounds = 5usize;
    let mut problems = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--rounds" {
            rounds = rounds_arg(args.next())?;
        } else {
            problems.push(arg);
        }
    }
    if problems.is_empty() {
        problems = DEFAULT_PROBLEMS.map(str::to_owned).to_vec();
    }

    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let examples = exe.parent().ok_or("no folder around this program")?;
    let profile_dir = examples.parent().ok_or("no profile folder")?;
    build(profile_dir, &["dlx_count", "exact_covers_count"])?;
    let rows = rows(profile_dir, examples)?;
    let dancing = profile_dir.join(format!("dancing{}", std::env::consts::EXE_SUFFIX));
    time_rows(&rows, &dancing, &problems, rounds)
}

/// The rows timed: `dancing xc --count` by each engine, the peers, and the library's
/// own reading and counting; each program checked to be there.
fn rows(profile_dir: &Path, examples: &Path) -> Result<[Row; 8], String> {
    let binary =
        |dir: &Path, name: &str| dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let dancing = binary(profile_dir, "dancing");
    let xc = |engine: Option<&str>| {
        let mut args = vec!["xc".to_owned(), "--count".to_owned()];
        args.extend(
            engine
                .map(|e| ["--engine".to_owned(), e.to_owned()])
                .into_iter()
                .flatten(),
        );
        Row::Process {
            name: format!("dancing {}", args.join(" ")),
            program: dancing.clone(),
            args,
        }
    };
    let rows = [
        xc(None),
        xc(Some("links")),
        xc(Some("dense")),
        Row::Process {
            name: "dlx_count (dlx 0.8)".to_owned(),
            program: binary(examples, "dlx_count"),
            args: Vec::new(),
        },
        Row::Process {
            name: "exact_covers_count (exact-covers 0.3)".to_owned(),
            program: binary(examples, "exact_covers_count"),
            args: Vec::new(),
        },
        Row::ReadAndCount,
        Row::CountOnly,
        Row::DenseCountOnly,
    ];
    for row in &rows {
        if let Row::Process { program, .. } = row
            && !program.exists()
        {
            return Err(format!(
                "{} is missing: build it first (see this example's docs)",
                program.display()
            ));
        }
    }
    Ok(rows)
}

/// Times `rows` on each of `problems`, written by `dancing` into a folder of their own.
fn time_rows(
    rows: &[Row],
    dancing: &Path,
    problems: &[String],
    rounds: usize,
) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("dancing-whole-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!("before: {}", load());
    println!(
        "{rounds} rounds, rows alternating; ratio = the row's median / `dancing xc --count`'s"
    );
    for words in problems {
        let file = generate(dancing, words, &dir)?;
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let problem = dancing::format::parse_str(&text).map_err(|e| format!("{words}: {e}"))?;

        // Every row must print the same count before anything is timed.
        let counts: Vec<u64> = rows.iter().map(|row| row.run(&file, &problem).0).collect();
        if counts.iter().any(|&c| c != counts[0]) {
            let each: Vec<String> = rows
                .iter()
                .zip(&counts)
                .map(|(row, count)| format!("{}: {count}", row.name()))
                .collect();
            return Err(format!("{words}: the counts differ ({})", each.join(", ")));
        }

        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); rows.len()];
        for round in 0..rounds {
            for k in 0..rows.len() {
                let index = (round + k) % rows.len();
                times[index].push(rows[index].run(&file, &problem).1);
            }
        }
        let medians: Vec<Duration> = times.into_iter().map(median).collect();
        println!("\n{words}: {} solutions", counts[0]);
        for (row, time) in rows.iter().zip(&medians) {
            println!(
                "  {:<46} {:>12.2?}  {:>6.2}×",
                row.name(),
                time,
                time.as_secs_f64() / medians[0].as_secs_f64()
            );
        }
    }
    println!("\nafter: {}", load());
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
