//! Reading a diagram back from its text ([`Zdd::write_text`]), for the problem it is
//! the diagram of.
//!
//! Each line is read within [`MAX_ZDD_LINE`] bytes, and the nodes within the memory
//! bound, so no input takes more than that. A diagram written for another problem is
//! refused, not answered: every option must be one of the problem's, and each node's
//! solutions must cover the same primary items, exactly once each. That is checked as
//! the nodes are read, children before parents, by a sum of random 64-bit keys of the
//! items (the two sides of a node must agree, and the root must sum to every item),
//! which any path that misses an item or covers one twice breaks but with a chance of
//! 2⁻⁶⁴. Items with multiplicities and secondary items are not in the sums; the first
//! and the last solution are verified against the problem in full.

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, Read};

use super::search::{BOTTOM, TOP};
use super::zdd::Zdd;
use super::{MemoStats, Node};
use crate::error::{ParseError, ParseErrorKind};
use crate::ids::OptionId;
use crate::problem::Problem;

/// The longest line a diagram's text may have: a node's line is three hexadecimal
/// numbers and an option's number, under 80 bytes.
pub const MAX_ZDD_LINE: usize = 4096;

/// What is wrong with a diagram's text ([`ParseErrorKind::Zdd`]).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ZddTextError {
    /// A line that is not a node.
    BadNode(String),
    /// A line longer than [`MAX_ZDD_LINE`] bytes.
    LineTooLong,
    /// A child that no earlier line defines.
    Undefined(String),
    /// A node defined a second time (or a sink, 0 or 1, defined).
    Redefined(String),
    /// An option number past the problem's options.
    NoSuchOption {
        /// The number read (from 1).
        option: u64,
        /// The problem's options.
        options: usize,
    },
    /// The text ends without the root's line, `(~0?0:root)`.
    NoRoot,
    /// A node after the root's line.
    AfterRoot,
    /// The diagram's solutions are not the problem's: it was written for another one.
    NotOfProblem(String),
    /// The nodes would pass the memory bound.
    TooLarge {
        /// The bound, in bytes.
        max_memory: u64,
    },
}

impl fmt::Display for ZddTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadNode(t) => write!(
                f,
                "bad node `{t}`: expected `id: (~option?lo:hi)`, ids in hexadecimal"
            ),
            Self::LineTooLong => write!(f, "a line longer than {MAX_ZDD_LINE} bytes"),
            Self::Undefined(id) => write!(f, "node {id} is not defined on an earlier line"),
            Self::Redefined(id) => write!(f, "node {id} is defined again"),
            Self::NoSuchOption { option, options } => write!(
                f,
                "option {option}: the problem's options are numbered 1 to {options}"
            ),
            Self::NoRoot => write!(f, "the text ends without the root's line `id: (~0?0:root)`"),
            Self::AfterRoot => write!(f, "a node after the root's line"),
            Self::NotOfProblem(why) => {
                write!(f, "the diagram is not of this problem: {why}")
            }
            Self::TooLarge { max_memory } => write!(
                f,
                "the diagram's nodes would pass the memory bound of {max_memory} bytes"
            ),
        }
    }
}

/// Bytes held a node while reading: the node, its sum and whether it is empty.
const NODE_BYTES: u64 = (size_of::<Node>() + size_of::<u64>() + 1) as u64;

/// Bytes held an entry of the table of ids, once ids are not numbered in order.
const ID_BYTES: u64 = 32;

