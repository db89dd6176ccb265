use dancing_sudoku::{Grid, Limits, SudokuSolver, bitmask::BitmaskSolver};
use std::time::{Duration, Instant};
fn main() {
    for order in 2..=6 {
        let empty = Grid::empty(order);
        let lim = Limits {
            timeout: Some(Duration::from_secs(5)),
            ..Limits::none()
        };
        let mut d = SudokuSolver::new();
        d.set_limits(lim.clone());
        let t = Instant::now();
        let s = d.solve(&empty).is_some();
        println!("order {order} dlx: {s} {:?} {:?}", t.elapsed(), d.stats());
        let mut b = BitmaskSolver::new();
        b.set_limits(lim);
        let t = Instant::now();
        let s = b.solve(&empty).is_some();
        println!(
            "order {order} bitmask: {s} {:?} {:?}",
            t.elapsed(),
            b.stats()
        );
    }
}
