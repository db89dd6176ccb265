//! Small random exact-cover problems and brute-force oracles, shared by the property
//! tests of `dancing` and `dancing-sat`: a few primary and up to 3 secondary items, so every
//! subset of the options can be checked against the definition directly.
//!
//! ```
//! use dancing_testkit::{Spec, brute_force_colored, build_colored};
//!
//! // Items p0, p1 (primary) and s0 (secondary); s0 colored 0 by both options of p0
//! // and p1 may be shared.
//! let spec = Spec {
//!     primary: 2,
//!     secondary: 1,
//!     options: vec![
//!         vec![(0, None), (2, Some(0))],
//!         vec![(1, None), (2, Some(0))],
//!         vec![(0, None), (1, None)],
//!     ],
//! };
//! let covers = brute_force_colored(&spec, Vec::as_slice);
//! assert_eq!(covers.into_iter().collect::<Vec<_>>(), [vec![0, 1], vec![2]]);
//! let problem = build_colored(&spec, Vec::as_slice, |_, _| {});
//! assert_eq!(problem.option_count(), 3);
//! ```

#[cfg(feature = "render")]
pub mod render;
#[cfg(feature = "sudoku")]
pub mod sudoku;

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::ops::RangeInclusive;

use dancing::{ItemId, OptionId, Problem, ProblemBuilder};
use proptest::prelude::*;

/// A small problem: items `0..primary` are primary, the next `secondary` ones secondary,
/// and options of type `O` that name items by index.
#[derive(Debug, Clone)]
pub struct Spec<O> {
    /// How many primary items.
    pub primary: usize,
    /// How many secondary items.
    pub secondary: usize,
    /// The options, in input order.
    pub options: Vec<O>,
}

/// The items of an option with their colors: `(item index, color)`, colors only on
/// secondary items.
pub type Colored = Vec<(usize, Option<u8>)>;

