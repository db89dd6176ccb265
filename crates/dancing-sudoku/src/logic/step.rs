//! One deduction, as data an application can draw and as a sentence.

use super::Technique;
use crate::Unit;

/// A cell as a 0-based `(row, column)`.
pub type Cell = (usize, usize);

/// One deduction: a value placed, or candidates eliminated. Cells are 0-based
/// `(row, column)`, values 1-based. [`Display`](std::fmt::Display) writes a sentence with
/// cells as `r1c1` (1-based) and values as [`Alphabet::Digits`](crate::Alphabet::Digits) symbols.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// `cell` has `value` as its only candidate.
    NakedSingle {
        /// The cell.
        cell: Cell,
        /// Its one candidate.
        value: u8,
    },
    /// `cell` is the only place for `value` in `unit`.
    HiddenSingle {
        /// The cell.
        cell: Cell,
        /// The value.
        value: u8,
        /// The unit where it has no other place.
        unit: Unit,
    },
    /// `cell` is the last empty cell of `unit`, so it takes the one value missing there.
    FullHouse {
        /// The cell.
        cell: Cell,
        /// The value missing from the unit.
        value: u8,
        /// The unit.
        unit: Unit,
    },
    /// One of Sudoku Explainer's direct forms: `cause` (a pointing, a claiming, a hidden
    /// pair or a hidden triple) removes candidates, after which `value` has one place
    /// left in `unit`, `cell`. The step removes the cause's candidates and places the
    /// value, as SE applies it (so the cause is not found again at the next step).
    Direct {
        /// The deduction that leaves the single, with the candidates it would remove.
        cause: Box<Step>,
        /// The cell where the value goes.
        cell: Cell,
        /// The value.
        value: u8,
        /// The unit where the value has no other place once `cause` is applied.
        unit: Unit,
    },
    /// Pointing (`from` a box `to` a line) or claiming (`from` a line `to` a box): the
    /// candidates of `value` in `from` all lie in `to`, so `value` leaves the rest of `to`.
    LockedCandidates {
        /// [`Technique::Pointing`] or [`Technique::Claiming`].
        technique: Technique,
        /// The value.
        value: u8,
        /// The unit whose candidates are confined.
        from: Unit,
        /// The unit they lie in.
        to: Unit,
        /// Cells of `to` outside `from` that lose `value`.
        eliminations: Vec<Cell>,
    },
    /// `cells` of `unit` hold only `values` (as many as the cells), so those values leave
    /// the other cells of the unit. Two cells: a pair, three: a triple, four: a quad.
    NakedSubset {
        /// The unit.
        unit: Unit,
        /// The cells, in reading order.
        cells: Vec<Cell>,
        /// Their candidates together, ascending.
        values: Vec<u8>,
        /// The candidates removed from other cells of the unit.
        eliminations: Vec<(Cell, u8)>,
    },
    /// `values` of `unit` can go only to `cells` (as many as the values), so those cells
    /// lose their other candidates.
    HiddenSubset {
        /// The unit.
        unit: Unit,
        /// The cells, in reading order.
        cells: Vec<Cell>,
        /// The values, ascending.
        values: Vec<u8>,
        /// The other candidates removed from `cells`.
        eliminations: Vec<(Cell, u8)>,
    },
    /// A fish: `value` in the `base` lines (rows or columns) lies only in the `cover`
    /// lines across them, so it leaves the rest of the cover lines. Size 2 is an x-wing,
    /// 3 a swordfish, 4 a jellyfish.
    Fish {
        /// The value.
        value: u8,
        /// The base lines, ascending.
        base: Vec<Unit>,
        /// The cover lines, ascending.
        cover: Vec<Unit>,
        /// Cells of the cover lines outside the base lines that lose `value`.
        eliminations: Vec<Cell>,
    },
    /// An xy-wing or xyz-wing. The pivot holds x and y (xy-wing) or x, y and z
    /// (xyz-wing); the pincers see the pivot and hold x and z, y and z. Whichever is
    /// true, one of them (or the pivot, for xyz) holds z, so z leaves every cell that sees
    /// them all.
    Wing {
        /// [`Technique::XYWing`] or [`Technique::XYZWing`].
        technique: Technique,
        /// The pivot.
        pivot: Cell,
        /// The pincer holding x and z, then the one holding y and z.
        pincers: [Cell; 2],
        /// x, y and z; z is eliminated.
        values: [u8; 3],
        /// Cells that lose z.
        eliminations: Vec<Cell>,
    },
    /// Simple coloring: `value`'s conjugate pairs (units where it has exactly two places)
    /// chain cells that alternate between two colors, one of which holds `value`
    /// throughout. A color with two cells that see each other is false (color wrap); a
    /// cell that sees both colors cannot hold `value` (color trap).
    Coloring {
        /// The value.
        value: u8,
        /// The two colors of the chain, each in reading order; the first holds the
        /// chain's first cell in reading order.
        colors: [Vec<Cell>; 2],
        /// Cells that lose `value`.
        eliminations: Vec<Cell>,
    },
    /// A unique rectangle or loop: `cells` (in loop order) all hold both `values`, and
    /// all but a few hold nothing else; if those few were left with the pair too, the
    /// values could swap around the loop. SE's type `kind`: 1, 2 or 4 (type 3 is
    /// [`Step::UniqueLoopSubset`]).
    UniqueLoop {
        /// SE's type of the step.
        kind: u8,
        /// The loop's cells, in order around it.
        cells: Vec<Cell>,
        /// The two values.
        values: [u8; 2],
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
        /// The score in tenths, by the loop's length.
        tenths: u16,
    },
    /// A unique rectangle or loop of SE's type 3: the two loop cells with other values
    /// (`roof`) act as one cell that holds one of `extra` (else the pair could swap
    /// around the loop). In `unit`, which holds both, that cell and `subset` make a
    /// naked subset of `subset_values` (`hidden` false: those values leave the unit's
    /// other cells), or `subset_values`, the pair among them, have no other places than
    /// the roof and `subset` (`hidden` true: `subset` keeps only them).
    UniqueLoopSubset {
        /// The loop's cells, in order around it.
        cells: Vec<Cell>,
        /// The two values.
        values: [u8; 2],
        /// The two loop cells with other values.
        roof: [Cell; 2],
        /// Their other values.
        extra: Vec<u8>,
        /// The unit the roof shares with the subset.
        unit: Unit,
        /// Whether the subset is hidden (else naked).
        hidden: bool,
        /// The subset's cells besides the roof.
        subset: Vec<Cell>,
        /// The subset's values.
        subset_values: Vec<u8>,
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
        /// The score in tenths: the loop's, plus a tenth for each subset value past the
        /// first (naked) or the second (hidden).
        tenths: u16,
    },
    /// The bivalue universal grave: without `values` in `cells`, every empty cell would
    /// have two candidates and every value two places in every unit, which would give
    /// the puzzle two solutions. Type `kind` 1: the one cell keeps only its BUG values;
    /// 2: the one value leaves every cell that sees all the BUG cells.
    Bug {
        /// SE's type, 1 or 2.
        kind: u8,
        /// The cells with more than two candidates that the grave needs.
        cells: Vec<Cell>,
        /// Their candidates beyond the grave.
        values: Vec<u8>,
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
    },
    /// An aligned exclusion ([`Technique::AlignedTripleExclusion`]): every way to fill
    /// `cells` that gives one of them a removed candidate repeats a value within a unit
    /// or takes all the candidates of one of `excluders`, which see all of `cells`.
    AlignedExclusion {
        /// The cells filled together.
        cells: Vec<Cell>,
        /// The cells that see them all and hold no more candidates than they are many.
        excluders: Vec<Cell>,
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
    },
    /// A forcing chain or bidirectional cycle (see [`Technique::Cycle`] and the
    /// others): `links` are the candidates the chain passes, each with whether it holds
    /// (`true`) or not, from the assumption to the end.
    Chain {
        /// [`Technique::Cycle`], [`Technique::ForcingXChain`], [`Technique::XYCycle`] or
        /// [`Technique::ForcingChain`].
        technique: Technique,
        /// `(cell, value, holds)`, from the first assumption on.
        links: Vec<(Cell, u8, bool)>,
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
        /// The score in tenths: the technique's, plus Sudoku Explainer's increment for
        /// the chain's length.
        tenths: u16,
    },
    /// A forcing net ([`Technique::NishioForcingChain`],
    /// [`Technique::MultipleForcingChain`], [`Technique::DynamicForcingChain`]): from
    /// `premise`, every way leads to `conclusion` (a cell, a value, whether it holds).
    Net {
        /// The technique.
        technique: Technique,
        /// What the chains start from.
        premise: Premise,
        /// The candidate the chains settle, and whether it holds.
        conclusion: (Cell, u8, bool),
        /// The chains, one per branch (for a contradiction, the two lines to the
        /// candidate found both on and off): each the main line of implications from its
        /// assumption to its end, `(cell, value, holds)`. A dynamic chain's link may also
        /// rest on candidates the same branch took out earlier, which the line leaves out.
        branches: Vec<Vec<(Cell, u8, bool)>>,
        /// The candidates removed.
        eliminations: Vec<(Cell, u8)>,
        /// The score in tenths: the technique's, plus Sudoku Explainer's increment for
        /// the chains' length.
        tenths: u16,
    },
}