impl Zdd {
    /// Reads the diagram of `problem`'s solutions from the text that
    /// [`write_text`](Self::write_text) writes (Knuth's ZDD text: a node a line,
    /// `id: (~option?lo:hi)`, children before parents, then the root's line), held
    /// within `max_memory` bytes, which its queries answer to as well. Blank lines are
    /// skipped, and so is a byte-order mark; ids may be any hexadecimal numbers.
    ///
    /// # Errors
    /// A [`ParseError`] at the line and column of the fault
    /// ([`ParseErrorKind::Zdd`], or [`ParseErrorKind::Io`]), including the diagram of
    /// another problem (see the module's checks).
    ///
    /// ```
    /// use dancing::{Memo, Zdd, problems};
    ///
    /// let problem = problems::dominoes(4, 4);
    /// let zdd = Memo::new(&problem).build()?;
    /// let mut text = Vec::new();
    /// zdd.write_text(&mut text)?;
    /// let read = Zdd::read_text(&text[..], &problem, 1 << 30)?;
    /// assert_eq!(read.count(), zdd.count());
    /// assert_eq!(read.solutions().collect::<Vec<_>>(), zdd.solutions().collect::<Vec<_>>());
    ///
    /// // The diagram of 4×4 is not one of 2×8's, though both have 36 tilings.
    /// let other = problems::dominoes(2, 8);
    /// assert!(Zdd::read_text(&text[..], &other, 1 << 30).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read_text(
        mut reader: impl BufRead,
        problem: &Problem,
        max_memory: u64,
    ) -> Result<Zdd, ParseError> {
        let mut nodes = Nodes::new(problem, max_memory);
        let mut bytes = Vec::new();
        let mut line = 0usize;
        let mut root: Option<(u32, usize)> = None;
        loop {
            bytes.clear();
            let read = (&mut reader)
                .take(MAX_ZDD_LINE as u64 + 1)
                .read_until(b'\n', &mut bytes)
                .map_err(|e| ParseError::new(line + 1, 1, ParseErrorKind::Io(e.into())))?;
            if read == 0 {
                break;
            }
            line += 1;
            let at = |column: usize, fault: ZddTextError| {
                ParseError::new(line, column, ParseErrorKind::Zdd(fault))
            };
            if bytes.last() != Some(&b'\n') && bytes.len() > MAX_ZDD_LINE {
                return Err(at(1, ZddTextError::LineTooLong));
            }
            let mut text = text_of(&bytes, line)?;
            if line == 1 {
                text = crate::format::strip_bom(text);
            }
            if text.trim().is_empty() {
                continue;
            }
            if root.is_some() {
                return Err(at(1, ZddTextError::AfterRoot));
            }
            let fields =
                fields(text).map_err(|column| at(column, ZddTextError::BadNode(shown(text))))?;
            if fields.option == 0 {
                if fields.lo != 0 {
                    return Err(at(1, ZddTextError::BadNode(shown(text))));
                }
                root = Some((nodes.child(fields.hi).map_err(|f| at(1, f))?, line));
            } else {
                nodes.add(fields).map_err(|f| at(1, f))?;
            }
        }
        let Some((root, line)) = root else {
            return Err(ParseError::new(
                line + 1,
                1,
                ParseErrorKind::Zdd(ZddTextError::NoRoot),
            ));
        };
        nodes
            .finish(root)
            .map_err(|f| ParseError::new(line, 1, ParseErrorKind::Zdd(f)))
    }
}

/// A line as an error shows it: trimmed, its first 60 characters.
fn shown(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// A line's text without its end, or the error of a line that is not UTF-8.
fn text_of(bytes: &[u8], line: usize) -> Result<&str, ParseError> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| {
        let column = String::from_utf8_lossy(&bytes[..e.valid_up_to()])
            .chars()
            .count()
            + 1;
        ParseError::new(line, column, ParseErrorKind::NotUtf8)
    })
}

/// A node's line: `id: (~option?lo:hi)`, the numbers as written.
#[derive(Debug, Clone, Copy)]
struct Fields {
    id: u64,
    option: u64,
    lo: u64,
    hi: u64,
}

/// The fields of a node's line, or the column (from 1) where it goes wrong.
fn fields(text: &str) -> Result<Fields, usize> {
    let column = |rest: &str| text[..text.len() - rest.len()].chars().count() + 1;
    let mut rest = text.trim_start();
    let number = |rest: &mut &str, radix: u32, end: &str| -> Result<u64, usize> {
        let digits = rest.find(end).ok_or_else(|| column(rest))?;
        let value = u64::from_str_radix(rest[..digits].trim(), radix).map_err(|_| column(rest))?;
        *rest = &rest[digits + end.len()..];
        Ok(value)
    };
    let id = number(&mut rest, 16, ":")?;
    rest = rest.trim_start();
    rest = rest.strip_prefix("(~").ok_or_else(|| column(rest))?;
    let option = number(&mut rest, 10, "?")?;
    let lo = number(&mut rest, 16, ":")?;
    let hi = number(&mut rest, 16, ")")?;
    if !rest.trim().is_empty() {
        return Err(column(rest));
    }
    Ok(Fields { id, option, lo, hi })
}

/// The nodes read so far, with what checks them against the problem.
struct Nodes<'p> {
    problem: &'p Problem,
    nodes: Vec<Node>,
    /// Each node's sum of the keys of the items its solutions cover.
    sums: Vec<u64>,
    /// Whether each node has a solution below it.
    live: Vec<bool>,
    /// Each option's sum of its items' keys.
    keys: Vec<u64>,
    /// The sum of every checked item's key: what the root's solutions cover.
    total: u64,
    /// The node of each id, once ids are not 2, 3, 4, … in order (until then the id
    /// is the node).
    ids: Option<HashMap<u64, u32>>,
    max_memory: u64,
}

impl<'p> Nodes<'p> {
    fn new(problem: &'p Problem, max_memory: u64) -> Self {
        let seed = crate::seed::random_seed();
        // The checked items: primary, covered exactly once.
        let key = |item: crate::ItemId| -> u64 {
            let checked = problem.is_primary(item) && problem.bounds(item) == (1, 1);
            if checked {
                mix(seed ^ item.index() as u64)
            } else {
                0
            }
        };
        let keys = problem
            .options()
            .map(|o| {
                problem
                    .option_items(o)
                    .fold(0u64, |sum, (item, _)| sum.wrapping_add(key(item)))
            })
            .collect();
        let total = problem
            .items()
            .fold(0u64, |sum, item| sum.wrapping_add(key(item)));
        Self {
            problem,
            nodes: vec![Node::default(); 2],
            sums: vec![0, 0],
            live: vec![false, true],
            keys,
            total,
            ids: None,
            max_memory,
        }
    }

