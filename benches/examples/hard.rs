//! Hard sudoku through the learner, against CaDiCaL on the complete encoding.
//!
//! `cargo run --release -p dancing-benches --example hard -- FILE [CONFIG…]`

use std::time::Instant;

use dancing::OptionId;
use dancing::cnf::Encoding;
use dancing::reduce::Rules;
use dancing_sat::{Config, Learner};
use dancing_sudoku::{Grid, encoding};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&args[0]).unwrap();
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.parse().unwrap())
        .collect();
    let which = args.get(1).map_or("ours", String::as_str);
    let order = puzzles[0].order();
    let problem = encoding::problem(order);
    let mut total = 0.0;
    let only: Option<Vec<usize>> = std::env::var("ONLY")
        .ok()
        .map(|s| s.split(',').map(|x| x.parse().unwrap()).collect());
    for (k, puzzle) in puzzles.iter().enumerate() {
        if only.as_ref().is_some_and(|o| !o.contains(&k)) {
            continue;
        }
        let givens: Vec<OptionId> = encoding::givens(puzzle).collect();
        let start = Instant::now();
        let (count, extra) = if which == "peer" || which == "seg" {
            peer(order, puzzle, which == "seg")
        } else {
            let mut config = Config::default();
            for a in &args[2..] {
                match a.as_str() {
                    "norules" => config.rules = Rules::none(),
                    "forced" => {
                        config.rules = Rules {
                            forced: true,
                            domination: false,
                        }
                    }
                    "seq" => config.encoding = Encoding::sequential(),
                    "backbone" => config.backbone = true,
                    "phase1" => config.options.retain(|o| o.0 != "phase"),
                    other => {
                        let (name, value) = other.split_once('=').unwrap();
                        config
                            .options
                            .push((name.to_string().leak(), value.parse().unwrap()));
                    }
                }
            }
            let mut learner = Learner::with_config(&problem, config);
            let count = learner.search(&givens, 2, |_| {}).unwrap();
            let s = learner.stats();
            (
                count,
                format!(
                    "left {} conflicts {} first {:.2}",
                    s.options_left,
                    s.conflicts,
                    s.first_found.unwrap_or_default().as_secs_f64()
                ),
            )
        };
        let t = start.elapsed().as_secs_f64();
        total += t;
        println!("{k:2} count {count} {t:7.2}s {extra}");
    }
    println!("total {total:.2}s");
}

/// CaDiCaL with its defaults on the complete encoding, givens as units, through the
/// `cadical` crate's own interface.
fn peer(order: usize, puzzle: &Grid, seg: bool) -> (u64, String) {
    let n = order * order;
    let var = |r: usize, c: usize, v: usize| ((r * n + c) * n + v + 1) as i32;
    let mut sat: cadical::Solver = cadical::Solver::new();
    let mut groups: Vec<Vec<i32>> = Vec::new();
    for a in 0..n {
        for b in 0..n {
            groups.push((0..n).map(|v| var(a, b, v)).collect()); // cell
            groups.push((0..n).map(|c| var(a, c, b)).collect()); // row a, digit b
            groups.push((0..n).map(|r| var(r, a, b)).collect()); // column a, digit b
            let (br, bc) = (a / order * order, a % order * order);
            groups.push(
                (0..n)
                    .map(|i| var(br + i / order, bc + i % order, b))
                    .collect(),
            );
        }
    }
    for g in &groups {
        sat.add_clause(g.iter().copied());
        for i in 0..g.len() {
            for j in i + 1..g.len() {
                sat.add_clause([-g[i], -g[j]]);
            }
        }
    }
    if seg {
        let mut next = (n * n * n) as i32;
        let mut exactly_one = |sat: &mut cadical::Solver, g: &[i32]| {
            sat.add_clause(g.iter().copied());
            for i in 0..g.len() {
                for j in i + 1..g.len() {
                    sat.add_clause([-g[i], -g[j]]);
                }
            }
        };
        for transpose in [false, true] {
            let x = |a: usize, b: usize, d: usize| {
                if transpose {
                    var(b, a, d)
                } else {
                    var(a, b, d)
                }
            };
            // segs[line][stack][d]
            let mut segs = vec![vec![vec![0i32; n]; order]; n];
            for line in 0..n {
                for stack in 0..order {
                    for d in 0..n {
                        next += 1;
                        let s = next;
                        segs[line][stack][d] = s;
                        let cells: Vec<i32> =
                            (0..order).map(|k| x(line, stack * order + k, d)).collect();
                        sat.add_clause(std::iter::once(-s).chain(cells.iter().copied()));
                        for &c in &cells {
                            sat.add_clause([-c, s]);
                        }
                    }
                }
            }
            for d in 0..n {
                for line in 0..n {
                    let g: Vec<i32> = (0..order).map(|st| segs[line][st][d]).collect();
                    exactly_one(&mut sat, &g);
                }
                for band in 0..order {
                    for stack in 0..order {
                        let g: Vec<i32> = (0..order)
                            .map(|k| segs[band * order + k][stack][d])
                            .collect();
                        exactly_one(&mut sat, &g);
                    }
                }
            }
        }
    }
    for r in 0..n {
        for c in 0..n {
            let v = puzzle.get(r, c) as usize;
            if v != 0 {
                sat.add_clause([var(r, c, v - 1)]);
            }
        }
    }
    let mut count = 0;
    while sat.solve() == Some(true) {
        count += 1;
        if count == 2 {
            break;
        }
        let block: Vec<i32> = (1..=(n * n * n) as i32)
            .filter(|&x| sat.value(x) == Some(true))
            .map(|x| -x)
            .collect();
        sat.add_clause(block);
    }
    (count, String::new())
}
