//! How much memory the process holds, for the learner's memory bound: CaDiCaL keeps
//! its clauses (and those it learns) where only the process's size shows them.

/// The bytes the process holds resident now: Linux's `VmRSS`; `None` where it cannot be
/// read (elsewhere only the bound checked before solving applies).
pub(crate) fn resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kib: u64 = line["VmRSS:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    #[test]
    #[cfg(target_os = "linux")]
    fn the_process_holds_some_memory() {
        let held = super::resident().expect("VmRSS on Linux");
        assert!(held > 1 << 20, "{held}");
    }
}
