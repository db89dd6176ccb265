//! Double word squares with colors (Knuth's Algorithm C): fill a k×k grid so that every
//! row and every column is a word of the list, no word used twice.
//!
//! ```text
//! cargo run --release -p dancing --example word_squares -- [SQUARES] [WORDS_FILE]
//! ```
//!
//! Prints the first `SQUARES` squares (default 3) from `examples/data/words4.txt`, then
//! counts them all. Each square is found twice, once transposed (a symmetric square
//! would repeat its words, which the model forbids).
//!
//! The exact-cover model, as in TAOCP 7.2.2.1:
//! - primary items `r0 … r{k−1}` and `c0 … c{k−1}`: each row and column gets one word;
//! - secondary items `x{i}{j}`, one per cell, colored with the cell's letter: a row word
//!   and a column word may share a cell only if they give it the same letter;
//! - secondary item `w{word}`, uncolored: a word is used at most once.
//!
//! The option "row i is `word`" is `r{i} wword x{i}0:w[0] … x{i}{k−1}:w[k−1]`.

use dancing::Engine;
use std::error::Error;
use std::fmt::Write as _;

use dancing::{OptionId, Problem, Solver};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let shown: usize = match args.next() {
        Some(n) => n.parse()?,
        None => 3,
    };
    let path = args.next().unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/words4.txt").to_owned()
    });
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let words = read_words(&text)?;

    let problem = word_squares(&words)?;
    println!(
        "{} words of {} letters: {} items, {} options",
        words.len(),
        words[0].len(),
        problem.item_count(),
        problem.option_count()
    );
    let mut solver = Solver::new(&problem);
    for solution in solver.solutions().take(shown) {
        println!("{}", picture(&problem, solution.options()));
    }

    let count = solver.count();
    // A square and its transpose are distinct solutions (rows and columns swap words).
    let distinct = count.found() / 2;
    println!("{distinct} squares up to transposition: {}", solver.stats());
    solver.check_integrity()?;
    Ok(())
}

/// The words of a list: one per line, `#` starts a comment line, all of one length.
fn read_words(text: &str) -> Result<Vec<String>, Box<dyn Error>> {
    let words: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_lowercase)
        .collect();
    let Some(first) = words.first() else {
        return Err("the word list is empty".into());
    };
    let k = first.chars().count();
    if let Some(bad) = words
        .iter()
        .find(|w| w.chars().count() != k || !w.chars().all(|c| c.is_alphabetic()))
    {
        return Err(format!("`{bad}` is not a word of {k} letters").into());
    }
    Ok(words)
}

/// The double-word-square problem for words of one length.
fn word_squares(words: &[String]) -> Result<Problem, Box<dyn Error>> {
    let k = words[0].chars().count();
    let mut b = Problem::builder();
    let rows: Vec<_> = (0..k)
        .map(|i| b.primary(&format!("r{i}")))
        .collect::<Result<_, _>>()?;
    let cols: Vec<_> = (0..k)
        .map(|j| b.primary(&format!("c{j}")))
        .collect::<Result<_, _>>()?;
    let mut cell = Vec::with_capacity(k * k);
    for i in 0..k {
        for j in 0..k {
            cell.push(b.secondary(&format!("x{i}{j}"))?);
        }
    }
    let mut used = Vec::with_capacity(words.len());
    for word in words {
        // A repeated word in the list would be a repeated item name: skip it.
        match b.secondary(&format!("w{word}")) {
            Ok(item) => used.push(Some(item)),
            Err(_) => used.push(None),
        }
    }
    for (word, item) in words.iter().zip(&used) {
        let Some(item) = *item else { continue };
        let letters: Vec<String> = word.chars().map(String::from).collect();
        for line in 0..k {
            for across in [true, false] {
                let mut option = vec![(if across { rows[line] } else { cols[line] }, None)];
                option.push((item, None));
                for (pos, letter) in letters.iter().enumerate() {
                    let at = if across {
                        line * k + pos
                    } else {
                        pos * k + line
                    };
                    option.push((cell[at], Some(b.color(letter)?)));
                }
                b.colored_option(option)?;
            }
        }
    }
    Ok(b.build()?)
}

/// The rows of a square, read back from the colors of its row options.
fn picture(problem: &Problem, options: &[OptionId]) -> String {
    let mut rows: Vec<(String, String)> = options
        .iter()
        .filter_map(|&o| {
            let mut items = problem.option_items(o);
            let (line, _) = items.next()?;
            let name = problem.item_name(line);
            name.starts_with('r').then(|| {
                let word = items
                    .filter_map(|(_, color)| color.map(|c| problem.color_name(c).to_owned()))
                    .collect();
                (name.to_owned(), word)
            })
        })
        .collect();
    rows.sort();
    let mut out = String::new();
    for (_, word) in rows {
        let _ = writeln!(out, "  {}", word.to_uppercase());
    }
    out
}
