//! The line that names one subproblem of a split search: the moves of its prefix, as
//! `dancing xc --split` prints them and `--prefix` reads them.
//!
//! A move is an option's 1-based number (its line in the problem's DLX text, as
//! [`to_string`](super::to_string) writes it), or, in a problem with multiplicities,
//! `~K`: the null move on item `K` (1-based), which leaves the item branched on
//! without another option. Moves are separated by spaces (commas and tabs are read
//! too). The empty line names the whole problem.
//!
//! ```
//! use dancing::format::prefix;
//! use dancing::problems;
//!
//! let problem = problems::queens(6);
//! let moves = prefix::parse("3 17", &problem)?;
//! assert_eq!(prefix::write(&moves), "3 17");
//! assert!(prefix::parse("0", &problem).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::format::quote;
use crate::{ItemId, Move, OptionId, Problem};

/// A word of a prefix line that names no move of the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PrefixTextError {
    /// The word, as written.
    pub word: String,
    /// The problem's number of options: option numbers run from 1 to this.
    pub options: usize,
    /// The problem's number of items, when null moves are read (the problem has
    /// multiplicities): `~K` runs from 1 to this.
    pub items: Option<usize>,
}

impl fmt::Display for PrefixTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = quote(&self.word);
        match self.items {
            None => write!(
                f,
                "`{word}` is not an option number (1 to {})",
                self.options
            ),
            Some(items) => write!(
                f,
                "`{word}` is neither an option number (1 to {}) nor a null move `~K` on an \
                 item (1 to {items})",
                self.options
            ),
        }
    }
}

/// One move as the line writes it: an option's 1-based number, or `~K`.
pub fn move_text(m: Move) -> String {
    match m {
        Move::Choose(option) => (option.index() + 1).to_string(),
        Move::Skip(item) => format!("~{}", item.index() + 1),
    }
}

/// The line of `moves`, separated by single spaces.
pub fn write(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| move_text(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a line of `problem`'s moves: option numbers, and `~K` null moves when the
/// problem has multiplicities. Whether the moves name a subproblem is the engine's to
/// say, as it follows them ([`AnyEngine::follow_prefix`](crate::AnyEngine::follow_prefix)).
///
/// # Errors
/// [`PrefixTextError`]: the first word that is no move of the problem.
pub fn parse(text: &str, problem: &Problem) -> Result<Vec<Move>, PrefixTextError> {
    let items = problem.has_bounds().then(|| problem.item_count());
    text.split([' ', ',', '\t'])
        .filter(|word| !word.is_empty())
        .map(|word| {
            let (skip, digits) = match word.strip_prefix('~') {
                Some(rest) if items.is_some() => (true, rest),
                _ => (false, word),
            };
            let limit = if skip {
                problem.item_count()
            } else {
                problem.option_count()
            };
            let n = Some(digits)
                .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|d| d.parse::<usize>().ok())
                .filter(|&n| n >= 1 && n <= limit);
            match (n, skip) {
                (Some(n), false) => Ok(Move::Choose(OptionId::new(n - 1))),
                (Some(n), true) => Ok(Move::Skip(ItemId::new(n - 1))),
                (None, _) => Err(PrefixTextError {
                    word: word.to_owned(),
                    options: problem.option_count(),
                    items,
                }),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_str;

    #[test]
    fn lines_read_back_as_written() {
        let problem = parse_str("a b | c\na c\nb\nb c\na\n").unwrap_or_else(|e| panic!("{e}"));
        let moves = vec![
            Move::Choose(OptionId::new(0)),
            Move::Choose(OptionId::new(3)),
        ];
        assert_eq!(write(&moves), "1 4");
        assert_eq!(parse("1 4", &problem), Ok(moves.clone()));
        assert_eq!(parse(" 1,\t4 ", &problem), Ok(moves));
        assert_eq!(parse("", &problem), Ok(Vec::new()));
    }

    #[test]
    fn words_that_name_no_move_are_refused() {
        let problem = parse_str("a b\na\nb\na b\n").unwrap_or_else(|e| panic!("{e}"));
        for word in ["0", "4", "+1", "x", "~1", "1.0", "99999999999999999999999"] {
            let error = parse(&format!("1 {word}"), &problem).expect_err(word);
            assert_eq!(error.word, word);
            assert_eq!(
                error.to_string(),
                format!("`{word}` is not an option number (1 to 3)")
            );
        }
    }

    #[test]
    fn null_moves_are_read_where_items_have_multiplicities() {
        let problem = parse_str("a 2:2|b\na b\nb\n").unwrap_or_else(|e| panic!("{e}"));
        let moves = parse("~2 2", &problem).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            moves,
            [Move::Skip(ItemId::new(1)), Move::Choose(OptionId::new(1))]
        );
        assert_eq!(write(&moves), "~2 2");
        let error = parse("~3", &problem).expect_err("no item 3");
        assert_eq!(
            error.to_string(),
            "`~3` is neither an option number (1 to 2) nor a null move `~K` on an item (1 to 2)"
        );
    }
}
