//! A count of solutions exact however large: what the memo counts.

use std::fmt;

use num_bigint::BigUint;

/// A number of solutions, exact however large: what [`Zdd::count`](crate::Zdd::count)
/// returns (a 2×100 strip's domino tilings pass 2^64, a 2×200 strip's 2^128). It
/// prints its decimal digits, compares with other counts and with plain numbers made
/// into counts, and converts to `u64` or `u128` when it fits.
///
/// ```
/// use dancing::{BigCount, Memo, problems};
///
/// // The 2×100 strip has Fibonacci(101) tilings.
/// let zdd = Memo::new(&problems::dominoes(100, 2)).build()?;
/// let count = zdd.count();
/// assert_eq!(count.to_string(), "573147844013817084101");
/// assert_eq!(count.to_u128(), Some(573_147_844_013_817_084_101));
/// assert!(u64::try_from(&count).is_err());
/// assert!(count > BigCount::from(u64::MAX));
/// # Ok::<(), dancing::Stopped>(())
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BigCount(BigUint);

/// A [`BigCount`] too large for the integer type asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a count of {bits} bits does not fit in {fits} bits")]
pub struct CountTooLarge {
    /// The count's size in bits.
    pub bits: u64,
    /// The size of the type asked for, in bits.
    pub fits: u32,
}

impl BigCount {
    /// No solutions.
    pub const ZERO: Self = Self(BigUint::ZERO);

    /// The count, if it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        u64::try_from(&self.0).ok()
    }

    /// The count, if it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        u128::try_from(&self.0).ok()
    }

    /// The number of bits the count takes (0 for none).
    pub fn bits(&self) -> u64 {
        self.0.bits()
    }

    /// The count the memo's arithmetic made.
    pub(crate) fn from_big(n: BigUint) -> Self {
        Self(n)
    }

    /// The count as the memo's arithmetic takes it.
    pub(crate) fn as_big(&self) -> &BigUint {
        &self.0
    }
}

/// A count written in decimal digits, however many.
///
/// ```
/// use dancing::BigCount;
///
/// let count: BigCount = "340282366920938463463374607431768211456".parse()?;
/// assert_eq!(count.bits(), 129);
/// assert!("12a".parse::<BigCount>().is_err() && "".parse::<BigCount>().is_err());
/// # Ok::<(), dancing::ParseCountError>(())
/// ```
impl std::str::FromStr for BigCount {
    type Err = ParseCountError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCountError);
        }
        BigUint::parse_bytes(text.as_bytes(), 10)
            .map(Self)
            .ok_or(ParseCountError)
    }
}

/// Text that is not a count: not a run of decimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("expected a count: decimal digits")]
pub struct ParseCountError;

impl fmt::Display for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for BigCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Plain numbers as counts.
macro_rules! from_plain {
    ($($t:ty),*) => {$(
        impl From<$t> for BigCount {
            fn from(n: $t) -> Self {
                Self(BigUint::from(n))
            }
        }
    )*};
}

from_plain!(u8, u16, u32, u64, u128, usize);

/// Counts as plain numbers, when they fit.
macro_rules! to_plain {
    ($($t:ty),*) => {$(
        impl TryFrom<&BigCount> for $t {
            type Error = CountTooLarge;

            fn try_from(count: &BigCount) -> Result<Self, Self::Error> {
                <$t>::try_from(&count.0).map_err(|_| CountTooLarge {
                    bits: count.bits(),
                    fits: <$t>::BITS,
                })
            }
        }

        impl TryFrom<BigCount> for $t {
            type Error = CountTooLarge;

            fn try_from(count: BigCount) -> Result<Self, Self::Error> {
                <$t>::try_from(&count)
            }
        }
    )*};
}

to_plain!(u64, u128);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_numbers_round_trip_and_order() {
        for n in [0u128, 1, u64::MAX as u128, u64::MAX as u128 + 1, u128::MAX] {
            let count = BigCount::from(n);
            assert_eq!(count.to_u128(), Some(n));
            assert_eq!(u128::try_from(&count), Ok(n));
            assert_eq!(count.to_u64(), u64::try_from(n).ok());
            assert_eq!(count.to_string(), n.to_string());
            assert_eq!(format!("{count:?}"), n.to_string());
            assert_eq!(count.bits(), u64::from(128 - n.leading_zeros()));
        }
        let past = BigCount::from_big(BigUint::from(u128::MAX) + 1u8);
        assert_eq!(past.to_u128(), None);
        assert_eq!(
            u128::try_from(&past),
            Err(CountTooLarge {
                bits: 129,
                fits: 128
            })
        );
        assert_eq!(
            u128::try_from(past.clone()).unwrap_err().to_string(),
            "a count of 129 bits does not fit in 128 bits"
        );
        assert_eq!(past.to_string(), "340282366920938463463374607431768211456");
        assert!(past > BigCount::from(u128::MAX));
        assert!(BigCount::ZERO < BigCount::from(1u8));
        assert_eq!(BigCount::default(), BigCount::ZERO);
    }
}
