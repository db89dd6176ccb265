//! A forcing net found: its length as SE counts it, and its step (or, for a search
//! run as a rule inside an outer chain, its removals).

use super::super::deduction::Cell;
use super::net::Net;
use super::{Kind, Outcome, Premise, Search, length_tenths, plus};

impl Search<'_> {
    /// SE's complexity of a node: the distinct potentials among it and its ancestors.
    pub(super) fn ancestors(&mut self, out: &Outcome, node: u32) -> usize {
        let mut count = 0;
        self.visit_ancestors(out, node, |_| count += 1);
        count
    }

    /// Calls `visit` on `node` and each of its ancestors, one node a potential.
    pub(super) fn visit_ancestors(&mut self, out: &Outcome, node: u32, mut visit: impl FnMut(u32)) {
        self.stamp += 1;
        let mut todo = vec![node];
        while let Some(at) = todo.pop() {
            let pot = out.nodes[at as usize].pot as usize;
            if self.seen[pot] == self.stamp {
                continue;
            }
            self.seen[pot] = self.stamp;
            visit(at);
            todo.extend_from_slice(out.parents(at));
        }
    }

    /// Keeps the step settling `target`, of SE's `kind` (all of them, or the best so far
    /// only), whose branches end at `ends` (each a node of an outcome).
    pub(super) fn offer(
        &mut self,
        net: Kind,
        (premise, ends): (Premise, &[(&Outcome, u32)]),
        target: u32,
        length: usize,
        kind: u8,
    ) {
        let length = if self.level >= 2 {
            length + self.nested_length(ends)
        } else {
            length
        };
        let tenths = net.tenths() + length_tenths(length);
        let key = (tenths, length, kind);
        if let Some(outer) = self.outer {
            self.offer_inner(key, (premise, ends), target, outer);
            return;
        }
        if !self.findings.wanted(key) {
            return;
        }
        let eliminations = self.numbers.removals(self.s, target);
        if eliminations.is_empty() {
            return;
        }
        let (i, v, on) = self.numbers.parts(target);
        let mut rules = Vec::new();
        let branches = ends
            .iter()
            .enumerate()
            .map(|(b, &(outcome, node))| {
                let (line, by) = self.line_to(outcome, node);
                rules.extend(
                    by.into_iter()
                        .map(|(k, rule)| (b, k, plus::RULES[usize::from(rule)])),
                );
                line
            })
            .collect();
        let step = Net {
            technique: net.technique(),
            premise,
            conclusion: (self.s.cell(i), v, on),
            branches,
            rules,
            eliminations,
            tenths,
        };
        self.findings.keep(key, step);
    }

    /// The main line of implications from an assumption of `outcome` to `node`: each
    /// node's first parent, back to the assumption, as (cell, value, holds).
    /// With it, the links of the line that a rule inside the chain made (chains
    /// "plus"): their index in the line and the rule.
    #[allow(clippy::type_complexity)]
    fn line_to(&self, outcome: &Outcome, node: u32) -> (Vec<(Cell, u8, bool)>, Vec<(usize, u8)>) {
        let mut line = Vec::new();
        let mut ruled = Vec::new();
        let mut at = Some(node);
        while let Some(node) = at {
            let (i, v, on) = self.numbers.parts(outcome.nodes[node as usize].pot);
            if let Some(rule) = outcome.rule(node) {
                ruled.push((line.len(), rule));
            }
            line.push((self.s.cell(i), v, on));
            at = outcome.parents(node).first().copied();
        }
        line.reverse();
        let last = line.len() - 1;
        let ruled = ruled
            .into_iter()
            .rev()
            .map(|(k, rule)| (last - k, rule))
            .collect();
        (line, ruled)
    }
}
