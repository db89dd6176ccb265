//! Building a problem: named items, then options, validated as they are added.

use smallvec::SmallVec;

use crate::error::{BuildError, Capacity};
use crate::ids::{ColorId, ItemId, OptionId};
use crate::intern::NameTable;
use crate::problem::{Names, Problem};

/// Builds a [`Problem`]: declare items, add options, then [`build`](Self::build).
///
/// Primary items must be covered exactly once, secondary items at most once (or, when
/// they carry a color, by any number of options that agree on the color). Items may be
/// declared in any order; the search walks primary items in declaration order.
///
/// Every method validates its input and returns a typed [`BuildError`]; nothing panics
/// on bad input. An option must name at least one primary item: an option made only of
/// secondary items could never be chosen, so it is rejected rather than ignored. (The
/// reader of Knuth's format, [`format::parse_reader_with_warnings`](crate::format::parse_reader_with_warnings),
/// leaves such an option out with a warning instead, as Knuth's programs do.)
///
/// ```
/// use dancing::{Engine, Problem};
///
/// let mut b = Problem::builder();
/// let [a, c] = [b.primary("a")?, b.primary("c")?];
/// let x = b.secondary("x")?;
/// b.option([a, x])?;
/// b.option_named(["c", "x"])?;
/// b.option([c])?;
/// let problem = b.build()?;
/// assert_eq!(dancing::Solver::new(&problem).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Options that carry data
///
/// A builder made by [`with_data`](Self::with_data) keeps a value of the caller's type
/// with each option ([`option_with`](Self::option_with)), and
/// [`build_with_data`](Self::build_with_data) hands the values back as [`OptionData`],
/// indexed by [`OptionId`]: each solution's options map straight to the caller's own
/// values, with no side table and no parsing of option names. The problem and the
/// search are the same as without data, so the values cost nothing while searching.
///
/// ```
/// use dancing::{Engine, ProblemBuilder, Solver};
///
/// // Dominoes on a 2×2 board: each option remembers its two cells.
/// let mut b = ProblemBuilder::with_data();
/// for name in ["00", "01", "10", "11"] {
///     b.primary(name)?;
/// }
/// for cells in [("00", "01"), ("10", "11"), ("00", "10"), ("01", "11")] {
///     b.option_named_with([cells.0, cells.1], cells)?;
/// }
/// let (problem, data) = b.build_with_data()?;
/// let tilings: Vec<Vec<(&str, &str)>> = Solver::new(&problem)
///     .solutions()
///     .map(|s| data.of(s.options()).copied().collect())
///     .collect();
/// assert_eq!(tilings, [[("00", "01"), ("10", "11")], [("00", "10"), ("01", "11")]]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct ProblemBuilder<T = ()> {
    /// The items' names, found by their text.
    names: NameTable,
    primary: Vec<bool>,
    /// Each item's bounds (lower, upper): `(1, 1)` for a plain primary item, `(0, 1)`
    /// for a secondary one.
    bounds: Vec<(u32, u32)>,
    color_names: NameTable,
    /// Every option's (item, color + 1 or 0) pairs, concatenated.
    entries: Vec<(u32, u32)>,
    /// End of each option in `entries`.
    ends: Vec<u32>,
    costs: Vec<u64>,
    /// The options whose cost was set to 0 in so many words (`|0` in a file), in the
    /// order set: written back so.
    zero_costs: Vec<u32>,
    /// Per item, the attempt that last used it: finds repeats in O(1).
    last_use: Vec<u64>,
    /// Counts calls that add an option, successful or not.
    attempt: u64,
    /// The caller's value of each option (zero-sized, so free, for `()`).
    data: Vec<T>,
}

impl<T> Default for ProblemBuilder<T> {
    fn default() -> Self {
        Self {
            names: NameTable::default(),
            primary: Vec::new(),
            bounds: Vec::new(),
            color_names: NameTable::default(),
            entries: Vec::new(),
            ends: Vec::new(),
            costs: Vec::new(),
            zero_costs: Vec::new(),
            last_use: Vec::new(),
            attempt: 0,
            data: Vec::new(),
        }
    }
}

