//! Knuth's DLX text format: any bytes either parse into a problem that searches
//! correctly and writes back to the same text, or fail with a position inside the input.

use dancing::format::{parse_reader, parse_str, to_string};

use crate::verify;

/// Search-tree nodes a parsed problem may use per check.
const MAX_NODES: u64 = 20_000;

/// Parses `data` and checks the outcome.
pub fn check(data: &[u8]) {
    let parsed = parse_reader(data);
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(
            parse_str(text).map(|p| to_string(&p)),
            parsed.as_ref().map(to_string).map_err(Clone::clone),
            "parse_str and parse_reader disagree"
        );
    }
    match parsed {
        Ok(problem) => {
            let text = to_string(&problem);
            let again = parse_str(&text)
                .unwrap_or_else(|e| panic!("written problem does not parse: {e}\n{text}"));
            assert_eq!(to_string(&again), text, "round trip changed the problem");
            assert_eq!(again.option_count(), problem.option_count());
            verify::search(&problem, MAX_NODES);
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with(&format!("line {}, column {}: ", e.line, e.column)));
            assert!(message.chars().count() < 500, "overlong message: {message}");
            let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
            assert!(
                e.line >= 1 && e.line <= lines.len(),
                "line {} outside the input's {} lines",
                e.line,
                lines.len()
            );
            let width = String::from_utf8_lossy(lines[e.line - 1]).chars().count();
            assert!(
                e.column >= 1 && e.column <= width + 1,
                "column {} outside line {} of {} characters",
                e.column,
                e.line,
                width
            );
        }
    }
}