    /// The node of a child's id.
    fn child(&self, id: u64) -> Result<u32, ZddTextError> {
        let node = match &self.ids {
            _ if id <= u64::from(TOP) => Some(id as u32),
            None => (id < self.nodes.len() as u64).then_some(id as u32),
            Some(ids) => ids.get(&id).copied(),
        };
        node.ok_or_else(|| ZddTextError::Undefined(format!("{id:x}")))
    }

    /// Adds the node of a line, checked.
    fn add(&mut self, fields: Fields) -> Result<(), ZddTextError> {
        let options = self.problem.option_count();
        if fields.option > options as u64 {
            return Err(ZddTextError::NoSuchOption {
                option: fields.option,
                options,
            });
        }
        let option = (fields.option - 1) as u32;
        let (lo, hi) = (self.child(fields.lo)?, self.child(fields.hi)?);
        let index = self.nodes.len() as u32;
        let redefined = || ZddTextError::Redefined(format!("{:x}", fields.id));
        if fields.id <= u64::from(TOP) {
            return Err(redefined());
        }
        match &mut self.ids {
            None if fields.id == u64::from(index) => {}
            None if fields.id < u64::from(index) => return Err(redefined()),
            None => {
                // From here on ids are looked up; the earlier ones are their nodes.
                let mut ids: HashMap<u64, u32> = (2..index).map(|k| (u64::from(k), k)).collect();
                ids.insert(fields.id, index);
                self.ids = Some(ids);
            }
            Some(ids) => {
                if ids.insert(fields.id, index).is_some() {
                    return Err(redefined());
                }
            }
        }
        let held = self
            .ids
            .as_ref()
            .map_or(0, |ids| ids.len() as u64 * ID_BYTES)
            + (self.nodes.len() as u64 + 1) * NODE_BYTES;
        if held > self.max_memory {
            return Err(ZddTextError::TooLarge {
                max_memory: self.max_memory,
            });
        }
        let high = self.live[hi as usize]
            .then(|| self.sums[hi as usize].wrapping_add(self.keys[option as usize]));
        let low = self.live[lo as usize].then(|| self.sums[lo as usize]);
        let sum = match (low, high) {
            (Some(low), Some(high)) if low != high => {
                return Err(ZddTextError::NotOfProblem(format!(
                    "the solutions of node {:x} with option {} and those without it do not \
                     cover the same items",
                    fields.id, fields.option
                )));
            }
            (Some(sum), _) | (None, Some(sum)) => Some(sum),
            (None, None) => None,
        };
        self.nodes.push(Node { option, lo, hi });
        self.sums.push(sum.unwrap_or(0));
        self.live.push(sum.is_some());
        Ok(())
    }

    /// The diagram rooted at `root`, its first and last solutions verified.
    fn finish(self, root: u32) -> Result<Zdd, ZddTextError> {
        if self.live[root as usize] && self.sums[root as usize] != self.total {
            return Err(ZddTextError::NotOfProblem(
                "its solutions do not cover every primary item exactly once".to_owned(),
            ));
        }
        let root = if self.live[root as usize] {
            root
        } else {
            BOTTOM
        };
        // The first path (`hi` sides first) and the last (`lo` sides first).
        for hi_first in [true, false] {
            let mut at = root;
            let mut chosen = Vec::new();
            while at > TOP {
                let node = self.nodes[at as usize];
                let high = if hi_first {
                    self.live[node.hi as usize]
                } else {
                    !self.live[node.lo as usize]
                };
                if high {
                    chosen.push(OptionId::new(node.option as usize));
                    at = node.hi;
                } else {
                    at = node.lo;
                }
            }
            if root != BOTTOM
                && let Err(error) = self.problem.verify(&chosen)
            {
                let names: Vec<String> =
                    chosen.iter().map(|o| (o.index() + 1).to_string()).collect();
                return Err(ZddTextError::NotOfProblem(format!(
                    "its solution of options {} is not one: {error}",
                    names.join(" ")
                )));
            }
        }
        let bytes = self.nodes.len() as u64 * size_of::<Node>() as u64;
        let stats = MemoStats {
            nodes: self.nodes.len() as u64 - 2,
            bytes,
            ..MemoStats::default()
        };
        let options = self.problem.option_count();
        Zdd::new(self.nodes, root, (stats, options), self.max_memory).map_err(|_| {
            ZddTextError::TooLarge {
                max_memory: self.max_memory,
            }
        })
    }
}

/// SplitMix64's finalizer: a well-spread key of `x`.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d4_9bb4_133e_b111);
    z ^ (z >> 31)
}
