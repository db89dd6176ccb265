//! Names interned in one table: every name's text end to end in one string, and one
//! hash table of their numbers. A name costs its bytes, one offset and one slot, with
//! no allocation of its own, so reading a million items allocates a handful of times.

use std::hash::BuildHasher;

use hashbrown::HashTable;

/// Names numbered 0, 1, 2… in the order they were added, found by their text.
#[derive(Debug, Clone)]
pub(crate) struct NameTable {
    /// Every name, end to end.
    text: String,
    /// Where each name ends in `text` (name `k` starts where name `k - 1` ends).
    ends: Vec<usize>,
    /// The numbers of the names, by their hash.
    index: HashTable<u32>,
    /// This table's hash key, drawn per process (names chosen to collide cannot be
    /// prepared in advance).
    seed: u64,
}

impl Default for NameTable {
    fn default() -> Self {
        Self {
            text: String::new(),
            ends: Vec::new(),
            index: HashTable::new(),
            seed: std::collections::hash_map::RandomState::new().hash_one(0x5eed_u64),
        }
    }
}

/// A multiply-and-fold hash of a name's bytes, eight at a time, keyed by `seed`.
fn hash(seed: u64, name: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let fold = |h: u64, w: u64| {
        let m = u128::from(h ^ w) * u128::from(K);
        (m as u64) ^ ((m >> 64) as u64)
    };
    let mut h = seed ^ name.len() as u64;
    let mut chunks = name.chunks_exact(8);
    for chunk in &mut chunks {
        h = fold(h, u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
    }
    let mut last = [0u8; 8];
    last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    fold(fold(h, u64::from_le_bytes(last)), seed.rotate_left(32))
}

/// Name `k` of a table's `text` and `ends`.
fn name_in<'t>(text: &'t str, ends: &[usize], k: usize) -> &'t str {
    let start = if k == 0 { 0 } else { ends[k - 1] };
    &text[start..ends[k]]
}

impl NameTable {
    /// How many names it holds.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// Makes room for `names` more names of `bytes` bytes in all.
    pub(crate) fn reserve(&mut self, names: usize, bytes: usize) {
        self.text.reserve(bytes);
        self.ends.reserve(names);
        // (The closure borrows the text, the ends and the seed, not the table.)
        self.index.reserve(names, |&k| {
            hash(
                self.seed,
                name_in(&self.text, &self.ends, k as usize).as_bytes(),
            )
        });
    }

    /// Name `k`.
    ///
    /// # Panics
    /// If there is no name `k`.
    pub(crate) fn name(&self, k: usize) -> &str {
        name_in(&self.text, &self.ends, k)
    }

    /// The number of `name`, if it was added.
    pub(crate) fn get(&self, name: &str) -> Option<usize> {
        let h = hash(self.seed, name.as_bytes());
        self.index
            .find(h, |&k| self.name(k as usize) == name)
            .map(|&k| k as usize)
    }

    /// Adds `name` as the next number, which it returns, or gives back the number it
    /// already has as the error. The caller keeps the count below `u32::MAX`.
    pub(crate) fn insert(&mut self, name: &str) -> Result<usize, usize> {
        let h = hash(self.seed, name.as_bytes());
        let Self {
            text,
            ends,
            index,
            seed,
        } = self;
        let name_of = |k: u32| name_in(text, ends, k as usize);
        match index.entry(
            h,
            |&k| name_of(k) == name,
            |&k| hash(*seed, name_of(k).as_bytes()),
        ) {
            hashbrown::hash_table::Entry::Occupied(entry) => Err(*entry.get() as usize),
            hashbrown::hash_table::Entry::Vacant(entry) => {
                let k = ends.len();
                entry.insert(k as u32);
                text.push_str(name);
                ends.push(text.len());
                Ok(k)
            }
        }
    }

    /// The bytes it holds: the text, the offsets and the table's slots (with their
    /// control bytes).
    pub(crate) fn memory(&self) -> usize {
        self.text.capacity()
            + self.ends.capacity() * size_of::<usize>()
            + self.index.capacity() * (size_of::<u32>() + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_numbered_in_order_and_found_by_their_text() {
        let mut table = NameTable::default();
        let names: Vec<String> = (0..10_000).map(|k| format!("n{k}")).collect();
        for (k, name) in names.iter().enumerate() {
            assert_eq!(table.insert(name), Ok(k));
        }
        assert_eq!(table.insert("n77"), Err(77));
        assert_eq!(table.len(), names.len());
        for (k, name) in names.iter().enumerate() {
            assert_eq!(table.get(name), Some(k));
            assert_eq!(table.name(k), name);
        }
        // A prefix, an extension and a name of eight bytes exactly are other names.
        assert_eq!(table.get("n"), None);
        assert_eq!(table.get("n1000000"), None);
        assert_eq!(table.insert("12345678"), Ok(names.len()));
        assert_eq!(table.get("1234567"), None);
        assert_eq!(table.name(names.len()), "12345678");
    }

    #[test]
    fn names_of_any_length_and_script_keep_their_text() {
        let mut table = NameTable::default();
        let names = [
            "",
            "é",
            "r1c1#9",
            "項目",
            "a_name_longer_than_sixteen_bytes",
        ];
        for name in names {
            table.insert(name).unwrap();
        }
        for (k, name) in names.iter().enumerate() {
            assert_eq!((table.name(k), table.get(name)), (*name, Some(k)));
        }
    }
}
