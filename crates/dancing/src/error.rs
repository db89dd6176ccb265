//! Typed errors of the builder, the solver and the text formats.

use std::fmt;
use std::io;
use std::sync::Arc;

use crate::ids::{ItemId, OptionId};

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
    /// An item appears twice in one option. The message numbers the option from 1.
    #[error("item `{name}` appears twice in option {}", .option + 1)]
    RepeatedItem {
        /// Zero-based index the option would have had (its [`OptionId`](crate::OptionId)
        /// index); messages say `option + 1`.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option lists no items. The message numbers the option from 1.
    #[error("option {} is empty", .option + 1)]
    EmptyOption {
        /// Zero-based index the option would have had; messages say `option + 1`.
        option: usize,
    },
    /// An option lists only secondary items, so no search could ever choose it. The
    /// message numbers the option from 1.
    #[error("option {} has no primary item", .option + 1)]
    NoPrimaryInOption {
        /// Zero-based index the option would have had; messages say `option + 1`.
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
    /// A primary item's lower bound exceeds its upper bound.
    #[error("item `{name}` has lower bound {lo} above its upper bound {hi}")]
    BoundsReversed {
        /// The item.
        name: String,
        /// The lower bound given.
        lo: u32,
        /// The upper bound given.
        hi: u32,
    },
    /// A primary item's upper bound is 0: no option containing it could be chosen.
    #[error("item `{name}` has upper bound 0")]
    ZeroUpperBound {
        /// The item.
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
///
/// The fields hold zero-based indices, as [`OptionId`](crate::OptionId) and
/// [`ItemId`] do; messages number options and items from 1, as users count them (and
/// as `dancing xc --split` prints option numbers).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ForceError {
    /// The option does not exist in this problem. The message numbers it from 1.
    #[error("option {} is out of range (the problem has {options} options)", .option + 1)]
    OutOfRange {
        /// The offending option's zero-based index.
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// The option clashes with an option forced earlier (it shares an item, or gives a
    /// shared secondary item another color). The message numbers the option from 1.
    #[error("option {} conflicts with the options already forced", .option + 1)]
    Conflict {
        /// The offending option's zero-based index.
        option: usize,
    },
    /// [`Solver::descend`](crate::SplitEngine::descend) was given an option that clashes with
    /// nothing fixed but is not one the search tries at the next level: it does not
    /// contain the item that the search branches on there. The message numbers the
    /// option and the item from 1 (the error does not know the item's name).
    #[error(
        "option {} is not on the search's path: it does not contain item {}, \
         which the search branches on next",
        .option + 1,
        .item.index() + 1
    )]
    NotOnPath {
        /// The offending option's zero-based index.
        option: usize,
        /// The item the search branches on at the next level (name it with
        /// [`Problem::item_name`](crate::Problem::item_name)).
        item: ItemId,
    },
    /// [`MultiSolver::replay`](crate::MultiSolver::replay) was given a move the search
    /// does not make at its level. The message numbers the move from 1.
    #[error("move {} of the prefix is not one the search makes there", .position + 1)]
    NotABranch {
        /// The zero-based position of the move in the prefix.
        position: usize,
    },
}

impl ForceError {
    /// The check before fixing `option`, the same for both engines: `OutOfRange` if it
    /// is not one of the problem's `options`, else `Conflict` unless `available` says
    /// the choices made leave it open (asked only for an option in range).
    pub(crate) fn check(
        option: OptionId,
        options: usize,
        available: impl FnOnce(OptionId) -> bool,
    ) -> Result<(), Self> {
        if option.index() >= options {
            return Err(Self::OutOfRange {
                option: option.index(),
                options,
            });
        }
        if !available(option) {
            return Err(Self::Conflict {
                option: option.index(),
            });
        }
        Ok(())
    }
}

/// A broken link, found by [`Engine::check_integrity`](crate::Engine::check_integrity).
///
/// Numbers are positions in the solver's arena, laid out as TAOCP's DLX1 (see
/// `docs/architecture.md`): items are numbered from 1 (item `k` is
/// [`ItemId`]`::new(k - 1)`), with the roots of the primary and secondary item lists
/// at 0 and N + 1; node `k` is item `k`'s list header for `k` from 1 to N, and options'
/// nodes and the spacers between them follow. An error means a bug in the engine.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IntegrityError {
    /// In an active item list, `item`'s next item does not link back to it (or is out
    /// of range). TAOCP: RLINK(item) = next, but LLINK(next) ≠ item.
    #[error("item list broken between {item} and {next}")]
    ItemLink {
        /// The item (or root) whose next link is wrong.
        item: usize,
        /// Where it links.
        next: usize,
    },
    /// The item list through `root` (0 or N + 1) does not come back to it.
    #[error("item list through {root} is not circular")]
    ItemListOpen {
        /// The list's root.
        root: usize,
    },
    /// In `item`'s list, the node below `node` does not link back up to it (or is out of
    /// range). TAOCP: DLINK(node) = p, but ULINK(p) ≠ node.
    #[error("list of item {item} broken below node {node}")]
    NodeLink {
        /// The item whose list is broken.
        item: usize,
        /// The node whose down link is wrong.
        node: usize,
    },
    /// A node in `item`'s list names another item. TAOCP: TOP(node) ≠ item.
    #[error("node {node} in list of item {item} names item {named}")]
    WrongItem {
        /// The node.
        node: usize,
        /// The list it is in.
        item: usize,
        /// The item it names.
        named: usize,
    },
    /// `item`'s list does not come back to its header.
    #[error("list of item {item} is not circular")]
    NodeListOpen {
        /// The item.
        item: usize,
    },
    /// `item`'s header counts another number of nodes than its list holds. TAOCP: LEN.
    #[error("item {item} has length {len} but {nodes} nodes")]
    WrongLength {
        /// The item.
        item: usize,
        /// The length its header records.
        len: usize,
        /// The nodes in its list.
        nodes: usize,
    },
    /// The node after the last header is not a spacer.
    #[error("node {node} should be the first spacer")]
    FirstSpacer {
        /// The node after the last header.
        node: usize,
    },
    /// A spacer's `up` link is not the first node of the option before it (0 before
    /// the first option).
    #[error("spacer {spacer} does not point up at {expected}")]
    SpacerUp {
        /// The spacer.
        spacer: usize,
        /// The node it should point up at.
        expected: usize,
    },
    /// A spacer's `down` link is not the last node of the option after it.
    #[error("spacer {spacer} does not point down at {expected}")]
    SpacerDown {
        /// The spacer.
        spacer: usize,
        /// The node it should point down at.
        expected: usize,
    },
    /// The last option is not followed by a spacer.
    #[error("the last option is not followed by a spacer")]
    LastSpacer,
    /// A node of an option names no item (its `top` is 0 or past the last item).
    #[error("node {node} names no item ({top})")]
    NoItem {
        /// The node.
        node: usize,
        /// The item it names.
        top: usize,
    },
    /// A node's `right` link is not the next node of its option, cyclically.
    #[error("node {node} links right to {right} instead of {expected}")]
    RightLink {
        /// The node.
        node: usize,
        /// Where it links.
        right: usize,
        /// The next node of its option.
        expected: usize,
    },
    /// Nothing is fixed, yet the links are consistent but not the ones the problem was
    /// built with.
    #[error("the links differ from the problem as built")]
    Changed,
    /// The links of the cheapest-solution search (a second copy, sorted by cost) are
    /// broken.
    #[error("the cost search's links: {0}")]
    CostLinks(Box<IntegrityError>),
    /// The sparse sets of a `CellsSolver` are inconsistent, or not
    /// as built after a search: `table` names the array and `index` the first bad entry.
    #[error("the dancing cells' {table} is broken at {index}")]
    Cells {
        /// The array found broken (`items`, `live items`, `size`, `loc`).
        table: &'static str,
        /// Its first bad entry.
        index: usize,
    },
}

