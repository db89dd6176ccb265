//! `dancing problem tiling`: the ZOJ 3209 "Treasure Map" judge format, answered by the
//! engine's cheapest-solution search (every piece costs 1).

use dancing::Engine;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

use dancing::Stats;
use dancing::problems::{self, Rectangle, rectangle_tiling};

use crate::answer::Answer;
use crate::args::SearchArgs;
use crate::failure::{Failure, Outcome};
use crate::feedback::{self, Reading};
use crate::input;
use crate::output::PictureTarget;
use crate::search;

/// The largest input read, in bytes: a judge's input is far smaller.
const MAX_INPUT: u64 = 64 << 20;
/// The largest board side (the judge's is 30).
const MAX_SIDE: usize = 1000;
/// The most squares all pieces of one case may cover together: it bounds the matrix
/// (about 60 bytes of memory per square).
const MAX_PIECE_AREA: usize = 5_000_000;

/// One case of the judge's input.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Case {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) pieces: Vec<Rectangle>,
}

/// Answers each case of `file`, and with `target` draws each case's tiling (a board
/// with none left white) as one picture when the run ends.
pub(crate) fn run(
    file: Option<&Path>,
    args: &SearchArgs,
    target: Option<PictureTarget>,
) -> Result<Outcome, Failure> {
    let input = input::open(file)?;
    if input.interactive {
        feedback::hint_if_typing(Reading::Tiling);
    }
    let mut bytes = Vec::new();
    input
        .reader
        .take(MAX_INPUT + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Failure::input(format!("{}: read error: {e}", input.name)))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::input(format!(
            "{}: the input is larger than {} MiB; a judge's input is far smaller",
            input.name,
            MAX_INPUT >> 20
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::input(format!("{}: the input is not valid UTF-8", input.name)))?;
    let cases = parse(&text).map_err(|e| Failure::input(format!("{}: {e}", input.name)))?;

    let mut out = BufWriter::new(crate::output::stdout());
    let mut total = Stats::default();
    let mut answered = 0u64;
    let mut outcome = Outcome::ANSWERED;
    let mut pictures = Vec::new();
    for case in &cases {
        let problem = rectangle_tiling(case.width, case.height, &case.pieces);
        let mut solver = dancing::Solver::new(&problem);
        let best = search::cheapest(&mut solver, args, 1).into_iter().next();
        let stats = solver.stats();
        total += stats;
        outcome = Outcome::of(&stats);
        if outcome.is_stopped() {
            // A case cut short by a limit has no proven answer; stop here.
            break;
        }
        match &best {
            Some(best) => writeln!(out, "{}", best.cost())?,
            None => writeln!(out, "-1")?,
        }
        if target.is_some() {
            let chosen = best.as_ref().map_or(&[][..], |best| best.options());
            pictures.extend(problems::board_svg(&problem, chosen));
        }
        answered += 1;
    }
    out.flush()?;
    if let Some(target) = target {
        target.finish(&dancing::svg::gather(&pictures))?;
    }
    Answer::of(&total).field("cases", answered).print(args);
    Ok(outcome)
}

/// Reads the judge's format: the number of cases, then per case `n m p` and p lines
/// `x1 y1 x2 y2`. Numbers may be spread over lines in any way; errors give the line.
pub(crate) fn parse(text: &str) -> Result<Vec<Case>, String> {
    let mut tokens = dancing::format::strip_bom(text)
        .lines()
        .enumerate()
        .flat_map(|(k, line)| line.split_whitespace().map(move |t| (k + 1, t)));
    let mut last_line = 1;
    let mut number = |what: &str, max: usize| -> Result<usize, String> {
        let (line, token) = tokens
            .next()
            .ok_or_else(|| format!("line {last_line}: expected {what}, found the end"))?;
        last_line = line;
        token
            .parse::<usize>()
            .ok()
            .filter(|&n| n <= max)
            .ok_or_else(|| {
                format!(
                    "line {line}: expected {what} (an integer from 0 to {max}), found `{token}`"
                )
            })
    };
    let count = number("the number of cases", 100_000)?;
    let mut cases = Vec::with_capacity(count.min(1024));
    for case in 1..=count {
        let width = number("the board's width n", MAX_SIDE)?;
        let height = number("the board's height m", MAX_SIDE)?;
        let pieces = number("the number of pieces p", MAX_PIECE_AREA)?;
        if width == 0 || height == 0 {
            return Err(format!(
                "case {case}: the board is {width}×{height}, with no square"
            ));
        }
        let mut list = Vec::with_capacity(pieces.min(4096));
        let mut area = 0usize;
        for k in 1..=pieces {
            let x1 = number("x1", width)?;
            let y1 = number("y1", height)?;
            let x2 = number("x2", width)?;
            let y2 = number("y2", height)?;
            let piece = Rectangle { x1, y1, x2, y2 };
            if !piece.fits(width, height) {
                return Err(format!(
                    "case {case}, piece {k}: `{x1} {y1} {x2} {y2}` is not a rectangle with \
                     x1 < x2 ≤ {width} and y1 < y2 ≤ {height}"
                ));
            }
            area += (x2 - x1) * (y2 - y1);
            if area > MAX_PIECE_AREA {
                return Err(format!(
                    "case {case}: the pieces cover more than {MAX_PIECE_AREA} squares together"
                ));
            }
            list.push(piece);
        }
        cases.push(Case {
            width,
            height,
            pieces: list,
        });
    }
    if let Some((line, token)) = tokens.next() {
        return Err(format!(
            "line {line}: unexpected `{token}` after the last of {count} cases"
        ));
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_sample() {
        let cases = parse("2\n5 5 1\n0 0 5 5\n3 2 2\n0 0 3 2\n0 0 1 1\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!((cases[1].width, cases[1].height), (3, 2));
        assert_eq!(
            cases[1].pieces[1],
            Rectangle {
                x1: 0,
                y1: 0,
                x2: 1,
                y2: 1
            }
        );
    }

    #[test]
    fn errors_name_the_line() {
        // (input, the whole message)
        let cases = [
            (
                "1\n5 5 1\n0 0 6 5\n",
                "line 3: expected x2 (an integer from 0 to 5), found `6`",
            ),
            (
                "1\n5 5 1\n3 0 3 5\n",
                "case 1, piece 1: `3 0 3 5` is not a rectangle with x1 < x2 ≤ 5 and y1 < y2 ≤ 5",
            ),
            (
                "2\n5 5 1\n0 0 5 5\n",
                "line 3: expected the board's width n, found the end",
            ),
            (
                "1\n1 1 1\n0 0 1 1\n7\n",
                "line 4: unexpected `7` after the last of 1 cases",
            ),
            ("1\n0 4 0\n", "case 1: the board is 0×4, with no square"),
        ];
        for (input, message) in cases {
            assert_eq!(parse(input).unwrap_err(), message, "input {input:?}");
        }
        assert!(
            parse("x")
                .unwrap_err()
                .starts_with("line 1: expected the number")
        );
    }
}
