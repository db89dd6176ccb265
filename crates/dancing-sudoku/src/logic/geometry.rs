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
    /// The peers of cell `i` (the cells that see it: its box, row, then column, as
    /// Sudoku Explainer lists them, without repeats) at `i * peers_per_cell ..`.
    pub(super) peers: Vec<u16>,
    /// How many peers each cell has.
    pub(super) peers_per_cell: usize,
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
            let boxes: Vec<u8> = (0..n * n).map(|i| box_of(i / n, i % n) as u8).collect();
            let peers_per_cell = 3 * (n - 1) - 2 * (order - 1);
            let mut peers = Vec::with_capacity(n * n * peers_per_cell);
            for (i, &b) in boxes.iter().enumerate() {
                let start = peers.len();
                let own = [2 * n + usize::from(b), i / n, n + i % n];
                for unit in own {
                    for k in 0..n {
                        let j = units[unit * n + k];
                        if usize::from(j) != i && !peers[start..].contains(&j) {
                            peers.push(j);
                        }
                    }
                }
                debug_assert_eq!(peers.len() - start, peers_per_cell);
            }
            Geometry {
                units,
                boxes,
                peers,
                peers_per_cell,
            }
        })
    }
}
