//! The dense form of a 0/1 matrix: each row a line of `0` and `1`, with spaces between
//! them or not, as Python's `Problem.from_matrix` takes it and as papers print it.
//!
//! ```text
//! 0 0 1 0 1 1 0
//! 1 0 0 1 0 0 1
//! 0 1 1 0 0 1 0
//! ```
//!
//! A case is its rows up to a blank line or the end of the input, every row as wide as
//! the first; its columns become primary items named `1`, `2`, … and its non-empty rows
//! options, numbered from 1 as the input has them, as in the sparse form.

use std::io::BufRead;

use dancing::ProblemBuilder;
use dancing_sudoku::parse::Lines;

use super::{MatrixCase, MatrixError, MatrixErrorKind, MatrixLimits};

/// Whether the first line of a matrix input is a row of the dense form rather than the
/// sparse form's `N M`: only `0`, `1` and spaces, and either one token of two or more
/// digits (`1011`), or more than two tokens (`1 0 1 1`), or two whose second is `0`
/// (which no sparse header has: a matrix of no column). Two columns are written without
/// a space (`11`), as `1 1` is a sparse header.
pub fn is_dense(line: &str) -> bool {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let binary = |t: &&str| t.bytes().all(|b| b == b'0' || b == b'1');
    !tokens.is_empty()
        && tokens.iter().all(binary)
        && match tokens.as_slice() {
            [one] => one.len() >= 2,
            [_, second] => *second == "0",
            _ => true,
        }
}

/// Reads the cases of a matrix in the dense form, one at a time, each up to a blank
/// line; an iterator of `Result<MatrixCase, MatrixError>` that ends after an error.
#[derive(Debug)]
pub struct DenseReader<R> {
    lines: Lines<R>,
    limits: MatrixLimits,
    text: String,
    failed: bool,
}

impl<R: BufRead> DenseReader<R> {
    /// A reader of `reader` that refuses cases beyond `limits`.
    pub fn with_limits(reader: R, limits: MatrixLimits) -> Self {
        Self {
            lines: Lines::new(reader),
            limits,
            text: String::new(),
            failed: false,
        }
    }

    /// The next case, `None` at the end of the input.
    fn read_case(&mut self) -> Result<Option<MatrixCase>, MatrixError> {
        let mut rows: Vec<Vec<u32>> = Vec::new();
        let mut width = None;
        let mut first_line = 0;
        let mut entries = 0usize;
        while let Some(read) = self.lines.read(&mut self.text) {
            let line = read.map_err(|e| MatrixError {
                line: e.line,
                column: e.column.unwrap_or(1),
                kind: MatrixErrorKind::Expected {
                    what: "a row of 0 and 1",
                    found: e.kind.to_string(),
                },
            })?;
            if self.text.trim().is_empty() {
                if rows.is_empty() {
                    continue;
                }
                break;
            }
            if rows.is_empty() {
                first_line = line;
            }
            let (ones, len) = self.row(line)?;
            match width {
                None => width = Some(len),
                Some(width) if width != len => {
                    return Err(MatrixError {
                        line,
                        column: 1,
                        kind: MatrixErrorKind::RowWidth {
                            found: len,
                            expected: width,
                        },
                    });
                }
                Some(_) => {}
            }
            entries += ones.len();
            let too_large = |what, limit| MatrixError {
                line,
                column: 1,
                kind: MatrixErrorKind::TooLarge { what, limit },
            };
            if entries > self.limits.max_entries {
                return Err(too_large("ones", self.limits.max_entries));
            }
            if rows.len() >= self.limits.max_rows {
                return Err(too_large("rows", self.limits.max_rows));
            }
            rows.push(ones);
        }
        let Some(columns) = width else {
            return Ok(None);
        };
        if columns > self.limits.max_columns {
            return Err(MatrixError {
                line: first_line,
                column: 1,
                kind: MatrixErrorKind::TooLarge {
                    what: "columns",
                    limit: self.limits.max_columns,
                },
            });
        }
        let error = |kind| MatrixError {
            line: first_line,
            column: 1,
            kind,
        };
        let mut builder = ProblemBuilder::new();
        let items: Vec<_> = (1..=columns)
            .map(|c| builder.primary(&c.to_string()))
            .collect::<Result<_, _>>()
            .map_err(|e| error(MatrixErrorKind::Build(e)))?;
        let mut option_rows = Vec::new();
        for (r, ones) in rows.iter().enumerate() {
            if ones.is_empty() {
                continue;
            }
            builder
                .option(ones.iter().map(|&c| items[c as usize]))
                .map_err(|e| error(MatrixErrorKind::Build(e)))?;
            option_rows.push(r as u32 + 1);
        }
        let problem = builder
            .build()
            .map_err(|e| error(MatrixErrorKind::Build(e)))?;
        Ok(Some(MatrixCase {
            problem,
            option_rows,
            rows: rows.len(),
            line: first_line,
        }))
    }