/// An error in a text this crate reads (Knuth's DLX format, a diagram's text), with
/// its 1-based position in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// An error of `kind` at a 1-based line and column.
    pub fn new(line: usize, column: usize, kind: ParseErrorKind) -> Self {
        Self { line, column, kind }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ParseErrorKind::Io(e) => Some(e.get()),
            _ => None,
        }
    }
}

/// What went wrong while reading Knuth's format: its syntax, the problem it builds, or
/// the reading itself.
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
    /// A cost, or the sum of an option's costs so far with it, above `u64::MAX`, the
    /// most one option may cost.
    CostTooLarge(String),
    /// A token has the wrong shape (for example `A:` or `:x`).
    BadToken(String),
    /// A primary item's bounds are malformed: expected `v|name` or `u:v|name`, with `u`
    /// and `v` non-negative integers.
    BadBounds(String),
    /// Bounds were given to a secondary item; only primary items have multiplicities.
    SecondaryBounds(String),
    /// The input is not valid UTF-8.
    NotUtf8,
    /// Reading failed.
    Io(IoError),
    /// A diagram's text ([`Zdd::read_text`](crate::Zdd::read_text)) is wrong.
    Zdd(crate::ZddTextError),
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
            Self::CostTooLarge(t) => write!(
                f,
                "cost `{t}` takes the option's cost past {}, the most one option may cost (a solution's total may be larger)",
                u64::MAX
            ),
            Self::BadToken(t) => {
                write!(f, "bad token `{t}`: expected an item name or `item:color`")
            }
            Self::BadBounds(t) => write!(
                f,
                "bad bounds `{t}`: expected `v|name` or `u:v|name` with u and v non-negative integers"
            ),
            Self::SecondaryBounds(t) => write!(
                f,
                "bounds on secondary item `{t}`: only primary items take `u:v|name`"
            ),
            Self::NotUtf8 => write!(f, "the input is not valid UTF-8"),
            Self::Io(e) => write!(f, "read error: {e}"),
            Self::Zdd(e) => write!(f, "{e}"),
        }
    }
}

/// A read error, shared so that [`ParseError`] stays `Clone`; the [`io::Error`] is the
/// parse error's [`source`](std::error::Error::source). Two are equal when their
/// [`io::ErrorKind`]s and messages are.
#[derive(Debug, Clone)]
pub struct IoError(Arc<io::Error>);

impl IoError {
    /// The underlying error.
    pub fn get(&self) -> &io::Error {
        &self.0
    }
}

impl From<io::Error> for IoError {
    fn from(e: io::Error) -> Self {
        Self(Arc::new(e))
    }
}

impl fmt::Display for IoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for IoError {
    fn eq(&self, other: &Self) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}
