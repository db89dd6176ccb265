//! The HUST 0/1 matrix format: any bytes either read into cases whose problems search
//! correctly and match the rows as written, or fail with a position inside the input.

use dancing::Engine;
use dancing::StopReason;
use dancing_judges::matrix::{MatrixLimits, MatrixReader};

use crate::verify;

/// Search-tree nodes a case may use per check.
const MAX_NODES: u64 = 20_000;
/// Cases checked per input.
const MAX_CASES: usize = 16;

/// Reads `data` as matrix cases and checks each.
pub fn check(data: &[u8]) {
    let limits = MatrixLimits {
        max_rows: 256,
        max_columns: 256,
        max_entries: 4096,
    };
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    for case in MatrixReader::with_limits(data, limits).take(MAX_CASES) {
        match case {
            Ok(case) => {
                let problem = case.problem();
                assert!(case.rows() <= limits.max_rows);
                assert!(case.columns() >= 1 && case.columns() <= limits.max_columns);
                assert!(problem.option_count() <= case.rows());
                assert!(case.line() >= 1 && case.line() <= lines.len());
                // Options keep the input order of their rows, empty rows left out.
                let rows: Vec<usize> = problem.options().map(|o| case.row_of(o)).collect();
                assert!(rows.windows(2).all(|w| w[0] < w[1]), "rows {rows:?}");
                assert!(rows.iter().all(|&r| r >= 1 && r <= case.rows()));
                for item in problem.items() {
                    assert!(problem.is_primary(item));
                    assert_eq!(problem.item_name(item), (item.index() + 1).to_string());
                }
                verify::search(problem, MAX_NODES);
                let mut solver = dancing::Solver::new(problem);
                solver.set_limits(dancing::Limits {
                    max_nodes: Some(MAX_NODES),
                    ..dancing::Limits::default()
                });
                if let Some(solution) = solver.first() {
                    let rows = case.rows_of(solution.options());
                    assert!(rows.windows(2).all(|w| w[0] < w[1]));
                } else {
                    let stopped = solver.stats().stopped;
                    assert!(matches!(stopped, None | Some(StopReason::NodeLimit)));
                }
            }
            Err(e) => {
                let message = e.to_string();
                assert!(message.starts_with(&format!("line {}, column {}: ", e.line, e.column)));
                // The end of input is the line after the last newline.
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
                assert!(message.chars().count() < 500, "overlong message: {message}");
            }
        }
    }
}
