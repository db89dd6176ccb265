//! Index newtypes for items, options, colors and arena nodes.
//!
//! Each is a `u32` behind `#[repr(transparent)]`: the engine's arrays are indexed by
//! them, so a problem has at most `u32::MAX` of each.

use std::fmt;

macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        pub struct $name(u32);

        impl $name {
            /// Makes an id from a zero-based index.
            ///
            /// # Panics
            /// If `index` does not fit in a `u32`.
            #[inline]
            #[track_caller]
            pub fn new(index: usize) -> Self {
                match Self::try_new(index) {
                    Some(id) => id,
                    None => panic!(concat!(stringify!($name), " index {} does not fit in u32"), index),
                }
            }

            /// Makes an id from a zero-based index, or `None` if it does not fit in a `u32`.
            #[inline]
            pub fn try_new(index: usize) -> Option<Self> {
                u32::try_from(index).ok().map(Self)
            }

            /// The zero-based index.
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!(stringify!($name), "({})"), self.0)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

index_type!(
    /// An item (a column of the exact-cover matrix), numbered in the order it was declared.
    ItemId
);
index_type!(
    /// An option (a row of the exact-cover matrix), numbered in the order it was added.
    OptionId
);
index_type!(
    /// A color of a secondary item, numbered in the order colors were first named.
    ColorId
);

/// An item as the arena numbers it: from 1 to N, the index of its list header among the
/// nodes and of its entry in the item table (0 and N + 1 are the roots). TAOCP numbers
/// items so, and the links store these numbers (a node's TOP), while [`ItemId`] and the
/// tables kept per item outside the arena count from 0. This type is the one place
/// that converts: index an [`ItemTable`] with it, or ask for its [`ItemId`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Header(u32);

impl Header {
    /// Item `i` as the links store it (a node's TOP, a header's index), `1..=N`.
    #[inline]
    pub(crate) fn new(i: u32) -> Self {
        debug_assert_ne!(i, 0, "item numbers start at 1; 0 is the root");
        Self(i)
    }

    /// The item's id.
    #[inline]
    pub(crate) fn item(self) -> ItemId {
        ItemId(self.0 - 1)
    }
}

/// One entry per item, in declaration order, indexed by [`ItemId`] or by the arena's
/// [`Header`] numbers without any conversion at the call site. Derefs to the slice for
/// the code that walks every item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ItemTable<T>(Vec<T>);

impl<T> ItemTable<T> {
    /// The table whose entry for item `k` (0-based) is `entries[k]`.
    pub(crate) fn new(entries: Vec<T>) -> Self {
        Self(entries)
    }
}

impl<T> std::ops::Deref for ItemTable<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> std::ops::Index<ItemId> for ItemTable<T> {
    type Output = T;

    #[inline]
    fn index(&self, item: ItemId) -> &T {
        &self.0[item.index()]
    }
}

impl<T> std::ops::Index<Header> for ItemTable<T> {
    type Output = T;

    #[inline]
    fn index(&self, item: Header) -> &T {
        &self[item.item()]
    }
}
