//! The premises of SE's forcing nets: each cell (its candidates on and off, each
//! leading to contradictions, double implications and the cell's forcing chains) and
//! each unit where a value has several places (its region forcing chains).

use std::rc::Rc;

use super::{Implied, Kind, Outcome, Premise, Search};
use crate::logic::state::bits;

impl Search<'_> {
    /// The steps that start from cell `i`: SE's `getMultipleChainsHintList` for one cell.
    pub(super) fn cell(&mut self, i: usize, net: Kind) {
        let s = self.s;
        let (y, dynamic) = match net {
            Kind::Nishio => (false, true),
            Kind::Multiple => (true, false),
            Kind::Dynamic | Kind::DynamicPlus | Kind::Nested(_) => (true, true),
        };
        let candidates = s.candidates[i];
        let count = candidates.count_ones();
        let cell_worth = self.cell_worth(i);
        let mut branches: Vec<(u8, Rc<Implied>)> = Vec::new();
        for b in bits(candidates) {
            if self.spent() {
                return;
            }
            let v = b as u8 + 1;
            let on = self.numbers.pot(i, v, true);
            let off = on & !1;
            if !cell_worth && !self.regions_worth(i, v) {
                continue; // (multiple chains in a grid left from a position without nets)
            }
            let implied = self.if_on(on, y, dynamic);
            let (if_on, absurd_on) = (&implied.0, implied.1);
            // Multiple chains use only what the candidate implies when on.
            if net != Kind::Multiple {
                let (if_off, absurd_off) = self.propagate(&[], &[off], y, dynamic);
                // A contradiction either way settles the candidate.
                for (outcome, absurd, target) in
                    [(if_on, absurd_on, on), (&if_off, absurd_off, off)]
                {
                    if let Some((a, b)) = absurd {
                        let length = self.ancestors(outcome, a) + self.ancestors(outcome, b);
                        let premise = Premise::Contradiction(s.cell(i), v, target & 1 == 1);
                        let ends = [(outcome, a), (outcome, b)];
                        self.offer(net, (premise, &ends), target ^ 1, length, 7);
                    }
                }
                if net.is_dynamic() && count >= 3 {
                    // What follows from the candidate on and from it off.
                    for list in [&if_on.on, &if_on.off] {
                        for &a in list {
                            let pot = if_on.nodes[a as usize].pot;
                            if let Some(b) = if_off.node_of(pot) {
                                let length = self.ancestors(if_on, a) + self.ancestors(&if_off, b);
                                let premise = Premise::Either(s.cell(i), v);
                                let ends = [(if_on, a), (&if_off, b)];
                                self.offer(net, (premise, &ends), pot, length, 1);
                            }
                        }
                    }
                }
                self.recycle(if_off);
            }
            if net != Kind::Nishio {
                self.regions(i, v, if_on, net, (y, dynamic));
            }
            branches.push((v, Rc::clone(&implied)));
        }
        if net != Kind::Nishio && cell_worth {
            // What every candidate of the cell implies.
            let first = &branches[0].1.0;
            for list in [&first.on, &first.off] {
                for &a in list {
                    let pot = first.nodes[a as usize].pot;
                    let nodes: Option<Vec<u32>> =
                        branches.iter().map(|(_, o)| o.0.node_of(pot)).collect();
                    let Some(nodes) = nodes else { continue };
                    let mut length = 0;
                    for ((_, o), &node) in branches.iter().zip(&nodes) {
                        length += self.ancestors(&o.0, node);
                    }
                    let premise = Premise::Cell(s.cell(i));
                    let ends: Vec<(&Outcome, u32)> =
                        branches.iter().map(|(_, o)| &o.0).zip(nodes).collect();
                    self.offer(net, (premise, &ends), pot, length, 5);
                }
            }
        }
    }

    /// Whether the cell forcing chains of cell `i` can give a step: always, but for
    /// multiple chains in a grid that a chain left from a position without nets
    /// (`Search::fresh`), where the cell must have lost candidates, or one of its candidates
    /// reach a new strong link.
    fn cell_worth(&self, i: usize) -> bool {
        let ons = || bits(self.s.candidates[i]).map(|b| self.numbers.pot(i, b as u8 + 1, true));
        if let Some(closure) = &self.closure
            && !closure.common(ons())
        {
            return false;
        }
        let Some(fresh) = &self.fresh else {
            return true;
        };
        fresh.candidates[i] != self.s.candidates[i]
            || bits(self.s.candidates[i]).any(|b| {
                self.reaching
                    .reaches(self.numbers.pot(i, b as u8 + 1, true))
            })
    }

    /// [`cell_worth`](Self::cell_worth) for the region forcing chains of `v` in `unit`.
    fn unit_worth(&self, unit: usize, v: u8) -> bool {
        let slot = unit * self.s.side + usize::from(v) - 1;
        let places = self.source_places[slot];
        let ons = || bits(places).map(|k| self.numbers.pot(self.s.unit_cell(unit, k), v, true));
        if let Some(closure) = &self.closure
            && !closure.common(ons())
        {
            return false;
        }
        let Some(fresh) = &self.fresh else {
            return true;
        };
        fresh.places[slot] != places
            || bits(places).any(|k| {
                let j = self.s.unit_cell(unit, k);
                self.reaching.reaches(self.numbers.pot(j, v, true))
            })
    }

    /// Whether some region forcing chain of `v` starting at cell `i` is worth a search.
    fn regions_worth(&self, i: usize, v: u8) -> bool {
        let s = self.s;
        s.se_units(i).into_iter().any(|unit| {
            let places = self.source_places[unit * s.side + usize::from(v) - 1];
            places.count_ones() >= 2
                && s.unit_cell(unit, places.trailing_zeros() as usize) == i
                && self.unit_worth(unit, v)
        })
    }

    /// Region forcing chains on `value`, for the units of cell `i` where `i` is the
    /// first place of the value: what each place implies holds.
    fn regions(&mut self, i: usize, v: u8, if_on: &Outcome, net: Kind, (y, dynamic): (bool, bool)) {
        let s = self.s;
        for unit in self.s.se_units(i) {
            let places = self.source_places[unit * s.side + usize::from(v) - 1];
            if places.count_ones() < 2
                || s.unit_cell(unit, places.trailing_zeros() as usize) != i
                || !self.unit_worth(unit, v)
            {
                continue;
            }
            let others: Vec<Rc<Implied>> = bits(places)
                .skip(1)
                .map(|k| self.if_on(self.numbers.pot(s.unit_cell(unit, k), v, true), y, dynamic))
                .collect();
            for list in [&if_on.on, &if_on.off] {
                for &a in list {
                    let pot = if_on.nodes[a as usize].pot;
                    let nodes: Option<Vec<u32>> = others.iter().map(|o| o.0.node_of(pot)).collect();
                    let Some(nodes) = nodes else { continue };
                    let mut length = self.ancestors(if_on, a);
                    for (o, &node) in others.iter().zip(&nodes) {
                        length += self.ancestors(&o.0, node);
                    }
                    let premise = Premise::Region(s.unit(unit), v);
                    let ends: Vec<(&Outcome, u32)> = std::iter::once((if_on, a))
                        .chain(others.iter().map(|o| &o.0).zip(nodes))
                        .collect();
                    self.offer(net, (premise, &ends), pot, length, 6);
                }
            }
        }
    }
}
