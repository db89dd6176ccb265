//! Packs the twelve pentominoes into a box (6×10 by default): counts every packing and
//! draws the first. Each packing is counted with its rotations and reflections, so the
//! 6×10 box gives 9,356 = 4 × 2,339.
//!
//! ```text
//! cargo run --release -p dancing --example pentomino -- 6x10
//! ```

use dancing::Engine;
use dancing::{Solver, problems};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "6x10".into());
    let Some((h, w)) = arg
        .split_once('x')
        .and_then(|(h, w)| Some((h.parse::<usize>().ok()?, w.parse::<usize>().ok()?)))
    else {
        eprintln!("usage: pentomino [HxW]   (area 60: 6x10, 5x12, 4x15, 3x20)");
        std::process::exit(2);
    };
    if h * w != 60 {
        eprintln!("the twelve pentominoes cover 60 cells, not {}", h * w);
        std::process::exit(2);
    }
    let problem = problems::pentominoes(h, w);
    let mut solver = Solver::new(&problem);
    if let Some(first) = solver.first() {
        print!(
            "{}",
            problems::polyomino_picture(&problem, first.options(), h, w)
        );
    }
    let count = solver.count();
    // Each packing comes in its 4 reflections and rotations.
    let distinct = count.found() / 4;
    println!("{h}x{w}: {distinct} up to symmetry: {}", solver.stats());
}