/// Where the chains of a [`Step::Net`] start.
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

impl Step {
    /// The technique this step uses.
    pub fn technique(&self) -> Technique {
        match self {
            Self::NakedSingle { .. } => Technique::NakedSingle,
            Self::HiddenSingle { .. } => Technique::HiddenSingle,
            Self::FullHouse { .. } => Technique::FullHouse,
            Self::Direct { cause, .. } => match cause.technique() {
                Technique::Pointing => Technique::DirectPointing,
                Technique::Claiming => Technique::DirectClaiming,
                Technique::HiddenPair => Technique::DirectHiddenPair,
                _ => Technique::DirectHiddenTriple,
            },
            Self::LockedCandidates { technique, .. }
            | Self::Wing { technique, .. }
            | Self::Chain { technique, .. }
            | Self::Net { technique, .. } => *technique,
            Self::NakedSubset { cells, .. } => match cells.len() {
                2 => Technique::NakedPair,
                3 => Technique::NakedTriple,
                _ => Technique::NakedQuad,
            },
            Self::HiddenSubset { cells, .. } => match cells.len() {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuad,
            },
            Self::Fish { base, .. } => match base.len() {
                2 => Technique::XWing,
                3 => Technique::Swordfish,
                _ => Technique::Jellyfish,
            },
            Self::Coloring { .. } => Technique::SimpleColoring,
            Self::UniqueLoop { .. } | Self::UniqueLoopSubset { .. } => Technique::UniqueRectangle,
            Self::AlignedExclusion { .. } => Technique::AlignedTripleExclusion,
            Self::Bug { .. } => Technique::Bug,
        }
    }

