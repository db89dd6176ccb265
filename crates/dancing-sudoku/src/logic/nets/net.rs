//! A forcing net as a step: its premise, its conclusion, and its sentence.

use std::fmt;

use super::super::deduction::{Cell, deduction};
use super::super::technique::Technique;
use super::super::words::{candidate, cells, removed, symbol, write_line};
use crate::grid::Unit;

/// A forcing net ([`Technique::NishioForcingChain`],
/// [`Technique::MultipleForcingChain`], [`Technique::DynamicForcingChain`],
/// [`Technique::DynamicForcingChainPlus`]): from `premise`, every way leads to
/// `conclusion` (a cell, a value, whether it holds).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Net {
    /// The technique.
    pub technique: Technique,
    /// What the chains start from.
    pub premise: Premise,
    /// The candidate the chains settle, and whether it holds.
    pub conclusion: (Cell, u8, bool),
    /// The chains, one per branch (for a contradiction, the two lines to the candidate
    /// found both on and off): each the main line of implications from its assumption
    /// to its end, `(cell, value, holds)`. A dynamic chain's link may also rest on
    /// candidates the same branch took out earlier, which the line leaves out.
    pub branches: Vec<Vec<(Cell, u8, bool)>>,
    /// The links of the branches that a rule inside the chains made (chains "plus":
    /// pointing, claiming, a hidden or naked pair, an x-wing, in the grid the chain had
    /// left): the branch, the link's index in it, and the rule's name. The link rests
    /// on the candidates of the rule's pattern that the chain took out; the line goes
    /// back through the first of them.
    pub rules: Vec<(usize, usize, &'static str)>,
    /// The candidates removed.
    pub eliminations: Vec<(Cell, u8)>,
    /// The score in tenths: the technique's, plus Sudoku Explainer's increment for the
    /// chains' length.
    pub tenths: u16,
}

/// Where the chains of a [`Net`] start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Premise {
    /// The candidate (cell, value) assumed to hold (`true`) or not leads to a
    /// contradiction, so the opposite is true.
    Contradiction(Cell, u8, bool),
    /// The candidate leads to the conclusion both when it holds and when it does not.
    Either(Cell, u8),
    /// Each candidate of the cell leads to the conclusion.
    Cell(Cell),
    /// Each place of the value in the unit leads to the conclusion.
    Region(Unit, u8),
}

impl fmt::Display for Net {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.technique;
        let (cell, value, holds) = self.conclusion;
        let end = candidate(cell, value, holds);
        match self.premise {
            Premise::Contradiction(at, v, assumed) => write!(
                f,
                "{name}: {} leads to a contradiction",
                candidate(at, v, assumed),
            )?,
            Premise::Either(at, v) => write!(
                f,
                "{name}: both {} and {} lead to {end}",
                candidate(at, v, true),
                candidate(at, v, false)
            )?,
            Premise::Cell(at) => write!(
                f,
                "{name}: each candidate of {} leads to {end}",
                cells(&[at])
            )?,
            Premise::Region(unit, v) => write!(
                f,
                "{name}: each place of {} in {unit} leads to {end}",
                symbol(v)
            )?,
        }
        for (k, branch) in self.branches.iter().enumerate() {
            f.write_str(if k == 0 { " (" } else { "; " })?;
            let ruled: Vec<(usize, &str)> = self
                .rules
                .iter()
                .filter(|&&(b, _, _)| b == k)
                .map(|&(_, at, rule)| (at, rule))
                .collect();
            write_line(f, branch, &ruled)?;
        }
        if !self.branches.is_empty() {
            f.write_str(")")?;
        }
        // The opposite says what goes: the candidate, or its cell's others.
        match self.premise {
            Premise::Contradiction(at, v, assumed) => {
                write!(f, ", so {}", candidate(at, v, !assumed))
            }
            _ => write!(f, ", so {}", removed(&self.eliminations)),
        }
    }
}

deduction!(Net, |net| net.technique, tenths);