/// The index of one more item or color after `count` of them, or
/// [`BuildError::TooLarge`]: indices stay below `u32::MAX - 2`, so that the arena's `u32`
/// links can number every item from 1 with two roots, and every color plus one with
/// room for the purified mark.
fn next_index(count: usize, what: Capacity) -> Result<usize, BuildError> {
    if count < u32::MAX as usize - 2 {
        Ok(count)
    } else {
        Err(BuildError::TooLarge {
            what,
            count: count + 1,
        })
    }
}

fn valid_name(name: &str) -> bool {
    // ASCII blanks, `:` and `|` byte by byte; the other blanks only in a name that has
    // characters past ASCII.
    !name.is_empty()
        && !name
            .bytes()
            .any(|b| matches!(b, b' ' | b'\t'..=b'\r' | b':' | b'|'))
        && (name.is_ascii() || !name.chars().any(char::is_whitespace))
}

impl Problem {
    /// A builder for a new problem.
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::new()
    }
}

impl ProblemBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an option covering these items.
    pub fn option(
        &mut self,
        items: impl IntoIterator<Item = ItemId>,
    ) -> Result<OptionId, BuildError> {
        self.option_with(items, ())
    }

    /// Adds an option covering the items with these names (`&str`, `String`, or
    /// anything else that is `AsRef<str>`).
    pub fn option_named(
        &mut self,
        names: impl IntoIterator<Item = impl AsRef<str>>,
    ) -> Result<OptionId, BuildError> {
        self.option_named_with(names, ())
    }

    /// Adds an option whose secondary items may carry colors (Knuth's Algorithm C): two
    /// options that share a colored secondary item are compatible when they give it the
    /// same color.
    pub fn colored_option(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
    ) -> Result<OptionId, BuildError> {
        self.colored_option_with(items, ())
    }
}

impl<T> ProblemBuilder<T> {
    /// An empty builder whose options each carry a `T`: add them with
    /// [`option_with`](Self::option_with) and its relatives, and get the values back
    /// from [`build_with_data`](Self::build_with_data).
    pub fn with_data() -> Self {
        Self::default()
    }