    /// The cell and value placed, for a single.
    pub fn placement(&self) -> Option<(Cell, u8)> {
        match *self {
            Self::NakedSingle { cell, value }
            | Self::HiddenSingle { cell, value, .. }
            | Self::FullHouse { cell, value, .. }
            | Self::Direct { cell, value, .. } => Some((cell, value)),
            _ => None,
        }
    }

    /// Every candidate removed, as `(cell, value)`. Empty for a single (placing it
    /// removes the value from the peers as a matter of course); a direct form's are its
    /// cause's.
    pub fn eliminations(&self) -> Vec<(Cell, u8)> {
        let of = |cells: &[Cell], value: u8| cells.iter().map(|&cell| (cell, value)).collect();
        match self {
            Self::NakedSingle { .. } | Self::HiddenSingle { .. } | Self::FullHouse { .. } => {
                Vec::new()
            }
            Self::Direct { cause, .. } => cause.eliminations(),
            Self::LockedCandidates {
                value,
                eliminations,
                ..
            }
            | Self::Fish {
                value,
                eliminations,
                ..
            }
            | Self::Coloring {
                value,
                eliminations,
                ..
            } => of(eliminations, *value),
            Self::Wing {
                values,
                eliminations,
                ..
            } => of(eliminations, values[2]),
            Self::NakedSubset { eliminations, .. }
            | Self::HiddenSubset { eliminations, .. }
            | Self::Chain { eliminations, .. }
            | Self::UniqueLoop { eliminations, .. }
            | Self::UniqueLoopSubset { eliminations, .. }
            | Self::AlignedExclusion { eliminations, .. }
            | Self::Bug { eliminations, .. }
            | Self::Net { eliminations, .. } => eliminations.clone(),
        }
    }

    /// The score in tenths: the technique's, except 12 for a hidden single in a box.
    pub(crate) fn tenths(&self) -> u16 {
        match self {
            Self::HiddenSingle {
                unit: Unit::Box(_), ..
            } => 12,
            Self::Chain { tenths, .. }
            | Self::UniqueLoop { tenths, .. }
            | Self::UniqueLoopSubset { tenths, .. }
            | Self::Net { tenths, .. } => *tenths,
            Self::Bug { kind, .. } => 55 + u16::from(*kind),
            _ => self.technique().tenths(),
        }
    }

    /// The difficulty of this step: the [technique's score](Technique::score), except
    /// that a hidden single in a box scores 1.2 (as in Sudoku Explainer) against 1.5 in a
    /// row or column, and that a chain adds SE's increment for its length.
    pub fn score(&self) -> f32 {
        super::technique::tenths_to_score(self.tenths())
    }
}
