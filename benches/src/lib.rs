//! Shared helpers of the benchmarks: the engine problems with their known solution
//! counts, and the committed sudoku data sets.
//!
//! The peers (`dlx`, `sudoku`) are dev-dependencies, so their adapters live in the
//! benchmark files; this library only knows the project's own crates.
#![deny(missing_docs)]

use dancing::{Problem, problems};

/// One exact-cover problem of the engine benchmark.
#[derive(Debug)]
pub struct EngineCase {
    /// Benchmark id, such as `queens-12`.
    pub name: &'static str,
    /// The problem as built by `dancing::problems`.
    pub problem: Problem,
    /// Known number of solutions (TAOCP and OEIS).
    pub solutions: u64,
    /// Whether one count takes long enough to warrant the smallest sample size.
    pub slow: bool,
}

impl EngineCase {
    /// The problem in Knuth's DLX text format, the input both engines parse. Item names
    /// are made alphanumeric (`p1_2` becomes `p1x2`), the only names the `dlx` crate
    /// accepts; the matrix is unchanged.
    pub fn knuth_text(&self) -> String {
        alphanumeric_names(&dancing::format::to_string(&self.problem))
    }
}

/// Rewrites every item name of an uncolored Knuth-format text with its characters other
/// than ASCII letters and digits replaced by `x`.
///
/// # Panics
/// If two names collide after the rewrite.
pub fn alphanumeric_names(text: &str) -> String {
    let rename = |token: &str| -> String {
        if token == "|" {
            return token.to_owned();
        }
        token
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { 'x' })
            .collect()
    };
    let mut out = String::with_capacity(text.len());
    for (number, line) in text.lines().enumerate() {
        let tokens: Vec<String> = line.split_whitespace().map(rename).collect();
        if number == 0 {
            let mut seen = std::collections::HashSet::new();
            for token in tokens.iter().filter(|t| *t != "|") {
                assert!(seen.insert(token), "item names collide as `{token}`");
            }
        }
        out.push_str(&tokens.join(" "));
        out.push('\n');
    }
    out
}

/// The problems of issue 5, each counted in full by every engine.
pub fn engine_cases() -> Vec<EngineCase> {
    let case = |name, problem, solutions, slow| EngineCase {
        name,
        problem,
        solutions,
        slow,
    };
    vec![
        case("queens-12", problems::queens(12), 14_200, false),
        case("queens-13", problems::queens(13), 73_712, true),
        case("langford-11", problems::langford(11), 35_584, true),
        case("langford-12", problems::langford(12), 216_288, true),
        case(
            "pentominoes-6x10",
            problems::pentominoes(6, 10),
            9_356,
            true,
        ),
        case(
            "pentominoes-5x12",
            problems::pentominoes(5, 12),
            4_040,
            true,
        ),
        case("pentominoes-3x20", problems::pentominoes(3, 20), 8, false),
        case("latin-5", problems::latin_square(5), 161_280, true),
    ]
}
