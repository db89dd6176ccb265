//! The memo: each state's key (the open items, and what is partly used or colored)
//! with the ZDD node of its solutions.
//!
//! Records lie end to end in one arena of `u32` words: a record is its key's length,
//! the key, then the node. The table is a hash table of record offsets (four bytes a
//! slot, with one control byte, filled up to seven eighths): no hash is stored, since
//! a record's hash is computed again from its key when the table grows. A state costs
//! its key's words, two more words and about eight bytes of table, with no allocation
//! of its own.

use hashbrown::HashTable;

/// The hash of a key's words (a multiply-fold mix, two words at a time).
pub(super) fn hash(words: &[u32]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let fold = |h: u64, w: u64| {
        let m = u128::from(h ^ w) * u128::from(K);
        (m as u64) ^ ((m >> 64) as u64)
    };
    let mut h = words.len() as u64;
    let mut pairs = words.chunks_exact(2);
    for pair in &mut pairs {
        h = fold(h, u64::from(pair[0]) << 32 | u64::from(pair[1]));
    }
    if let [last] = pairs.remainder() {
        h = fold(h, u64::from(*last) | 1 << 63);
    }
    fold(h, K)
}

/// The memo table.
#[derive(Debug, Default)]
pub(super) struct Table {
    /// The offset in `arena` of each record.
    index: HashTable<u32>,
    /// The records: each its key's length, its key, its node.
    arena: Vec<u32>,
}

/// The key of the record at `at` in `arena`.
fn key_at(arena: &[u32], at: u32) -> &[u32] {
    let at = at as usize;
    &arena[at + 1..at + 1 + arena[at] as usize]
}

impl Table {
    /// The states remembered.
    pub(super) fn len(&self) -> usize {
        self.index.len()
    }

    /// The bytes the table and its records take in memory: every slot with its control
    /// byte (their hashes spread over the whole table, so every page of it is written),
    /// and the records' words written so far (their vector grows by moving its pages,
    /// not copying them, so the part reserved and not yet written takes no memory).
    pub(super) fn bytes(&self) -> usize {
        self.index.allocation_size() + self.arena.len() * size_of::<u32>()
    }

    /// The node remembered for `key` (whose hash is `hash`), if any.
    pub(super) fn get(&self, key: &[u32], hash: u64) -> Option<u32> {
        let at = *self
            .index
            .find(hash, |&at| key_at(&self.arena, at) == key)?;
        Some(self.arena[at as usize + 1 + key.len()])
    }

    /// Remembers `key`, which is not in the table, with no node yet; where its node
    /// goes ([`set_node`](Self::set_node)). `None` when the arena would pass `u32`
    /// offsets (16 GiB of records).
    pub(super) fn insert(&mut self, key: &[u32], hash: u64) -> Option<u32> {
        let at = u32::try_from(self.arena.len() + key.len() + 2).ok()? - key.len() as u32 - 2;
        self.arena.push(key.len() as u32);
        self.arena.extend_from_slice(key);
        self.arena.push(0);
        let arena = &self.arena;
        self.index
            .insert_unique(hash, at, |&at| self::hash(key_at(arena, at)));
        Some(at + 1 + key.len() as u32)
    }

    /// Sets the node of the record whose node goes at `place`.
    pub(super) fn set_node(&mut self, place: u32, node: u32) {
        self.arena[place as usize] = node;
    }

    /// The bytes that inserting a key of `words` words would add at once: its record,
    /// and when the table is full a table twice as large, written while the old one is
    /// still held.
    pub(super) fn growth(&self, words: usize) -> usize {
        let mut bytes = (words + 2) * size_of::<u32>();
        if self.index.len() == self.index.capacity() {
            // Slots, then a control byte for each and one group more (16 bytes).
            let buckets = (2 * self.index.num_buckets()).max(4);
            bytes += (buckets * size_of::<u32>()).next_multiple_of(16) + buckets + 16;
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_their_words() {
        let mut table = Table::default();
        let keys: Vec<Vec<u32>> = (0..5_000u32).map(|k| vec![k % 7, k, k * k]).collect();
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(table.get(key, hash(key)), None);
            let place = table.insert(key, hash(key)).unwrap();
            table.set_node(place, n as u32);
        }
        assert_eq!(table.len(), keys.len());
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(table.get(key, hash(key)), Some(n as u32));
        }
        assert_eq!(table.get(&[1, 2], hash(&[1, 2])), None);
        // A prefix of a key is another key, and so is the empty key.
        assert_eq!(table.get(&keys[9][..2], hash(&keys[9][..2])), None);
        assert_eq!(table.get(&[], hash(&[])), None);
        // Each record is its length, three words and its node; the table is counted.
        assert!(table.bytes() >= keys.len() * 5 * 4 + keys.len() * 5);
    }

    #[test]
    fn growth_foresees_each_insertion() {
        let mut table = Table::default();
        let mut grown = 0;
        for key in 0..10_000u32 {
            let (before, foreseen) = (table.bytes(), table.growth(1));
            let buckets = table.index.num_buckets();
            table.insert(&[key], hash(&[key])).unwrap();
            // A record of three words, and a new table when the old one was full.
            assert!(table.bytes() <= before + foreseen, "{key}");
            if table.index.num_buckets() > buckets {
                grown += 1;
                assert!(foreseen > 12 + buckets * 5, "{key}");
            } else {
                assert_eq!(foreseen, 12, "{key}");
            }
        }
        assert!(grown >= 10, "{grown}");
    }
}
