//! The builder and the search fed structured random problems: the bytes are decoded
//! into items, colors and options (some deliberately invalid). The builder must accept
//! exactly the valid options, keep them as given, and the search must be correct.

use dancing::{BuildError, ColorId, ItemId, OptionId, Problem};

use crate::verify;

/// Search-tree nodes a built problem may use per check.
const MAX_NODES: u64 = 50_000;
/// Options tried per input; most problems stay small enough for the oracle.
const MAX_OPTIONS: usize = 24;

/// Reads bytes, then zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        usize::from(self.next()) % n
    }
}

/// Decodes `data` into builder calls and checks the outcome.
pub fn check(data: &[u8]) {
    let mut bytes = Bytes(data);
    let primaries = bytes.below(9);
    let secondaries = bytes.below(5);
    let colors = bytes.below(4);
    let mut builder = Problem::builder();
    let mut is_primary = Vec::new();
    for i in 0..primaries {
        builder
            .primary(&format!("p{i}"))
            .expect("fresh primary name");
        is_primary.push(true);
    }
    for i in 0..secondaries {
        builder
            .secondary(&format!("s{i}"))
            .expect("fresh secondary name");
        is_primary.push(false);
    }
    if primaries > 0 {
        assert_eq!(
            builder.secondary("p0"),
            Err(BuildError::DuplicateItem { name: "p0".into() })
        );
    }
    assert!(matches!(
        builder.primary("a b"),
        Err(BuildError::InvalidName { .. })
    ));
    let color_ids: Vec<ColorId> = (0..colors)
        .map(|c| builder.color(&format!("c{c}")).expect("fresh color"))
        .collect();
    let items = is_primary.len();

    // The options the builder accepted, as given.
    let mut accepted: Vec<Vec<(ItemId, Option<ColorId>)>> = Vec::new();
    let mut costs = Vec::new();
    while !bytes.0.is_empty() && accepted.len() + 1 < MAX_OPTIONS {
        let len = bytes.below(6);
        let mut option = Vec::with_capacity(len);
        for _ in 0..len {
            // One byte in 64 names an item that does not exist.
            let b = bytes.next();
            let item = if b >= 252 {
                items + usize::from(b - 252)
            } else {
                usize::from(b) % items.max(1)
            };
            let color = match bytes.below(colors + 2) {
                0 | 1 => None,
                c if c - 2 < colors => Some(color_ids[c - 2]),
                _ => None,
            };
            option.push((ItemId::new(item), color));
        }
        let expected = expected_error(&is_primary, colors, &option);
        match builder.colored_option(option.iter().copied()) {
            Ok(id) => {
                assert!(
                    expected.is_none(),
                    "accepted {option:?}, expected {expected:?}"
                );
                assert_eq!(id, OptionId::new(accepted.len()));
                let cost = u64::from(bytes.next() % 4);
                if cost > 0 {
                    builder.set_cost(id, cost);
                }
                costs.push(cost);
                accepted.push(option);
            }
            Err(e) => assert!(expected.is_some(), "rejected {option:?}: {e}"),
        }
    }
    assert_eq!(builder.option_count(), accepted.len());
    let problem = match builder.build() {
        Ok(problem) => problem,
        Err(e) => {
            assert_eq!(e, BuildError::NoPrimaryItems);
            assert_eq!(primaries, 0);
            return;
        }
    };
    assert_eq!(problem.option_count(), accepted.len());
    assert_eq!(problem.item_count(), items);
    for (id, (option, &cost)) in problem.options().zip(accepted.iter().zip(&costs)) {
        let stored: Vec<_> = problem.option_items(id).collect();
        assert_eq!(&stored, option, "option {id} changed");
        assert_eq!(problem.option_cost(id), cost);
    }
    verify::search(&problem, MAX_NODES);

    // The text format writes and reads back the same problem.
    let text = dancing::format::to_string(&problem);
    let again = dancing::format::parse_str(&text)
        .unwrap_or_else(|e| panic!("written problem does not parse: {e}\n{text}"));
    assert_eq!(dancing::format::to_string(&again), text);
}

/// Whether the builder should reject `option`, by the documented rules.
fn expected_error(
    is_primary: &[bool],
    colors: usize,
    option: &[(ItemId, Option<ColorId>)],
) -> Option<&'static str> {
    if option.is_empty() {
        return Some("empty");
    }
    let mut seen = vec![false; is_primary.len()];
    for &(item, color) in option {
        let Some(&primary) = is_primary.get(item.index()) else {
            return Some("out of range");
        };
        if std::mem::replace(&mut seen[item.index()], true) {
            return Some("repeated");
        }
        if let Some(c) = color {
            if primary {
                return Some("colored primary");
            }
            if c.index() >= colors {
                return Some("color out of range");
            }
        }
    }
    if !option.iter().any(|&(i, _)| is_primary[i.index()]) {
        return Some("no primary");
    }
    None
}