    /// Declares a primary item (covered exactly once).
    pub fn primary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.declare(name, true, (1, 1))
    }

    /// Declares a primary item with multiplicities (Knuth's Algorithm M): every
    /// solution covers it at least `lo` and at most `hi` times. `primary_bounded(name,
    /// 1, 1)` is [`primary`](Self::primary). A problem with any other bounds is searched
    /// by [`MultiSolver`](crate::MultiSolver).
    ///
    /// ```
    /// use dancing::{BuildError, Engine, MultiSolver, Problem};
    ///
    /// // Choose two of four options: C(4, 2) = 6 ways.
    /// let mut b = Problem::builder();
    /// let pick = b.primary_bounded("pick", 2, 2)?;
    /// for name in ["1", "2", "3", "4"] {
    ///     let own = b.primary_bounded(name, 0, 1)?;
    ///     b.option([pick, own])?;
    /// }
    /// let problem = b.build()?;
    /// assert_eq!(problem.bounds(pick), (2, 2));
    /// assert_eq!(MultiSolver::new(&problem).count(), 6);
    ///
    /// assert_eq!(
    ///     b_err(|b| b.primary_bounded("x", 3, 2)),
    ///     BuildError::BoundsReversed { name: "x".into(), lo: 3, hi: 2 }
    /// );
    /// assert_eq!(b_err(|b| b.primary_bounded("x", 0, 0)), BuildError::ZeroUpperBound { name: "x".into() });
    /// # fn b_err(f: impl FnOnce(&mut dancing::ProblemBuilder) -> Result<dancing::ItemId, BuildError>) -> BuildError {
    /// #     f(&mut Problem::builder()).unwrap_err()
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn primary_bounded(&mut self, name: &str, lo: u32, hi: u32) -> Result<ItemId, BuildError> {
        if hi == 0 {
            return Err(BuildError::ZeroUpperBound {
                name: name.to_owned(),
            });
        }
        if lo > hi {
            return Err(BuildError::BoundsReversed {
                name: name.to_owned(),
                lo,
                hi,
            });
        }
        self.declare(name, true, (lo, hi))
    }

    /// Declares a secondary item (covered at most once, or shared under one color).
    pub fn secondary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.declare(name, false, (0, 1))
    }

    fn declare(
        &mut self,
        name: &str,
        primary: bool,
        bounds: (u32, u32),
    ) -> Result<ItemId, BuildError> {
        if !valid_name(name) {
            return Err(BuildError::InvalidName {
                name: name.to_owned(),
            });
        }
        next_index(self.names.len(), Capacity::Items)?;
        let id = ItemId::new(
            self.names
                .insert(name)
                .map_err(|_| BuildError::DuplicateItem {
                    name: name.to_owned(),
                })?,
        );
        self.primary.push(primary);
        self.bounds.push(bounds);
        self.last_use.push(0);
        Ok(id)
    }

    /// Makes room for `items` more items whose names take `bytes` bytes in all.
    pub(crate) fn reserve_items(&mut self, items: usize, bytes: usize) {
        self.names.reserve(items, bytes);
        self.primary.reserve(items);
        self.bounds.reserve(items);
        self.last_use.reserve(items);
    }

    /// The item declared with this name, if any.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.names.get(name).map(ItemId::new)
    }

    /// Number of items declared so far.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// Number of secondary items declared so far.
    pub fn secondary_count(&self) -> usize {
        self.primary.iter().filter(|&&p| !p).count()
    }

    /// Number of options added so far.
    pub fn option_count(&self) -> usize {
        self.ends.len()
    }

    /// The id of a color name, naming it on first use.
    pub fn color(&mut self, name: &str) -> Result<ColorId, BuildError> {
        if let Some(k) = self.color_names.get(name) {
            return Ok(ColorId::new(k));
        }
        if !valid_name(name) {
            return Err(BuildError::InvalidColor {
                name: name.to_owned(),
            });
        }
        next_index(self.color_names.len(), Capacity::Colors)?;
        let k = self.color_names.insert(name).expect("a new color");
        Ok(ColorId::new(k))
    }

    /// Adds an option covering these items, carrying `data`.
    pub fn option_with(
        &mut self,
        items: impl IntoIterator<Item = ItemId>,
        data: T,
    ) -> Result<OptionId, BuildError> {
        self.colored_option_with(items.into_iter().map(|i| (i, None)), data)
    }

    /// Adds an option covering the items with these names, carrying `data`.
    pub fn option_named_with(
        &mut self,
        names: impl IntoIterator<Item = impl AsRef<str>>,
        data: T,
    ) -> Result<OptionId, BuildError> {
        let items: SmallVec<[ItemId; 8]> = names
            .into_iter()
            .map(|name| {
                let name = name.as_ref();
                self.item(name).ok_or_else(|| BuildError::UnknownItem {
                    name: name.to_owned(),
                })
            })
            .collect::<Result<_, _>>()?;
        self.option_with(items, data)
    }

    /// Adds an option whose secondary items may carry colors (as
    /// [`colored_option`](ProblemBuilder::colored_option)), carrying `data`.
    pub fn colored_option_with(
        &mut self,
        items: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
        data: T,
    ) -> Result<OptionId, BuildError> {
        let option = self.ends.len();
        let start = self.entries.len();
        let result = self.push_entries(option, items);
        if result.is_err() {
            self.entries.truncate(start);
            return result.map(|()| unreachable!());
        }
        let end = u32::try_from(self.entries.len()).map_err(|_| {
            self.entries.truncate(start);
            BuildError::TooLarge {
                what: Capacity::Nodes,
                count: self.entries.len(),
            }
        })?;
        self.ends.push(end);
        self.data.push(data);
        Ok(OptionId::new(option))
    }

    fn push_entries(
        &mut self,
        option: usize,
        items: impl IntoIterator<Item = (ItemId, Option<ColorId>)>,
    ) -> Result<(), BuildError> {
        self.attempt += 1;
        let stamp = self.attempt;
        let mut any_primary = false;
        let mut count = 0usize;
        for (item, color) in items {
            let index = item.index();
            if index >= self.names.len() {
                return Err(BuildError::ItemOutOfRange {
                    index,
                    items: self.names.len(),
                });
            }
            if self.last_use[index] == stamp {
                return Err(BuildError::RepeatedItem {
                    option,
                    name: self.names.name(index).to_owned(),
                });
            }
            self.last_use[index] = stamp;
            let color = match color {
                None => 0,
                Some(_) if self.primary[index] => {
                    return Err(BuildError::ColoredPrimary {
                        name: self.names.name(index).to_owned(),
                    });
                }
                Some(c) if c.index() >= self.color_names.len() => {
                    return Err(BuildError::ColorOutOfRange {
                        index: c.index(),
                        colors: self.color_names.len(),
                    });
                }
                Some(c) => c.index() as u32 + 1,
            };
            any_primary |= self.primary[index];
            self.entries.push((index as u32, color));
            count += 1;
        }
        if count == 0 {
            return Err(BuildError::EmptyOption { option });
        }
        if !any_primary {
            return Err(BuildError::NoPrimaryInOption { option });
        }
        Ok(())
    }

    /// Sets the cost of an option (Knuth's DLX5 idea: searches for the cheapest
    /// solutions minimize the sum of the chosen options' costs).
    ///
    /// # Panics
    /// If the option was not returned by this builder.
    pub fn set_cost(&mut self, option: OptionId, cost: u64) {
        assert!(
            option.index() < self.ends.len(),
            "option id {option} is out of range"
        );
        if self.costs.len() < self.ends.len() {
            self.costs.resize(self.ends.len(), 0);
        }
        self.costs[option.index()] = cost;
        if cost == 0 {
            self.zero_costs.push(option.index() as u32);
        }
    }

    /// Checks the whole problem and lays out the arena, handing back each option's
    /// value, indexed by its [`OptionId`].
    pub fn build_with_data(mut self) -> Result<(Problem, OptionData<T>), BuildError> {
        let data = std::mem::take(&mut self.data);
        Ok((self.build()?, OptionData { values: data }))
    }

    /// Checks the whole problem and lays out the arena (dropping the options' values,
    /// if any: see [`build_with_data`](Self::build_with_data)).
    pub fn build(self) -> Result<Problem, BuildError> {
        let primary_count = self.primary.iter().filter(|&&p| p).count();
        if primary_count == 0 {
            return Err(BuildError::NoPrimaryItems);
        }
        let nodes = self.names.len() + 1 + self.entries.len() + self.ends.len() + 1;
        if nodes >= u32::MAX as usize {
            return Err(BuildError::TooLarge {
                what: Capacity::Nodes,
                count: nodes,
            });
        }
        Ok(Problem::new(
            Names {
                items: self.names,
                primary: self.primary,
                bounds: self.bounds,
                colors: self.color_names,
            },
            &self.entries,
            &self.ends,
            (self.costs, self.zero_costs),
        ))
    }
}

/// The values the options of a [`ProblemBuilder::with_data`] carry, indexed by
/// [`OptionId`]: `data[option]`, or [`of`](Self::of) for a solution's options.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OptionData<T> {
    values: Vec<T>,
}

impl<T> OptionData<T> {
    /// The value of each of these options, in their order: pass a solution's options.
    ///
    /// # Panics
    /// If an option is not one of the problem's.
    pub fn of<'a>(&'a self, options: &'a [OptionId]) -> impl ExactSizeIterator<Item = &'a T> {
        options.iter().map(|&option| &self[option])
    }

    /// The value of `option`, if it is one of the problem's.
    pub fn get(&self, option: OptionId) -> Option<&T> {
        self.values.get(option.index())
    }

    /// Number of options.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are no options.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Every option's value, in option order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.values.iter()
    }

    /// The values, in option order.
    pub fn into_vec(self) -> Vec<T> {
        self.values
    }
}

impl<T> std::ops::Index<OptionId> for OptionData<T> {
    type Output = T;

    /// # Panics
    /// If `option` is not one of the problem's.
    #[track_caller]
    fn index(&self, option: OptionId) -> &T {
        &self.values[option.index()]
    }
}

#[cfg(test)]
mod tests;
