//! The immutable problem: item and color names, option contents, and the pristine arena.

use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::arena::{Arena, Columns};
use crate::ids::{ColorId, Header, ItemId, ItemTable, OptionId};
use crate::intern::NameTable;

/// A built exact-cover problem. Cheap to clone (the data is shared); solve it with a
/// [`Solver`](crate::Solver).
#[derive(Debug, Clone)]
pub struct Problem {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    item_names: NameTable,
    primary: ItemTable<bool>,
    primary_count: usize,
    /// Each item's (lower, upper) bounds; empty when every primary item is 1:1.
    bounds: Vec<(u32, u32)>,
    color_names: NameTable,
    /// Node index of each option's first node, plus one past the last spacer.
    option_first: Vec<u32>,
    /// Cost of each option; empty when every option costs 0.
    costs: Vec<u64>,
    /// The options given a cost of 0 in so many words, sorted: written with it.
    zero_costs: Box<[u32]>,
    /// The links as built, before any search.
    arena: Arena,
    /// What the cheapest-solution search needs; `None` when every option costs 0.
    pricing: Option<Pricing>,
    /// The lists as built, flattened for [`Solver::set_forced`](crate::Solver::set_forced);
    /// made on its first use.
    columns: OnceLock<Columns>,
}

/// The names of a problem's items and colors, as the builder checked them.
#[derive(Debug)]
pub(crate) struct Names {
    /// Each item's name, in declaration order, found by its text.
    pub(crate) items: NameTable,
    /// Whether each item is primary.
    pub(crate) primary: Vec<bool>,
    /// Each item's (lower, upper) bounds: `(1, 1)` for plain primary items, `(0, 1)`
    /// for secondary ones.
    pub(crate) bounds: Vec<(u32, u32)>,
    /// Each color's name.
    pub(crate) colors: NameTable,
}

/// The tables of the branch-and-bound search ([`crate::cost`]), built once per problem.
#[derive(Debug)]
pub(crate) struct Pricing {
    /// The same links as [`Inner::arena`], with each item's options in increasing order
    /// of `key` (TAOCP's DLX5 also keeps item lists sorted by cost).
    pub(crate) arena: Arena,
    /// Per node: its option's cost per primary item, times [`Pricing::SCALE`], rounded
    /// down. Summed over items it never exceeds the true cost, so bounds stay admissible.
    pub(crate) key: Vec<u64>,
    /// Per node: its option's cost (0 for headers and spacers).
    pub(crate) cost: Vec<u64>,
}

impl Pricing {
    /// Fixed-point scale of [`Pricing::key`].
    pub(crate) const SCALE: u128 = 1 << 20;

    /// Lays out the tables from the arena as built and each option's cost.
    pub(crate) fn new(
        arena: &Arena,
        primary: &ItemTable<bool>,
        option_first: &[u32],
        costs: &[u64],
    ) -> Self {
        let mut key = vec![0u64; arena.nodes().len()];
        let mut cost = vec![0u64; arena.nodes().len()];
        for (option, &c) in costs.iter().enumerate() {
            let first = option_first[option] as usize;
            let end = option_first[option + 1] as usize - 1;
            let nodes = &arena.nodes()[first..end];
            let primaries = nodes
                .iter()
                .filter(|node| primary[Header::new(node.top)])
                .count()
                .max(1) as u128;
            let k = u64::try_from(u128::from(c) * Self::SCALE / primaries).unwrap_or(u64::MAX);
            key[first..end].fill(k);
            cost[first..end].fill(c);
        }
        let mut sorted = arena.clone();
        sorted.sort_lists(&key);
        Self {
            arena: sorted,
            key,
            cost,
        }
    }
}

impl Problem {
    /// Lays out the problem's tables from what the builder checked. `entries` holds
    /// (0-based item, color + 1 or 0) pairs, option after option; `ends[k]` is where
    /// option k ends; `costs` the cost of each option (shorter when the last cost 0),
    /// with the options whose cost was set to 0 in so many words.
    pub(crate) fn new(
        names: Names,
        entries: &[(u32, u32)],
        ends: &[u32],
        (mut costs, mut zero_costs): (Vec<u64>, Vec<u32>),
    ) -> Self {
        let has_colors = entries.iter().any(|&(_, c)| c != 0);
        let plain = names
            .primary
            .iter()
            .zip(&names.bounds)
            .all(|(&p, &b)| !p || b == (1, 1));
        let bounds = if plain { Vec::new() } else { names.bounds };
        let primary = ItemTable::new(names.primary);
        let (arena, option_first) = Arena::build(&primary, entries, ends, has_colors);
        if costs.iter().all(|&c| c == 0) {
            costs = Vec::new();
        } else {
            costs.resize(ends.len(), 0);
        }
        let pricing =
            (!costs.is_empty()).then(|| Pricing::new(&arena, &primary, &option_first, &costs));
        // A cost set to 0 and later to something else is not written as 0.
        zero_costs.retain(|&o| costs.get(o as usize).is_none_or(|&c| c == 0));
        zero_costs.sort_unstable();
        zero_costs.dedup();
        Problem {
            inner: Arc::new(Inner {
                primary_count: primary.iter().filter(|&&p| p).count(),
                bounds,
                item_names: names.items,
                primary,
                color_names: names.colors,
                option_first,
                costs,
                zero_costs: zero_costs.into_boxed_slice(),
                arena,
                pricing,
                columns: OnceLock::new(),
            }),
        }
    }