    /// The row on line `line` (in `self.text`): the 0-based columns of its ones, and its
    /// width; a symbol other than `0` and `1` is an error at its column.
    fn row(&self, line: usize) -> Result<(Vec<u32>, usize), MatrixError> {
        let mut ones = Vec::new();
        let mut width = 0;
        for (k, ch) in self.text.chars().enumerate() {
            match ch {
                '0' => width += 1,
                '1' => {
                    ones.push(width as u32);
                    width += 1;
                }
                c if c.is_whitespace() => {}
                other => {
                    return Err(MatrixError {
                        line,
                        column: k + 1,
                        kind: MatrixErrorKind::Expected {
                            what: "0 or 1",
                            found: other.to_string(),
                        },
                    });
                }
            }
        }
        Ok((ones, width))
    }
}

impl<R: BufRead> Iterator for DenseReader<R> {
    type Item = Result<MatrixCase, MatrixError>;

    fn next(&mut self) -> Option<Self::Item> {
        super::next_case(self)
    }
}

impl<R: BufRead> super::Cases for DenseReader<R> {
    fn read_case(&mut self) -> Result<Option<MatrixCase>, MatrixError> {
        DenseReader::read_case(self)
    }

    fn failed(&mut self) -> &mut bool {
        &mut self.failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dancing::Engine;

    fn cases(text: &str) -> Vec<Result<MatrixCase, String>> {
        DenseReader::with_limits(text.as_bytes(), MatrixLimits::default())
            .map(|case| case.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn knuths_example_in_both_spacings() {
        let spaced = "0 0 1 0 1 1 0\n1 0 0 1 0 0 1\n0 1 1 0 0 1 0\n1 0 0 1 0 0 0\n0 1 0 0 0 0 1\n0 0 0 1 1 0 1\n";
        let tight = spaced.replace(' ', "");
        for text in [spaced, &tight] {
            let read = cases(text);
            let case = read[0].as_ref().unwrap();
            let first = dancing::Solver::new(case.problem()).first().unwrap();
            assert_eq!(case.rows_of(first.options()), [1, 4, 5]);
            assert_eq!(read.len(), 1);
        }
        assert!(is_dense("1 0 1") && is_dense("1011") && is_dense("1 0"));
        assert!(!is_dense("6 7") && !is_dense("1 1") && !is_dense("1") && !is_dense("3 1 4 7"));
    }

    #[test]
    fn blank_lines_part_cases_and_errors_say_where() {
        let read = cases("10\n01\n\n11\n");
        assert_eq!(read.len(), 2);
        assert_eq!(read[1].as_ref().unwrap().line(), 4);
        assert_eq!(
            cases("101\n01\n")[0].as_ref().unwrap_err(),
            "line 2, column 1: a row of 2 columns where the first has 3"
        );
        assert_eq!(
            cases("1 0 2\n")[0].as_ref().unwrap_err(),
            "line 1, column 5: expected 0 or 1, found `2`"
        );
        // A row of zeros keeps its number, out of the problem.
        let case = cases("000\n111\n").remove(0).unwrap();
        assert_eq!(case.rows_of(&[dancing::OptionId::new(0)]), [2]);
    }
}
