//! Every command of README.md's command-line section and of docs/generating.md's usage
//! block, run as written from the repository's root on the sample files
//! (`crates/dancing-cli/samples/`): each must end with exit 0, or 3 where its comment
//! ends `exit 3`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Commands that take a minute or more: run by the ignored test only.
const LONG: [&str; 1] =
    ["dancing sudoku check --threads 2 crates/dancing-sudoku/data/gecode_25x25.txt"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shell lines of the first `sh` block after `## Command line` in README.md.
fn readme_commands() -> Vec<String> {
    commands("README.md", "## Command line")
}

/// The shell lines of the first `sh` block after `after` in `file`.
fn commands(file: &str, after: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(root().join(file)).unwrap();
    let section = readme
        .split(after)
        .nth(1)
        .unwrap_or_else(|| panic!("{file} has no {after:?}"));
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a sh block in it");
    block
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// A folder where the command runs: `crates` links to the repository's, so its paths
/// read as from the root, and what it writes (`> answers.txt`) stays out of the checkout.
fn workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dancing-readme-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(root().join("crates"), dir.join("crates")).unwrap();
    dir
}

/// Runs `line` with `sh` in `dir`, the `dancing` under test first on the PATH; its exit
/// code. A command still running after 300 s is killed and fails (a hang guard).
fn run(line: &str, dir: &Path) -> (Option<i32>, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_dancing"))
        .parent()
        .unwrap()
        .to_owned();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(&path));
    let mut child = Command::new("sh")
        .args(["-c", line])
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("{line}: still running after 300 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    use std::io::Read;
    let _ = child.stderr.take().unwrap().read_to_string(&mut stderr);
    (status.code(), stderr)
}

fn check(line: &str, dir: &Path) {
    // A comment that ends `exit 3` says the command stops at a limit.
    let expected = if line.ends_with("exit 3") { 3 } else { 0 };
    let (code, stderr) = run(line, dir);
    assert_eq!(code, Some(expected), "{line}\n{stderr}");
}

#[test]
fn every_readme_command_runs_as_written() {
    let commands = readme_commands();
    assert!(commands.len() >= 20, "{commands:?}");
    let dir = workspace("quick");
    for line in commands
        .iter()
        .filter(|line| !LONG.iter().any(|l| line.starts_with(l)))
    {
        check(line, &dir);
    }
    // What the redirections wrote: the answers and the formula.
    assert!(
        std::fs::read_to_string(dir.join("answers.txt"))
            .unwrap()
            .lines()
            .count()
            >= 9
    );
    assert!(
        std::fs::read_to_string(dir.join("problem.cnf"))
            .unwrap()
            .starts_with("c ")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_generating_guide_s_commands_run_as_written() {
    let commands = commands("docs/generating.md", "# Generating and rating sudoku");
    assert!(commands.len() >= 9, "{commands:?}");
    let dir = workspace("generating");
    for line in &commands {
        check(line, &dir);
    }
    // `rate` read the thousand puzzles `generate` wrote.
    let puzzles = std::fs::read_to_string(dir.join("puzzles.txt")).unwrap();
    assert_eq!(puzzles.lines().count(), 1000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "runs for minutes: the README's commands on 25×25 grids"]
fn the_long_readme_commands_run_as_written() {
    let commands = readme_commands();
    let dir = workspace("long");
    for long in LONG {
        let line = commands
            .iter()
            .find(|line| line.starts_with(long))
            .unwrap_or_else(|| panic!("README.md no longer has {long}"));
        check(line, &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