    /// The links as built, before any search.
    pub(crate) fn arena(&self) -> &Arena {
        &self.inner.arena
    }

    /// The tables of the cheapest-solution search; `None` when every option costs 0.
    pub(crate) fn pricing(&self) -> Option<&Pricing> {
        self.inner.pricing.as_ref()
    }

    /// Whether each item is primary.
    pub(crate) fn primary(&self) -> &ItemTable<bool> {
        &self.inner.primary
    }

    /// Node index of each option's first node, plus one past the last spacer.
    pub(crate) fn option_first(&self) -> &[u32] {
        &self.inner.option_first
    }

    /// The lists as built, flattened (made on first use).
    pub(crate) fn columns(&self) -> &Columns {
        let inner = &*self.inner;
        inner
            .columns
            .get_or_init(|| Columns::new(&inner.arena, &inner.option_first))
    }

    /// The items numbered primaries first, each group in declaration order, as the
    /// cells and dense engines number them: each item's number, by [`ItemId`] index,
    /// and the number of primary items (the primaries are numbered below it).
    pub(crate) fn primaries_first(&self) -> (Vec<u32>, usize) {
        let mut internal = vec![0u32; self.item_count()];
        let mut next = 0u32;
        for primary in [true, false] {
            for item in self.items().filter(|&i| self.is_primary(i) == primary) {
                internal[item.index()] = next;
                next += 1;
            }
        }
        (internal, self.primary_count())
    }

    /// The bytes the problem holds: its names, its links as built (twice when options
    /// have costs: the cheapest search keeps them sorted by cost too), and its
    /// tables. Each engine copies what it searches on
    /// ([`Engine::memory`](crate::Engine::memory)); this is what they share.
    pub fn memory(&self) -> usize {
        use crate::arena::heap;
        let inner = &*self.inner;
        let names = inner.item_names.memory() + inner.color_names.memory();
        let pricing = inner
            .pricing
            .as_ref()
            .map_or(0, |p| p.arena.memory() + heap(&p.key) + heap(&p.cost));
        names
            + inner.arena.memory()
            + pricing
            + heap(&inner.option_first)
            + heap(&inner.costs)
            + std::mem::size_of_val(&*inner.zero_costs)
            + heap(&inner.bounds)
            + inner.columns.get().map_or(0, Columns::memory)
    }

