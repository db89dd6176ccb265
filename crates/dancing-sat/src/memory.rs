//! How much memory the process holds, for the learner's memory bound: CaDiCaL keeps
//! its clauses (and those it learns) where only the process's size shows them.

/// The bytes the process holds resident now: Linux's `VmRSS`; `None` where it cannot be
/// read (elsewhere only the bound checked before solving applies).
pub(crate) fn resident() -> Option<u64> {
    status_bytes("VmRSS")
}

/// The bytes of the field `field` of Linux's `/proc/self/status` (`VmRSS`, the memory
/// held now; `VmHWM`, the most held so far); `None` elsewhere. Public for the command
/// line's `peak_rss`, not part of the crate's subject.
#[doc(hidden)]
pub fn status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| {
        line.strip_prefix(field)
            .is_some_and(|rest| rest.starts_with(':'))
    })?;
    let kib: u64 = line[field.len() + 1..]
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
