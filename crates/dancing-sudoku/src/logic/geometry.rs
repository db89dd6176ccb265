//! The cells of every unit and the box of every cell, per order.

use std::sync::OnceLock;

use crate::MAX_ORDER;

/// The cells of every unit and the box of every cell, for one order: the techniques
/// walk units in their inner loops, where table lookups beat the divisions.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Geometry {
    /// The cells of unit `u` (rows, columns, boxes) at `u * side ..`, in reading order.
    pub(super) units: Vec<u16>,
    /// The box of each cell.
    pub(super) boxes: Vec<u8>,
}

impl Geometry {
    /// The tables of `order`, built once per process.
    pub(super) fn of(order: usize) -> &'static Geometry {
        static TABLES: [OnceLock<Geometry>; MAX_ORDER + 1] =
            [const { OnceLock::new() }; MAX_ORDER + 1];
        TABLES[order].get_or_init(|| {
            let n = order * order;
            let box_of = |r: usize, c: usize| (r / order) * order + c / order;
            let mut units = Vec::with_capacity(3 * n * n);
            for unit in 0..3 * n {
                for k in 0..n {
                    let cell = match unit / n {
                        0 => unit * n + k,
                        1 => k * n + (unit - n),
                        _ => {
                            let b = unit - 2 * n;
                            ((b / order) * order + k / order) * n + (b % order) * order + k % order
                        }
                    };
                    units.push(cell as u16);
                }
            }
            let boxes = (0..n * n).map(|i| box_of(i / n, i % n) as u8).collect();
            Geometry { units, boxes }
        })
    }
}
