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
