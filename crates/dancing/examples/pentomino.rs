//! Packs the twelve pentominoes into a box (10 wide and 6 tall by default, written
//! `10x6` as `dancing problem pentomino` takes it): counts every packing and draws the
//! first. Each packing is counted with its rotations and reflections, so the 10×6 box
//! gives 9,356 = 4 × 2,339.
//!
//! ```text
//! cargo run --release -p dancing --example pentomino -- 10x6
//! ```

use std::process::ExitCode;

use dancing::Engine;
use dancing::{Solver, problems};

fn main() -> ExitCode {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "10x6".into());
    let Some((w, h)) = arg
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse::<usize>().ok()?, h.parse::<usize>().ok()?)))
    else {
        eprintln!("usage: pentomino [WIDTHxHEIGHT]   (area 60: 10x6, 12x5, 15x4, 20x3)");
        return ExitCode::from(2);
    };
    if h * w != 60 {
        eprintln!("the twelve pentominoes cover 60 cells, not {}", h * w);
        return ExitCode::from(2);
    }
    let problem = problems::pentominoes(w, h);
    let mut solver = Solver::new(&problem);
    if let Some(first) = solver.first() {
        print!(
            "{}",
            problems::packing_picture(&problem, &problems::Board::rectangle(w, h), first.options())
        );
    }
    let count = solver.count();
    // Each packing comes in its 4 reflections and rotations.
    let distinct = count.found() / 4;
    println!("{h}x{w}: {distinct} up to symmetry: {}", solver.stats());
    ExitCode::SUCCESS
}
