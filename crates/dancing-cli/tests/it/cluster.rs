//! The Slurm recipe of docs/distributed.md, run locally: `cluster/count.sbatch` once per
//! array task (with the variables Slurm sets), one task failing and rerun alone, then
//! `cluster/merge.sh`, whose sum must be the direct count; the merge names unfinished
//! tasks, lines without a count and stale files.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::text;

fn cluster(script: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("cluster")
        .join(script)
}

/// `PATH` with the `dancing` under test first, after `before` if given.
fn path(before: Option<&Path>) -> std::ffi::OsString {
    let bin = Path::new(env!("CARGO_BIN_EXE_dancing"))
        .parent()
        .unwrap()
        .to_owned();
    let mut paths: Vec<PathBuf> = before.into_iter().map(Path::to_owned).collect();
    paths.push(bin);
    paths.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(paths).unwrap()
}

/// Runs array task `task` of an array of `tasks`, as Slurm would, in `dir`.
fn task(dir: &Path, task: u32, tasks: u32, before: Option<&Path>) -> Output {
    Command::new("bash")
        .arg(cluster("count.sbatch"))
        .args(["problem.dlx", "jobs.txt"])
        .current_dir(dir)
        .env("PATH", path(before))
        .env("SLURM_ARRAY_TASK_ID", task.to_string())
        .env("SLURM_ARRAY_TASK_COUNT", tasks.to_string())
        .output()
        .unwrap()
}

fn merge(dir: &Path) -> Output {
    Command::new("bash")
        .arg(cluster("merge.sh"))
        .arg("jobs.txt")
        .current_dir(dir)
        .output()
        .unwrap()
}

fn dancing(dir: &Path, args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_dancing"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn the_slurm_array_recipe_counts_what_one_process_counts() {
    let dir = std::env::temp_dir().join(format!("dancing-cluster-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("problem.dlx"),
        dancing(&dir, &["problem", "queens", "9", "--dlx"]),
    )
    .unwrap();
    let jobs = dancing(&dir, &["xc", "--split-jobs", "16", "-q", "problem.dlx"]);
    std::fs::write(dir.join("jobs.txt"), &jobs).unwrap();
    let direct = dancing(&dir, &["xc", "--count", "-q", "problem.dlx"]);

    // Task 1 of 3 fails: its `dancing` is a program that fails.
    let broken = dir.join("broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("dancing"), "#!/bin/sh\nexit 1\n").unwrap();
    let mut permissions = std::fs::metadata(broken.join("dancing"))
        .unwrap()
        .permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(broken.join("dancing"), permissions).unwrap();
    for t in 0..3 {
        let output = task(&dir, t, 3, (t == 1).then_some(broken.as_path()));
        assert_eq!(
            output.status.success(),
            t != 1,
            "task {t}: {}",
            text(&output.stderr)
        );
    }
    let failed = merge(&dir);
    assert!(!failed.status.success());
    assert_eq!(text(&failed.stdout), "", "no sum while a task is missing");
    let stderr = text(&failed.stderr);
    assert!(stderr.contains("task 1 did not finish"), "{stderr}");
    assert!(stderr.contains("has no count (task 1)"), "{stderr}");

    // Rerun alone (an array of one, as `sbatch --array=1` makes it): the same share.
    let rerun = task(&dir, 1, 1, None);
    assert!(rerun.status.success(), "{}", text(&rerun.stderr));
    let merged = merge(&dir);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    assert_eq!(text(&merged.stdout), direct);
    // Every line of the jobs was counted once, in the files of the three tasks.
    let counted: usize = (0..3)
        .map(|t| {
            std::fs::read_to_string(dir.join(format!("counts/{t}.txt")))
                .unwrap()
                .lines()
                .count()
        })
        .sum();
    assert_eq!(counted, jobs.lines().count());

    // A file left from another split is named, not summed.
    std::fs::write(dir.join("counts/7.txt"), "99999 5\n").unwrap();
    let stale = merge(&dir);
    assert!(!stale.status.success());
    assert!(text(&stale.stderr).contains("counts/7.txt: lines the jobs file does not have"));
    let _ = std::fs::remove_dir_all(&dir);
}