    /// Number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.inner.item_names.len()
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.inner.primary_count
    }

    /// Number of options.
    pub fn option_count(&self) -> usize {
        self.inner.option_first.len() - 1
    }

    /// Total number of item occurrences over all options (the ones in the matrix).
    pub fn entry_count(&self) -> usize {
        self.inner.arena.nodes().len() - self.item_count() - 1 - (self.option_count() + 1)
    }

    /// Whether any option gives a secondary item a color.
    pub fn has_colors(&self) -> bool {
        self.inner.arena.is_colored()
    }

    /// Whether any primary item has bounds other than 1:1 (multiplicities, searched by
    /// [`MultiSolver`](crate::MultiSolver)).
    pub fn has_bounds(&self) -> bool {
        !self.inner.bounds.is_empty()
    }

    /// How many times a solution may cover an item: `(lower, upper)`, inclusive.
    /// `(1, 1)` for a plain primary item, `(0, 1)` for a secondary one.
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn bounds(&self, item: ItemId) -> (u32, u32) {
        match self.inner.bounds.get(item.index()) {
            Some(&b) => b,
            None if self.inner.primary[item] => (1, 1),
            None => (0, 1),
        }
    }

    /// Whether any option has a non-zero cost.
    pub fn has_costs(&self) -> bool {
        !self.inner.costs.is_empty()
    }

    /// All items, in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + '_ {
        (0..self.item_count()).map(ItemId::new)
    }

    /// All options, in the order they were added.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        (0..self.option_count()).map(OptionId::new)
    }

    /// The name of an item.
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn item_name(&self, item: ItemId) -> &str {
        self.inner.item_names.name(item.index())
    }

    /// Whether an item is primary (covered exactly once) rather than secondary.
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn is_primary(&self, item: ItemId) -> bool {
        self.inner.primary[item]
    }

    /// The item with this name, if any.
    pub fn item_by_name(&self, name: &str) -> Option<ItemId> {
        self.inner.item_names.get(name).map(ItemId::new)
    }

    /// The name of a color.
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn color_name(&self, color: ColorId) -> &str {
        self.inner.color_names.name(color.index())
    }

    /// Number of distinct color names.
    pub fn color_count(&self) -> usize {
        self.inner.color_names.len()
    }

    /// The items of an option in the order they were given, each with its color.
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn option_items(&self, option: OptionId) -> OptionItems<'_> {
        let first = self.inner.option_first[option.index()] as usize;
        let end = self.inner.option_first[option.index() + 1] as usize - 1;
        OptionItems {
            problem: self,
            node: first,
            end,
        }
    }

    /// The cost of an option (0 unless one was given).
    ///
    /// # Panics
    /// If the id is not from this problem.
    pub fn option_cost(&self, option: OptionId) -> u64 {
        assert!(
            option.index() < self.option_count(),
            "option id {option} is out of range"
        );
        self.inner.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// An option written as in Knuth's format: item names separated by spaces, colors
    /// after a `:`, and a trailing `|cost` when the cost is not zero.
    pub fn format_option(&self, option: OptionId) -> String {
        self.display_option(option).to_string()
    }

    /// An option in Knuth's format, as [`format_option`](Self::format_option) gives it,
    /// written straight into a formatter or a writer, with no `String` allocated: for
    /// printing many solutions.
    ///
    /// ```
    /// let problem = dancing::format::parse_str("A B | X\nA X:red\nB\n")?;
    /// let option = dancing::OptionId::new(0);
    /// let mut out = Vec::new();
    /// std::io::Write::write_fmt(&mut out, format_args!("{}\n", problem.display_option(option)))?;
    /// assert_eq!(out, b"A X:red\n");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn display_option(&self, option: OptionId) -> DisplayOption<'_> {
        DisplayOption {
            problem: self,
            option,
        }
    }

    /// The option that owns an arena node (a node of an option, not a header or spacer).
    pub(crate) fn option_of_node(&self, node: u32) -> OptionId {
        let first = &self.inner.option_first;
        let after = first.partition_point(|&f| f <= node);
        debug_assert!(after >= 1 && after < first.len());
        OptionId::new(after - 1)
    }

    /// The node of `option` below node `x` of `arena` in `x`'s item's list, for a
    /// search that follows a sibling branch ([`Arena::sibling`]).
    pub(crate) fn sibling_node(
        &self,
        arena: &Arena,
        x: u32,
        option: OptionId,
    ) -> Result<u32, crate::error::ForceError> {
        arena.sibling(x, option, |y| self.option_of_node(y))
    }

    /// The first arena node of an option.
    pub(crate) fn first_node(&self, option: OptionId) -> u32 {
        self.inner.option_first[option.index()]
    }

    /// The arena nodes of `option`'s items (the spacer after them left out).
    pub(crate) fn option_nodes(&self, option: OptionId) -> std::ops::Range<u32> {
        let first = self.inner.option_first[option.index()];
        first..self.inner.option_first[option.index() + 1] - 1
    }
}

/// An option in Knuth's format, from [`Problem::display_option`].
#[derive(Debug, Clone, Copy)]
pub struct DisplayOption<'a> {
    problem: &'a Problem,
    option: OptionId,
}

impl fmt::Display for DisplayOption<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let problem = self.problem;
        for (k, (item, color)) in problem.option_items(self.option).enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            f.write_str(problem.item_name(item))?;
            if let Some(color) = color {
                write!(f, ":{}", problem.color_name(color))?;
            }
        }
        // A cost of 0 is written where it was given (`|0`), as the option was.
        let cost = problem.option_cost(self.option);
        let given = || {
            let option = self.option.index() as u32;
            problem.inner.zero_costs.binary_search(&option).is_ok()
        };
        if cost != 0 || given() {
            write!(f, " |{cost}")?;
        }
        Ok(())
    }
}

/// Iterator over an option's items and their colors, from [`Problem::option_items`].
#[derive(Debug, Clone)]
pub struct OptionItems<'a> {
    problem: &'a Problem,
    node: usize,
    end: usize,
}

impl Iterator for OptionItems<'_> {
    type Item = (ItemId, Option<ColorId>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.node >= self.end {
            return None;
        }
        let arena = &self.problem.inner.arena;
        let item = Header::new(arena.nodes()[self.node].top).item();
        let color = match arena.colors().get(self.node) {
            Some(&c) if c != 0 => Some(ColorId::new(c as usize - 1)),
            _ => None,
        };
        self.node += 1;
        Some((item, color))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.end - self.node;
        (n, Some(n))
    }
}

impl ExactSizeIterator for OptionItems<'_> {}