/// Problems of `primary` primary items (five at most keeps the brute force quick), up
/// to three secondary ones and at most `max_options` options, each drawn by
/// `option(primary, items)`.
pub fn spec<O, S>(
    primary: RangeInclusive<usize>,
    max_options: usize,
    option: impl Fn(usize, usize) -> S + Clone,
) -> impl Strategy<Value = Spec<O>>
where
    O: Debug + Clone,
    S: Strategy<Value = O>,
{
    (primary, 0usize..=3).prop_flat_map(move |(primary, secondary)| {
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
pub fn option_items(primary: usize, items: usize) -> impl Strategy<Value = Vec<usize>> {
    proptest::sample::subsequence((0..items).collect::<Vec<_>>(), 1..=items.min(4))
        .prop_filter("needs a primary item", move |o| {
            o.iter().any(|&i| i < primary)
        })
}

/// The items of an option ([`option_items`]), each secondary one colored with
/// probability `p`, by one of `colors` colors.
pub fn colored_items(
    primary: usize,
    items: usize,
    colors: u8,
    p: f64,
) -> impl Strategy<Value = Colored> {
    (
        option_items(primary, items),
        proptest::collection::vec(proptest::option::weighted(p, 0..colors), 4),
    )
        .prop_map(move |(items, colors)| {
            items
                .into_iter()
                .zip(colors)
                .map(|(i, c)| (i, if i < primary { None } else { c }))
                .collect()
        })
}

/// The indices of `options`, sorted, to compare solutions as sets.
pub fn sorted(options: &[OptionId]) -> Vec<usize> {
    let mut v: Vec<usize> = options.iter().map(|o| o.index()).collect();
    v.sort_unstable();
    v
}

/// Declares a spec's items, primary `p0`, `p1`, … then secondary `s0`, `s1`, …, in
/// the order the spec's options index them.
pub fn declare_items<O>(b: &mut ProblemBuilder, spec: &Spec<O>) -> Vec<ItemId> {
    let mut ids = Vec::new();
    for k in 0..spec.primary {
        ids.push(b.primary(&format!("p{k}")).unwrap());
    }
    for k in 0..spec.secondary {
        ids.push(b.secondary(&format!("s{k}")).unwrap());
    }
    ids
}

/// Adds colored options to `b`: items `ids` by index, colors `red`, `green`, `blue`
/// by number. `extra(b, option)` runs after each one is added (to set a cost).
pub fn add_colored<O>(
    b: &mut ProblemBuilder,
    ids: &[ItemId],
    options: &[O],
    items_of: impl Fn(&O) -> &[(usize, Option<u8>)],
    mut extra: impl FnMut(&mut ProblemBuilder, (OptionId, &O)),
) {
    let colors: Vec<_> = ["red", "green", "blue"]
        .iter()
        .map(|name| b.color(name).unwrap())
        .collect();
    for option in options {
        let colored = items_of(option)
            .iter()
            .map(|&(i, c)| (ids[i], c.map(|c| colors[usize::from(c)])));
        let id = b.colored_option(colored).unwrap();
        extra(b, (id, option));
    }
}

/// The problem of a spec with colored options (at most three colors), built through
/// [`add_colored`]; `extra` as there, with each option's id.
pub fn build_colored<O>(
    spec: &Spec<O>,
    items_of: impl Fn(&O) -> &[(usize, Option<u8>)],
    extra: impl FnMut(&mut ProblemBuilder, (OptionId, &O)),
) -> Problem {
    let mut b = Problem::builder();
    let ids = declare_items(&mut b, spec);
    add_colored(&mut b, &ids, &spec.options, items_of, extra);
    b.build().unwrap()
}

/// How the chosen options of a colored spec use one item.
#[derive(Debug, Clone, Default)]
pub struct Usage {
    /// The chosen options that have it.
    pub uses: u32,
    /// Whether one of them leaves it uncolored.
    pub uncolored: bool,
    /// The colors they give it.
    pub colors: BTreeSet<u8>,
}

impl Usage {
    /// The rule of a secondary item: in at most one chosen option if one leaves it
    /// uncolored, else given one color by all that have it.
    pub fn secondary_ok(&self) -> bool {
        if self.uncolored {
            self.uses <= 1
        } else {
            self.colors.len() <= 1
        }
    }
}

/// How the options of `mask` (bit `k`: option `k`, its items by index with their
/// colors) use each of `items` items.
pub fn usage<'a>(
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

/// The option indices of `mask`, in order.
pub fn chosen(mask: u32, options: usize) -> Vec<usize> {
    (0..options).filter(|k| mask >> k & 1 == 1).collect()
}

/// Whether the options of `mask` cover the spec by the definition of exact covering
/// with colors: every primary item exactly once; a secondary item that some chosen
/// option leaves uncolored in no other chosen option; otherwise one color from every
/// chosen option that has it.
pub fn is_colored_cover<O>(
    spec: &Spec<O>,
    items_of: impl Fn(&O) -> &[(usize, Option<u8>)],
    mask: u32,
) -> bool {
    let items = spec.primary + spec.secondary;
    let usage = usage(items, spec.options.iter().map(items_of), mask);
    usage[..spec.primary].iter().all(|u| u.uses == 1)
        && usage[spec.primary..].iter().all(Usage::secondary_ok)
}

/// Every colored exact cover of the spec (as sorted option indices), by trying every
/// subset of its options.
pub fn brute_force_colored<O>(
    spec: &Spec<O>,
    items_of: impl Fn(&O) -> &[(usize, Option<u8>)] + Copy,
) -> BTreeSet<Vec<usize>> {
    (0u32..1 << spec.options.len())
        .filter(|&mask| is_colored_cover(spec, items_of, mask))
        .map(|mask| chosen(mask, spec.options.len()))
        .collect()
}

/// Knuth's format: items `i0` to `i{n-1}`, each with two options of its own, so
/// 2<sup>n</sup> solutions of `n` options each: a problem with many solutions and a
/// predictable order.
pub fn two_options_each(n: usize) -> String {
    let mut text = (0..n).map(|k| format!("i{k} ")).collect::<String>();
    text.push('\n');
    for k in 0..n {
        text.push_str(&format!("i{k}\ni{k}\n"));
    }
    text
}

/// Knuth's format with multiplicities: choose `lo` to `hi` of `k` options, each an item
/// `n` (bounded `lo:hi`) and an item of its own (`0:1`): C(k, lo) + … + C(k, hi)
/// solutions.
pub fn choose_between(lo: u32, hi: u32, k: usize) -> String {
    let mut text = format!("{lo}:{hi}|n");
    for j in 0..k {
        text.push_str(&format!(" 0:1|o{j}"));
    }
    text.push('\n');
    for j in 0..k {
        text.push_str(&format!("n o{j}\n"));
    }
    text
}

/// `len` bytes of a fixed pseudo-random stream (xorshift64): binary garbage for the
/// readers to refuse, the same in every run.
pub fn garbage(len: usize) -> Vec<u8> {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    (0..len)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 56) as u8
        })
        .collect()
}
