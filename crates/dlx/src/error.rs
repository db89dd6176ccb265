//! Typed errors of the builder, the solver and the text format.

use std::fmt;

/// Why a problem could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Two items were given the same name.
    #[error("duplicate item name `{name}`")]
    DuplicateItem {
        /// The repeated name.
        name: String,
    },
    /// An option names an item that was never declared.
    #[error("unknown item `{name}`")]
    UnknownItem {
        /// The name as given.
        name: String,
    },
    /// An option refers to an item id that this builder did not hand out.
    #[error("item id {index} is out of range ({items} items declared)")]
    ItemOutOfRange {
        /// The offending index.
        index: usize,
        /// How many items exist.
        items: usize,
    },
    /// An option refers to a color id that this builder did not hand out.
    #[error("color id {index} is out of range ({colors} colors named)")]
    ColorOutOfRange {
        /// The offending index.
        index: usize,
        /// How many colors exist.
        colors: usize,
    },
    /// An item appears twice in one option.
    #[error("item `{name}` appears twice in option {option}")]
    RepeatedItem {
        /// Zero-based number the option would have had.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option lists no items.
    #[error("option {option} is empty")]
    EmptyOption {
        /// Zero-based number the option would have had.
        option: usize,
    },
    /// An option lists only secondary items, so no search could ever choose it.
    #[error("option {option} has no primary item")]
    NoPrimaryInOption {
        /// Zero-based number the option would have had.
        option: usize,
    },
    /// A color was given to a primary item; only secondary items carry colors.
    #[error("primary item `{name}` cannot have a color")]
    ColoredPrimary {
        /// The primary item.
        name: String,
    },
    /// An item name is empty or contains white space, `:` or `|`, which Knuth's text
    /// format could not represent.
    #[error(
        "invalid item name `{name}`: names are non-empty and contain no white space, `:` or `|`"
    )]
    InvalidName {
        /// The rejected name.
        name: String,
    },
    /// A color name is empty or contains white space, `:` or `|`.
    #[error(
        "invalid color name `{name}`: names are non-empty and contain no white space, `:` or `|`"
    )]
    InvalidColor {
        /// The rejected name.
        name: String,
    },
    /// The problem declares no primary item.
    #[error("the problem has no primary item")]
    NoPrimaryItems,
    /// The problem has more items, colors or nodes than the arena's `u32` links can
    /// index.
    #[error("the problem is too large: {count} {what} exceed the arena's u32 links")]
    TooLarge {
        /// What there are too many of.
        what: Capacity,
        /// How many were asked for.
        count: usize,
    },
}

/// What a problem has too many of, in [`BuildError::TooLarge`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Capacity {
    /// Items (primary and secondary).
    Items,
    /// Color names.
    Colors,
    /// Entries of options, the nodes of the arena.
    Nodes,
}

impl std::fmt::Display for Capacity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Items => "items",
            Self::Colors => "colors",
            Self::Nodes => "nodes",
        })
    }
}

/// Why an option could not be forced into the solution.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option does not exist in this problem.
    #[error("option {option} is out of range ({options} options)")]
    OutOfRange {
        /// The offending option.
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// The option clashes with an option forced earlier (it shares an item, or gives a
    /// shared secondary item another color).
    #[error("option {option} conflicts with the options already forced")]
    Conflict {
        /// The offending option.
        option: usize,
    },
}

/// An error in Knuth's DLX text format, with its 1-based position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

/// What went wrong while reading Knuth's DLX text format.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The input has no item line.
    MissingItemLine,
    /// The item line has more than one `|`.
    SecondBar,
    /// The item line declares no primary item.
    NoPrimaryItems,
    /// The building rules were broken (unknown item, duplicate item, …).
    Build(BuildError),
    /// A cost token `|n` is not a non-negative integer, or the sum overflows.
    BadCost(String),
    /// A token has the wrong shape (for example `A:` or `:x`).
    BadToken(String),
    /// The input is not valid UTF-8.
    NotUtf8,
    /// Reading failed.
    Io(String),
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingItemLine => write!(f, "expected the item line, found end of input"),
            Self::SecondBar => write!(
                f,
                "a second `|` on the item line; expected primary items, then `|`, then secondary items"
            ),
            Self::NoPrimaryItems => write!(f, "the item line declares no primary item"),
            Self::Build(e) => write!(f, "{e}"),
            Self::BadCost(t) => write!(
                f,
                "bad cost `{t}`: expected `|n` with n a non-negative integer"
            ),
            Self::BadToken(t) => {
                write!(f, "bad token `{t}`: expected an item name or `item:color`")
            }
            Self::NotUtf8 => write!(f, "the input is not valid UTF-8"),
            Self::Io(e) => write!(f, "read error: {e}"),
        }
    }
}
