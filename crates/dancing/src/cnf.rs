//! Exact cover as a formula in conjunctive normal form, for SAT solvers.
//!
//! One Boolean variable per option (variable `k + 1` is option `k`, so DIMACS numbers
//! and [`OptionId`]s convert without a table), and for each item:
//!
//! - a primary item is covered **exactly once**: one clause "at least one of its
//!   options", and an at-most-one constraint over them;
//! - a secondary item is covered **at most once**; with colors, options that give it
//!   the same color may share it, so the at-most-one is over its *color classes*
//!   (one auxiliary variable per class of two or more options, implied by each of
//!   them) and its uncolored uses, each of which excludes every other use.
//!
//! Costs are not part of the formula: a SAT solver answers which options cover, not
//! which cover is cheapest.
//!
//! At-most-one constraints are written pairwise for short lists (`n(n−1)/2` binary
//! clauses, no new variables) and with Sinz's sequential counter for long ones
//! (`n − 1` auxiliary variables and about `3n` clauses); [`Encoding::pairwise_limit`]
//! sets the length where one gives way to the other.
//!
//! ```
//! use dancing::cnf::Cnf;
//!
//! let problem = dancing::format::parse_str("A B | C\nA C\nB\nA B C\n")?;
//! let cnf = Cnf::new(&problem);
//! assert_eq!(cnf.variable(dancing::OptionId::new(1)), 2);
//! let mut dimacs = Vec::new();
//! cnf.write_dimacs(&problem, &mut dimacs)?;
//! let dimacs = String::from_utf8(dimacs)?;
//! assert!(dimacs.contains("p cnf 3 "));
//! assert!(dimacs.contains("c 2 B\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};

use crate::{ids::ColorId, ids::OptionId, problem::Problem};

/// How to write at-most-one constraints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoding {
    /// Lists of at most this many literals are written pairwise; longer ones with a
    /// sequential counter. `usize::MAX` writes every list pairwise.
    pub pairwise_limit: usize,
}

impl Default for Encoding {
    /// Pairwise up to 32 literals, so every list of a sudoku up to 25×25 is pairwise: on
    /// the 25×25 benchmark the sequential counter was slower (docs/benchmarks.md, "Hard
    /// instances").
    fn default() -> Self {
        Self { pairwise_limit: 32 }
    }
}

impl Encoding {
    /// Every at-most-one written pairwise.
    pub fn pairwise() -> Self {
        Self {
            pairwise_limit: usize::MAX,
        }
    }

    /// Every at-most-one of three or more literals written as a sequential counter.
    pub fn sequential() -> Self {
        Self { pairwise_limit: 2 }
    }
}

/// Which options a formula leaves out or fixes, as found by a
/// [`Reduction`](crate::reduce::Reduction) or given by the caller.
#[derive(Debug, Clone, Copy)]
pub struct Restriction<'a> {
    /// Options that must be chosen (written as unit clauses).
    pub forced: &'a [OptionId],
    /// `removed[k]` is `true` when option `k` cannot be in any solution: it is left out
    /// of every clause, so a model may set its variable either way, and
    /// [`Cnf::decode`] ignores it.
    pub removed: &'a [bool],
}

/// An exact-cover problem as CNF clauses over one variable per option.
#[derive(Debug, Clone, Default)]
pub struct Cnf {
    options: usize,
    variables: usize,
    /// Clause literals, each clause closed by a 0 as in DIMACS.
    literals: Vec<i32>,
    clauses: usize,
    /// The options left out by a restriction (empty without one).
    removed: Vec<bool>,
}

impl Cnf {
    /// The formula of `problem`, with the default [`Encoding`].
    ///
    /// # Panics
    /// If the problem has multiplicities, as [`with`](Self::with).
    pub fn new(problem: &Problem) -> Self {
        Self::with(problem, Encoding::default(), None)
    }

