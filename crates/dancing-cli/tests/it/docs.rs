//! The commands the documentation shows, run as written:
//! - README.md's command-line section and docs/generating.md's usage block, from the
//!   repository's root on the sample files (`crates/dancing-cli/samples/`): each must
//!   end with exit 0, or 3 where its comment ends `exit 3`;
//! - docs/formats.md's transcripts (`$ command` and what it prints), in the samples
//!   folder: the output must be what the transcript shows;
//! - docs/distributed.md's GNU parallel recipe (an ignored test: it needs GNU parallel,
//!   which `.ci/run` installs);
//! - docs/benchmarks.md's commands, which run for minutes to hours: each must name a
//!   package, target, test, flag and variable that exist;
//! - docs/architecture.md's map: every source file of every crate is named there.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, help, section};

/// Commands of README.md and docs/benchmarks.md that take a minute or more: run by the
/// ignored test only.
const LONG: [&str; 2] = [
    "dancing sudoku check --threads 2 crates/dancing-sudoku/data/gecode_25x25.txt",
    "dancing sudoku check --threads 2 --stats crates/dancing-sudoku/data/gecode_25x25.txt",
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shell lines of the first `sh` block after `## Command line` in README.md.
fn readme_commands() -> Vec<String> {
    commands("README.md", "## Command line")
}

/// The shell lines of the first `sh` block after `after` in `file`.
fn commands(file: &str, after: &str) -> Vec<String> {
    let text = read(file);
    let section = text
        .split(after)
        .nth(1)
        .unwrap_or_else(|| panic!("{file} has no {after:?}"));
    let block = *blocks(section, "sh").first().expect("a sh block in it");
    block
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// The text of a file of the repository.
fn read(file: &str) -> String {
    std::fs::read_to_string(root().join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The bodies of the fenced blocks of `text` whose fence names `language`, in order.
fn blocks<'t>(text: &'t str, language: &str) -> Vec<&'t str> {
    let fence = format!("```{language}\n");
    text.split(fence.as_str())
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .collect()
}

/// The shell lines of every `sh` block of `file`, a line continued with `\` joined
/// to the next, comments and blank lines left out.
fn all_commands(file: &str) -> Vec<String> {
    let text = read(file);
    let mut lines = Vec::new();
    for block in blocks(&text, "sh") {
        let mut pending = String::new();
        for line in block.lines() {
            let line = line.trim();
            if let Some(head) = line.strip_suffix('\\') {
                pending.push_str(head);
                continue;
            }
            pending.push_str(line);
            let whole = std::mem::take(&mut pending);
            if !whole.is_empty() && !whole.starts_with('#') {
                lines.push(whole);
            }
        }
    }
    lines
}

/// A folder where the command runs: `crates` links to the repository's, so its paths
/// read as from the root, and anything it writes stays out of the checkout.
fn workspace(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dancing-readme-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::os::unix::fs::symlink(root().join("crates"), dir.join("crates")).unwrap();
    dir
}

/// A folder holding a copy of the sample files, where docs/formats.md's transcripts run.
fn samples(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dancing-docs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(root().join("crates/dancing-cli/samples")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    dir
}

/// `sh -c script` in `dir`, the `dancing` under test first on the PATH.
fn shell(script: &str, dir: &Path) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_dancing"))
        .parent()
        .unwrap()
        .to_owned();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![bin];
    paths.extend(std::env::split_paths(&path));
    let mut command = Command::new("sh");
    command
        .args(["-c", script])
        .current_dir(dir)
        .env("PATH", std::env::join_paths(paths).unwrap());
    command
}

/// Runs `line` with `sh` in `dir` (see [`shell`]); its exit code and standard error. A
/// command still running after 300 s is killed and fails (a hang guard).
fn run(line: &str, dir: &Path) -> (Option<i32>, String) {
    let mut child = shell(line, dir)
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
    // Run from the root as written, no command leaves a file behind.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .filter(|name| name != "crates")
        .collect();
    assert!(left.is_empty(), "the README's commands wrote {left:?}");
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
#[ignore = "runs for minutes: the docs' commands on 25×25 grids"]
fn the_long_commands_run_as_written() {
    let mut commands = readme_commands();
    commands.extend(all_commands("docs/benchmarks.md"));
    let dir = workspace("long");
    for long in LONG {
        let line = commands
            .iter()
            .find(|line| line.starts_with(long))
            .unwrap_or_else(|| panic!("README.md and docs/benchmarks.md no longer have {long}"));
        check(line, &dir);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Each `$ command` of the `text` blocks of `file` with the lines the transcript shows
/// after it (up to the next `$` line or the block's end).
fn transcripts(file: &str) -> Vec<(String, Vec<String>)> {
    let text = read(file);
    let mut shown: Vec<(String, Vec<String>)> = Vec::new();
    for block in blocks(&text, "text") {
        let mut in_transcript = false;
        for line in block.lines() {
            if let Some(command) = line.strip_prefix("$ ") {
                shown.push((command.to_owned(), Vec::new()));
                in_transcript = true;
            } else if in_transcript {
                shown.last_mut().unwrap().1.push(line.to_owned());
            }
        }
    }
    shown
}

#[test]
fn the_formats_transcripts_print_what_they_show() {
    let shown = transcripts("docs/formats.md");
    assert!(shown.len() >= 10, "{shown:?}");
    let dir = samples("formats");
    for (command, lines) in &shown {
        let output = shell(command, &dir).stdin(Stdio::null()).output().unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        // Each shown line is the next line of standard output or a line of standard
        // error; a transcript may leave out the summary on standard error, never a
        // line of standard output.
        let mut printed = stdout.lines().peekable();
        for line in lines {
            if printed.peek() == Some(&line.as_str()) {
                printed.next();
            } else {
                assert!(
                    stderr.lines().any(|l| l == line),
                    "$ {command}\nshows {line:?}, which it did not print:\n{stdout}{stderr}"
                );
            }
        }
        let rest: Vec<&str> = printed.collect();
        assert!(rest.is_empty(), "$ {command}\nprints {rest:?} too");
        assert!(
            matches!(output.status.code(), Some(0..=3)),
            "$ {command}: {:?}\n{stderr}",
            output.status
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `sh` blocks of docs/distributed.md's GNU parallel section, in order.
fn parallel_recipe() -> Vec<String> {
    let text = read("docs/distributed.md");
    let section = text
        .split("## Worked example: GNU parallel")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/distributed.md has its GNU parallel section");
    blocks(section, "sh")
        .into_iter()
        .map(str::to_owned)
        .collect()
}

#[test]
#[ignore = "needs GNU parallel (`.ci/run` installs it and runs this test)"]
fn the_gnu_parallel_recipe_runs_as_written() {
    let recipe = parallel_recipe();
    assert_eq!(recipe.len(), 3, "{recipe:?}");
    let dir = workspace("parallel");
    let run_block = |block: &str| {
        let output = shell(block, &dir).stdin(Stdio::null()).output().unwrap();
        assert!(
            output.status.success(),
            "{block}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    // The count: what the block's `# ` comments show it prints.
    let shown: String = recipe[0]
        .lines()
        .filter_map(|line| line.strip_prefix("# "))
        .filter(|line| !line.starts_with("stderr:"))
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(shown.ends_with("9356 258\n"), "{shown}");
    assert_eq!(run_block(&recipe[0]), shown);
    // The check of the job log and the files.
    assert_eq!(run_block(&recipe[1]), "complete\n");
    // The solutions, merged: byte for byte the direct run's.
    run_block(&recipe[2]);
    let direct = run_block("dancing xc -q pentomino3x20.dlx");
    assert_eq!(
        std::fs::read_to_string(dir.join("solutions.txt")).unwrap(),
        direct
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The package folders, by package name.
const PACKAGES: [(&str, &str); 5] = [
    ("dancing", "crates/dancing"),
    ("dancing-sat", "crates/dancing-sat"),
    ("dancing-sudoku", "crates/dancing-sudoku"),
    ("dancing-cli", "crates/dancing-cli"),
    ("dancing-benches", "benches"),
];

/// A shell line's words: blanks split them, double quotes group them.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The text of every `.rs` file under `dir`, joined.
fn sources(dir: &Path) -> String {
    let mut text = String::new();
    if dir.is_file() {
        return std::fs::read_to_string(dir).unwrap();
    }
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            text.push_str(&sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    text
}

/// Checks one `cargo run|bench|test` line without running it: the package, the example,
/// bench or test target, the test filter, the flags after `--` and the environment
/// variables set before `cargo` all exist.
fn check_cargo(line: &str, env: &[&str], words: &[String]) {
    let value = |flag: &str| {
        words
            .iter()
            .position(|w| w == flag)
            .map(|at| words[at + 1].as_str())
    };
    let package = value("-p").unwrap_or_else(|| panic!("{line}: no -p"));
    let folder = PACKAGES
        .iter()
        .find(|(name, _)| *name == package)
        .unwrap_or_else(|| panic!("{line}: no package {package}"))
        .1;
    let folder = root().join(folder);
    let target = if let Some(example) = value("--example") {
        folder.join("examples").join(format!("{example}.rs"))
    } else if let Some(bench) = value("--bench") {
        folder.join("benches").join(format!("{bench}.rs"))
    } else if let Some(test) = value("--test") {
        let single = folder.join("tests").join(format!("{test}.rs"));
        if single.exists() {
            single
        } else {
            folder.join("tests").join(test)
        }
    } else {
        folder.join(if words[1] == "bench" {
            "benches"
        } else {
            "src"
        })
    };
    assert!(target.exists(), "{line}: no {}", target.display());
    let code = sources(&target);
    // A test filter (a word after `--test NAME` and before `--`) names a test.
    if let Some(at) = words.iter().position(|w| w == "--test") {
        for filter in words[at + 2..].iter().take_while(|w| *w != "--") {
            assert!(
                code.contains(&format!("fn {filter}")),
                "{line}: no test {filter}"
            );
        }
    }
    let program_flags = words
        .iter()
        .skip_while(|w| *w != "--")
        .skip(1)
        .filter(|w| w.starts_with("--"));
    for flag in program_flags {
        let known = code.contains(&format!("\"{flag}\""))
            || (value("--test").is_some() && ["--ignored", "--nocapture"].contains(&flag.as_str()));
        assert!(known, "{line}: {} takes no {flag}", target.display());
    }
    for variable in env {
        assert!(
            code.contains(&format!("\"{variable}\"")),
            "{line}: {} reads no {variable}",
            target.display()
        );
    }
}

#[test]
fn the_benchmark_commands_name_what_exists() {
    let commands = all_commands("docs/benchmarks.md");
    let report = read("benches/report.py");
    let mut checked = 0;
    for line in &commands {
        let words = words(line);
        let env: Vec<&str> = words
            .iter()
            .take_while(|w| w.contains('=') && !w.starts_with('-'))
            .map(|w| w.split('=').next().unwrap())
            .collect();
        let command = &words[env.len()..];
        match command.first().map(String::as_str) {
            Some("cargo") => check_cargo(line, &env, command),
            Some("python3") => {
                assert_eq!(command[1], "benches/report.py", "{line}");
                for (at, word) in command.iter().enumerate().skip(2) {
                    if word.starts_with("--") {
                        assert!(report.contains(&format!("\"{word}\"")), "{line}: {word}");
                        if word == "--only" {
                            let what = &command[at + 1];
                            assert!(report.contains(&format!("\"{what}\"")), "{line}: {what}");
                        }
                    }
                }
            }
            // A `dancing` command runs in the ignored test of the long commands.
            Some("dancing") => assert!(
                LONG.iter().any(|long| line.starts_with(long)),
                "{line}: not in LONG"
            ),
            // Shell plumbing around them (a loop, copies).
            _ => continue,
        }
        checked += 1;
    }
    assert!(checked >= 12, "{commands:?}");
}

#[test]
fn every_help_example_runs_in_the_samples_folder() {
    let paths = common::command_paths();
    let mut examples = Vec::new();
    for path in &paths {
        let args: Vec<&str> = path.iter().map(String::as_str).collect();
        let text = help(&args);
        for line in section(&text, "Examples:") {
            // An example, then (after three spaces or more) what it does.
            let command = line.trim().split("   ").next().unwrap().to_owned();
            examples.push(command);
        }
    }
    assert!(examples.len() >= 40, "{examples:?}");
    for command in &examples {
        // A fresh copy for each: an example may overwrite a sample (`> puzzles.txt`).
        let dir = samples("help");
        check(command, &dir);
    }
    let _ = std::fs::remove_dir_all(
        std::env::temp_dir().join(format!("dancing-docs-{}-help", std::process::id())),
    );
}

/// Every source file of every crate is on docs/architecture.md's map: named by its
/// path below `src` (`arena/notes.rs`) or by its module (`notes`, or a folder's name
/// for its `mod.rs`), in backquotes outside code blocks. Crate roots and unit-test
/// files (`lib.rs`, `main.rs`, `tests.rs`) need not be.
#[test]
fn every_source_file_is_on_the_architecture_map() {
    let text = read("docs/architecture.md");
    let mut names = std::collections::BTreeSet::new();
    for (k, part) in text.split("```").enumerate() {
        // Odd parts are inside code blocks.
        if k % 2 == 0 {
            names.extend(
                part.split('`')
                    .skip(1)
                    .step_by(2)
                    .filter(|n| !n.contains('\n')),
            );
        }
    }
    let mut missing = Vec::new();
    for crate_dir in std::fs::read_dir(root().join("crates")).expect("crates/") {
        let src = crate_dir.expect("a crate").path().join("src");
        let mut folders = vec![src.clone()];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("a source folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    folders.push(path);
                    continue;
                }
                let (Some(stem), Some("rs")) = (
                    path.file_stem().and_then(|s| s.to_str()),
                    path.extension().and_then(|s| s.to_str()),
                ) else {
                    continue;
                };
                if ["lib", "main", "tests"].contains(&stem) {
                    continue;
                }
                let module = if stem == "mod" {
                    folder.file_name().and_then(|s| s.to_str()).unwrap_or(stem)
                } else {
                    stem
                };
                let relative = path.strip_prefix(&src).expect("below src");
                let relative = relative.to_string_lossy().replace('\\', "/");
                if !names.contains(relative.as_str()) && !names.contains(module) {
                    missing.push(
                        path.strip_prefix(root())
                            .unwrap_or(&path)
                            .display()
                            .to_string(),
                    );
                }
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "source files missing from docs/architecture.md's map: {missing:?}"
    );
}
