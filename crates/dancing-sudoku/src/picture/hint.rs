//! What a picture shows of a step: the cells of its pattern, the candidates it
//! removes, the value it places, and its chain's links, read from each family's data.

use crate::grid::Unit;
use crate::logic::{Cell, Step};
use crate::shape::Shape;
use crate::variant::Variant;

/// A link of a chain: from one candidate to the next, strong (the next holds because
/// the first does not) or weak (the next goes because the first holds).
pub(super) type Link = ((Cell, u8), (Cell, u8), bool);

/// The marks of a step on a picture.
#[derive(Debug, Default)]
pub(super) struct Marks {
    /// The cells of the step's pattern (shaded), and those of a second kind (a
    /// coloring's other colour, a unit a single is the last place in).
    pub(super) pattern: Vec<Cell>,
    pub(super) second: Vec<Cell>,
    /// The candidates removed, and the value placed.
    pub(super) removed: Vec<(Cell, u8)>,
    pub(super) placed: Option<(Cell, u8)>,
    pub(super) links: Vec<Link>,
}

/// The marks of `step` on a grid of `shape` under `variant`.
pub(super) fn marks(step: &Step, shape: Shape, variant: &Variant) -> Marks {
    let cells = |unit: Unit| unit_cells(unit, shape, variant);
    let mut marks = Marks {
        removed: step.eliminations().to_vec(),
        placed: step.placement(),
        ..Marks::default()
    };
    match step {
        Step::NakedSingle(single) => marks.pattern.push(single.cell),
        Step::HiddenSingle(single) => {
            marks.second = cells(single.unit);
            marks.pattern.push(single.cell);
        }
        Step::FullHouse(single) => {
            marks.second = cells(single.unit);
            marks.pattern.push(single.cell);
        }
        Step::Direct(direct) => {
            let cause = self::marks(&direct.cause, shape, variant);
            marks = Marks {
                second: cells(direct.unit),
                placed: Some((direct.cell, direct.value)),
                ..cause
            };
        }
        Step::LockedCandidates(locked) => {
            let to = cells(locked.to);
            marks.pattern = cells(locked.from)
                .into_iter()
                .filter(|c| to.contains(c))
                .collect();
        }
        Step::Subset(subset) => marks.pattern.clone_from(&subset.cells),
        Step::Fish(fish) => {
            let covers: Vec<Cell> = fish.cover.iter().flat_map(|&u| cells(u)).collect();
            marks.pattern = fish
                .base
                .iter()
                .flat_map(|&u| cells(u))
                .filter(|c| covers.contains(c))
                .collect();
        }
        Step::Wing(wing) => {
            marks.pattern.push(wing.pivot);
            marks.second.extend(wing.pincers);
        }
        Step::Coloring(coloring) => {
            marks.pattern.clone_from(&coloring.colors[0]);
            marks.second.clone_from(&coloring.colors[1]);
        }
        Step::UniqueLoop(unique) => marks.pattern.clone_from(&unique.cells),
        Step::UniqueLoopSubset(unique) => {
            marks.pattern.clone_from(&unique.cells);
            marks.second.clone_from(&unique.subset);
        }
        Step::Bug(bug) => marks.pattern.clone_from(&bug.cells),
        Step::AlignedExclusion(aligned) => {
            marks.pattern.clone_from(&aligned.cells);
            marks.second.clone_from(&aligned.excluders);
        }
        Step::Chain(chain) => {
            marks.links = links(&chain.links);
            marks.pattern = chain.links.iter().map(|&(cell, _, _)| cell).collect();
        }
        Step::Net(net) => {
            for branch in &net.branches {
                marks.links.extend(links(branch));
                marks
                    .pattern
                    .extend(branch.iter().map(|&(cell, _, _)| cell));
            }
        }
    }
    marks.pattern.sort_unstable();
    marks.pattern.dedup();
    marks
}

/// The links between consecutive potentials of a chain: strong into a candidate that
/// holds, weak into one that goes.
fn links(potentials: &[(Cell, u8, bool)]) -> Vec<Link> {
    potentials
        .windows(2)
        .map(|pair| {
            let [(a, v, _), (b, w, holds)] = [pair[0], pair[1]];
            ((a, v), (b, w), holds)
        })
        .collect()
}

/// The cells of `unit` on a grid of `shape` under `variant`.
pub(super) fn unit_cells(unit: Unit, shape: Shape, variant: &Variant) -> Vec<Cell> {
    let n = shape.side();
    let units = variant.units(shape);
    let index = match unit {
        Unit::Row(r) => r,
        Unit::Column(c) => n + c,
        Unit::Box(k) | Unit::Region(k) => 2 * n + k,
        Unit::Diagonal(k) | Unit::Window(k) => 3 * n + k,
    };
    units
        .get(index)
        .map(|cells| cells.iter().map(|&i| (i / n, i % n)).collect())
        .unwrap_or_default()
}