    /// The formula of `problem` with a chosen encoding, restricted if asked: removed
    /// options appear in no clause, forced ones are unit clauses.
    ///
    /// # Panics
    /// If `restriction.removed` is shorter than the number of options, or names an
    /// option of another problem; or if the problem has multiplicities
    /// ([`Problem::has_bounds`]), which this encoding of exact cover does not express.
    pub fn with(
        problem: &Problem,
        encoding: Encoding,
        restriction: Option<Restriction<'_>>,
    ) -> Self {
        assert!(
            !problem.has_bounds(),
            "the CNF encoding does not express multiplicities"
        );
        let options = problem.option_count();
        if let Some(r) = restriction {
            assert!(r.removed.len() >= options, "one removed flag per option");
        }
        let live = |o: usize| restriction.is_none_or(|r| !r.removed[o]);
        let mut uses: Vec<Vec<(OptionId, Option<ColorId>)>> =
            vec![Vec::new(); problem.item_count()];
        for option in problem.options().filter(|o| live(o.index())) {
            for (item, color) in problem.option_items(option) {
                uses[item.index()].push((option, color));
            }
        }
        let mut cnf = Self {
            options,
            variables: options,
            literals: Vec::new(),
            clauses: 0,
            removed: restriction.map_or_else(Vec::new, |r| r.removed[..options].to_vec()),
        };
        if let Some(r) = restriction {
            for &option in r.forced {
                cnf.clause(&[variable(option)]);
            }
        }
        let mut list = Vec::new();
        for item in problem.items() {
            let uses = &uses[item.index()];
            list.clear();
            if problem.is_primary(item) {
                list.extend(uses.iter().map(|&(o, _)| variable(o)));
                cnf.clause(&list);
            } else {
                cnf.color_classes(uses, &mut list);
            }
            cnf.at_most_one(&list, encoding);
        }
        cnf
    }

    /// An upper bound on the literals of the formula of `problem` with `encoding`,
    /// under any restriction (which only removes options or adds one unit clause per
    /// forced option), counted from the items' uses without writing a clause: what a
    /// caller checks before the formula, or a solver given it, is made.
    ///
    /// ```
    /// use dancing::cnf::{Cnf, Encoding};
    ///
    /// let problem = dancing::problems::queens(8);
    /// let cnf = Cnf::new(&problem);
    /// let bound = Cnf::literals_at_most(&problem, Encoding::default());
    /// assert!(cnf.literal_count() <= bound);
    /// ```
    pub fn literals_at_most(problem: &Problem, encoding: Encoding) -> usize {
        let mut uses = vec![0usize; problem.item_count()];
        let mut colored = 0;
        for option in problem.options() {
            for (item, color) in problem.option_items(option) {
                uses[item.index()] += 1;
                colored += usize::from(color.is_some());
            }
        }
        let at_most_one = |m: usize| {
            if m <= encoding.pairwise_limit.max(2) {
                m * m.saturating_sub(1)
            } else {
                6 * m
            }
        };
        let items: usize = problem
            .items()
            .map(|item| {
                let m = uses[item.index()];
                let at_least_one = if problem.is_primary(item) { m } else { 0 };
                at_least_one + at_most_one(m)
            })
            .sum();
        // Each colored use may imply its color's variable; forced options are units.
        items + 2 * colored + problem.option_count()
    }

    /// The literals that stand for the uses of a secondary item: each uncolored use,
    /// and one per color (the option itself when it is the only one of its color, else
    /// a new variable that each option of the color implies).
    fn color_classes(&mut self, uses: &[(OptionId, Option<ColorId>)], list: &mut Vec<i32>) {
        let mut colored: Vec<(ColorId, i32)> = Vec::new();
        for &(option, color) in uses {
            match color {
                None => list.push(variable(option)),
                Some(color) => colored.push((color, variable(option))),
            }
        }
        colored.sort_unstable();
        for class in colored.chunk_by(|a, b| a.0 == b.0) {
            if let [(_, only)] = class {
                list.push(*only);
                continue;
            }
            let class_var = self.new_variable();
            for &(_, option) in class {
                self.clause(&[-option, class_var]);
            }
            list.push(class_var);
        }
    }

    /// At most one of `list` is true.
    fn at_most_one(&mut self, list: &[i32], encoding: Encoding) {
        if list.len() <= encoding.pairwise_limit.max(2) {
            for (i, &a) in list.iter().enumerate() {
                for &b in &list[i + 1..] {
                    self.clause(&[-a, -b]);
                }
            }
            return;
        }
        // Sinz's sequential counter: s_i means "one of list[..=i] is true".
        let mut previous = list[0];
        for (i, &x) in list.iter().enumerate().skip(1) {
            self.clause(&[-previous, -x]);
            if i + 1 < list.len() {
                let s = self.new_variable();
                self.clause(&[-previous, s]);
                self.clause(&[-x, s]);
                previous = s;
            }
        }
    }

    fn new_variable(&mut self) -> i32 {
        self.variables += 1;
        i32::try_from(self.variables).expect("fewer than 2^31 variables")
    }

    fn clause(&mut self, literals: &[i32]) {
        self.literals.extend_from_slice(literals);
        self.literals.push(0);
        self.clauses += 1;
    }

    /// The DIMACS variable of an option: its index plus one.
    pub fn variable(&self, option: OptionId) -> i32 {
        debug_assert!(option.index() < self.options);
        variable(option)
    }

    /// The option of a DIMACS variable, or `None` for an auxiliary variable (or one out
    /// of range).
    pub fn option(&self, variable: i32) -> Option<OptionId> {
        let index = usize::try_from(variable).ok()?.checked_sub(1)?;
        (index < self.options).then(|| OptionId::new(index))
    }

