//! Lists of numbers end to end in one vector (compressed rows): the memo's tables of
//! options by item and items by option, built in two passes with no allocation per list,
//! so a problem of a million items costs two vectors, not a million.

/// Lists of `u32`s: list `k` is `values[starts[k]..starts[k + 1]]`.
#[derive(Debug, Clone, Default)]
pub(super) struct Lists {
    starts: Vec<u32>,
    values: Vec<u32>,
}

impl Lists {
    /// `lists` lists, list `k` holding each `value` of a pair `(k, value)`, in the order
    /// of `pairs` (which is walked twice: to count, then to place).
    pub(super) fn from_pairs<I>(lists: usize, pairs: impl Fn() -> I) -> Self
    where
        I: Iterator<Item = (usize, u32)>,
    {
        let mut starts = vec![0u32; lists + 1];
        for (k, _) in pairs() {
            starts[k + 1] += 1;
        }
        for k in 0..lists {
            starts[k + 1] += starts[k];
        }
        let mut next = starts.clone();
        let mut values = vec![0u32; starts[lists] as usize];
        for (k, value) in pairs() {
            values[next[k] as usize] = value;
            next[k] += 1;
        }
        Self { starts, values }
    }

    /// The same lists without the values `gone` says go.
    pub(super) fn without(&self, gone: impl Fn(u32) -> bool) -> Self {
        Self::from_pairs(self.len(), || {
            (0..self.len()).flat_map(|k| {
                self.get(k)
                    .iter()
                    .filter(|&&value| !gone(value))
                    .map(move |&value| (k, value))
            })
        })
    }

    /// List `k`.
    pub(super) fn get(&self, k: usize) -> &[u32] {
        &self.values[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// How many lists there are.
    pub(super) fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// The bytes it holds.
    pub(super) fn memory(&self) -> usize {
        (self.starts.capacity() + self.values.capacity()) * size_of::<u32>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_list_holds_its_values_in_order() {
        let pairs = [(2, 7), (0, 1), (2, 8), (0, 2), (2, 9)];
        let lists = Lists::from_pairs(4, || pairs.iter().copied());
        assert_eq!(lists.len(), 4);
        let got: Vec<&[u32]> = (0..4).map(|k| lists.get(k)).collect();
        assert_eq!(got, [&[1, 2][..], &[], &[7, 8, 9], &[]]);
        let fewer = lists.without(|v| v % 2 == 0);
        let got: Vec<&[u32]> = (0..4).map(|k| fewer.get(k)).collect();
        assert_eq!(got, [&[1][..], &[], &[7, 9], &[]]);
    }
}
