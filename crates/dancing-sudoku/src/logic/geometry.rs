//! The cells of every unit and the box of every cell, per shape.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::shape::Shape;

/// The cells of every unit and the box of every cell, for one shape: the techniques
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
    /// The tables of `shape`, built once per process: the classic shape's without a
    /// lock, the others' in a table of every shape seen.
    pub(super) fn of(shape: Shape) -> &'static Geometry {
        static CLASSIC: OnceLock<Geometry> = OnceLock::new();
        static OTHERS: OnceLock<Mutex<HashMap<Shape, &'static Geometry>>> = OnceLock::new();
        if shape == Shape::CLASSIC {
            return CLASSIC.get_or_init(|| Self::new(shape));
        }
        let mut others = OTHERS
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        // At most one table per shape (a few dozen shapes exist), kept for the process.
        others
            .entry(shape)
            .or_insert_with(|| Box::leak(Box::new(Self::new(shape))))
    }

    fn new(shape: Shape) -> Self {
        let n = shape.side();
        let mut units = Vec::with_capacity(3 * n * n);
        for unit in 0..3 * n {
            for k in 0..n {
                let cell = match unit / n {
                    0 => unit * n + k,
                    1 => k * n + (unit - n),
                    _ => {
                        let (r, c) = shape.box_cell(unit - 2 * n, k);
                        r * n + c
                    }
                };
                units.push(cell as u16);
            }
        }
        let boxes: Vec<u8> = (0..n * n)
            .map(|i| shape.box_of(i / n, i % n) as u8)
            .collect();
        // A cell's box shares box_cols cells with its row and box_rows with its column.
        let peers_per_cell = 3 * (n - 1) - (shape.box_rows() - 1) - (shape.box_cols() - 1);
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
    }
}