    /// Number of variables: one per option, then the auxiliary ones.
    pub fn variable_count(&self) -> usize {
        self.variables
    }

    /// Number of clauses.
    pub fn clause_count(&self) -> usize {
        self.clauses
    }

    /// The number of literals, over every clause.
    pub fn literal_count(&self) -> usize {
        self.literals.len() - self.clauses
    }

    /// The clauses, each a slice of non-zero DIMACS literals.
    pub fn clauses(&self) -> impl Iterator<Item = &[i32]> + '_ {
        self.literals.split(|&l| l == 0).take(self.clauses)
    }

    /// Writes the formula in DIMACS CNF, preceded by comment lines that map each option
    /// variable to its option (`c 7 r1c2 …`, the option in Knuth's format).
    ///
    /// # Errors
    /// If writing fails.
    pub fn write_dimacs(&self, problem: &Problem, out: &mut impl Write) -> io::Result<()> {
        writeln!(
            out,
            "c exact cover: {} items ({} primary), {} options",
            problem.item_count(),
            problem.primary_count(),
            problem.option_count()
        )?;
        writeln!(
            out,
            "c variables 1..={} are the options, in order; any higher ones are auxiliary",
            self.options
        )?;
        for option in problem.options() {
            writeln!(
                out,
                "c {} {}",
                variable(option),
                problem.format_option(option)
            )?;
        }
        writeln!(out, "p cnf {} {}", self.variables, self.clauses)?;
        for clause in self.clauses() {
            for literal in clause {
                write!(out, "{literal} ")?;
            }
            out.write_all(b"0\n")?;
        }
        Ok(())
    }

    /// The options set true in a model, given the value of each variable (`model(v)`
    /// for `v` in `1..=variable_count()`), in increasing order. Options a restriction
    /// removed are never among them, whatever their variables' values.
    pub fn decode(&self, mut model: impl FnMut(i32) -> bool) -> Vec<OptionId> {
        (0..self.options)
            .filter(|&k| !self.removed.get(k).copied().unwrap_or(false))
            .map(OptionId::new)
            .filter(|&o| model(variable(o)))
            .collect()
    }
}

fn variable(option: OptionId) -> i32 {
    i32::try_from(option.index() + 1).expect("fewer than 2^31 options")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;

    /// Every assignment of a tiny problem: the models of the formula, projected on the
    /// option variables, are exactly the exact covers.
    fn models(problem: &Problem, encoding: Encoding) -> Vec<Vec<OptionId>> {
        let cnf = Cnf::with(problem, encoding, None);
        let n = cnf.variable_count();
        assert!(n <= 20);
        let mut found = Vec::new();
        for bits in 0u32..1 << n {
            let value = |lit: i32| (bits >> (lit.unsigned_abs() - 1) & 1 == 1) == (lit > 0);
            if cnf.clauses().all(|c| c.iter().any(|&l| value(l))) {
                let options = cnf.decode(value);
                if !found.contains(&options) {
                    found.push(options);
                }
            }
        }
        found.sort();
        found
    }

    fn covers(problem: &Problem) -> Vec<Vec<OptionId>> {
        let mut found: Vec<Vec<OptionId>> = crate::solver::Solver::new(problem)
            .solutions()
            .map(|s| {
                let mut o = s.options().to_vec();
                o.sort();
                o
            })
            .collect();
        found.sort();
        found
    }

    #[test]
    fn models_are_the_exact_covers() {
        let text = "A B C | x y\nA x:1\nA x:2\nB x:1\nB y\nC y\nC\nA B\nB C x\n";
        let problem = crate::format::parse_str(text).unwrap();
        let expected = covers(&problem);
        assert!(!expected.is_empty());
        for encoding in [Encoding::pairwise(), Encoding::sequential()] {
            assert_eq!(models(&problem, encoding), expected, "{encoding:?}");
        }
    }

    #[test]
    fn restriction_forces_and_removes() {
        let problem = crate::format::parse_str("A B\nA\nB\nA B\n").unwrap();
        let removed = [false, false, true];
        let forced = [OptionId::new(0)];
        let cnf = Cnf::with(
            &problem,
            Encoding::default(),
            Some(Restriction {
                forced: &forced,
                removed: &removed,
            }),
        );
        assert!(cnf.clauses().any(|c| c == [1]));
        assert!(cnf.clauses().all(|c| !c.contains(&3) && !c.contains(&-3)));
        // A removed option is never decoded, even if a model sets its variable.
        assert_eq!(cnf.decode(|v| v != 2), [OptionId::new(0)]);
    }
}
