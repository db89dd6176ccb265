//! Small random problems for the property tests of `brute_force` and `colors_and_costs`:
//! up to 5 primary and 3 secondary items, so every subset of the options can be checked
//! directly.

use std::collections::BTreeSet;
use std::fmt::Debug;

use dancing::{ItemId, OptionId, ProblemBuilder};
use proptest::prelude::*;

/// A small problem: items `0..primary` are primary, the next `secondary` ones secondary,
/// and options of type `O` that name items by index.
#[derive(Debug, Clone)]
pub(crate) struct Spec<O> {
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    pub(crate) options: Vec<O>,
}

/// Problems with at most `max_options` options, each drawn by `option(primary, items)`.
pub(crate) fn spec<O, S>(
    max_options: usize,
    option: impl Fn(usize, usize) -> S + Clone,
) -> impl Strategy<Value = Spec<O>>
where
    O: Debug + Clone,
    S: Strategy<Value = O>,
{
    (1usize..6, 0usize..4).prop_flat_map(move |(primary, secondary)| {
        let items = primary + secondary;
        proptest::collection::vec(option(primary, items), 0..=max_options).prop_map(
            move |options| Spec {
                primary,
                secondary,
                options,
            },
        )
    })
}

/// The items of an option: one to four of `0..items`, in order, at least one primary.
pub(crate) fn option_items(primary: usize, items: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items.min(4))
        .prop_filter("needs a primary item", move |o| {
            o.iter().any(|&i| i < primary)
        })
}

/// The indices of `options`, sorted, to compare solutions as sets.
pub(crate) fn sorted(options: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = options.iter().map(|o| o.index()).collect();
    v.sort_unstable();
    v
}

/// Declares a spec's items, primary `p0`, `p1`, … then secondary `s0`, `s1`, …, in
/// the order the spec's options index them.
pub(crate) fn declare_items<O>(b: &mut ProblemBuilder, spec: &Spec<O>) -> Vec<ItemId> {
    let mut ids = Vec::new();
    for k in 0..spec.primary {
        ids.push(b.primary(&format!("p{k}")).unwrap());
    }
    for k in 0..spec.secondary {
        ids.push(b.secondary(&format!("s{k}")).unwrap());
    }
    ids
}

/// How the chosen options of a colored spec use one item.
#[derive(Debug, Clone, Default)]
pub(crate) struct Usage {
    /// The chosen options that have it.
    pub(crate) uses: u32,
    /// Whether one of them leaves it uncolored.
    pub(crate) uncolored: bool,
    /// The colors they give it.
    pub(crate) colors: BTreeSet<u8>,
}

impl Usage {
    /// The rule of a secondary item: in at most one chosen option if one leaves it
    /// uncolored, else given one color by all that have it.
    pub(crate) fn secondary_ok(&self) -> bool {
        if self.uncolored {
            self.uses <= 1
        } else {
            self.colors.len() <= 1
        }
    }
}

/// How the options of `mask` (bit `k`: option `k`, its items by index with their
/// colors) use each of `items` items.
pub(crate) fn usage<'a>(
    items: usize,
    options: impl IntoIterator<Item = &'a [(usize, Option<u8>)]>,
    mask: u32,
) -> Vec<Usage> {
    let mut usage = vec![Usage::default(); items];
    for (k, option) in options.into_iter().enumerate() {
        if mask >> k & 1 == 1 {
            for &(i, c) in option {
                usage[i].uses += 1;
                match c {
                    Some(c) => {
                        usage[i].colors.insert(c);
                    }
                    None => usage[i].uncolored = true,
                }
            }
        }
    }
    usage
}
