//! The memo: each state's key (the open items, and what is partly used or colored)
//! with the ZDD node of its solutions. Keys live end to end in one arena of words; the
//! table is open addressing over their hashes, so a state costs its key's words and
//! one slot, with no allocation of its own.

/// One slot: where its key's words start in the arena (plus one; 0 for an empty slot),
/// the high half of the key's hash, and its node.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    at: u64,
    hash: u32,
    node: u32,
}

/// The memo table.
#[derive(Debug)]
pub(super) struct Table {
    slots: Vec<Slot>,
    len: usize,
    /// The keys, each its length then its words.
    arena: Vec<u64>,
}

/// The hash of a key's words (a multiply-rotate mix; the table's size is a power of
/// two, so the high bits pick the slot).
pub(super) fn hash(words: &[u64]) -> u64 {
    let mut h = words.len() as u64;
    for &w in words {
        h = (h.rotate_left(26) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h ^ (h >> 29)
}

impl Table {
    pub(super) fn new() -> Self {
        Self {
            slots: vec![Slot::default(); 1 << 10],
            len: 0,
            arena: Vec::new(),
        }
    }

    /// The states remembered.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes the table and its keys take in memory: every slot (their hashes spread
    /// over the whole table, so every page of it is written), and the keys' words
    /// written so far (their vector grows by moving its pages, not copying them, so
    /// the part reserved and not yet written takes no memory).
    pub(super) fn bytes(&self) -> usize {
        self.slots.capacity() * size_of::<Slot>() + self.arena.len() * size_of::<u64>()
    }

    fn first_slot(&self, hash: u64) -> usize {
        (hash >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The node remembered for `key` (whose hash is `hash`), if any.
    pub(super) fn get(&self, key: &[u64], hash: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut k = self.first_slot(hash);
        loop {
            let slot = self.slots[k];
            if slot.at == 0 {
                return None;
            }
            if slot.hash == (hash >> 32) as u32 && self.key_at(slot.at) == key {
                return Some(slot.node);
            }
            k = (k + 1) & mask;
        }
    }

    fn key_at(&self, at: u64) -> &[u64] {
        let start = at as usize;
        let len = self.arena[start - 1] as usize;
        &self.arena[start..start + len]
    }

    /// Remembers `node` for `key`, which is not in the table.
    pub(super) fn insert(&mut self, key: &[u64], hash: u64, node: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        self.arena.push(key.len() as u64);
        let at = self.arena.len() as u64;
        self.arena.extend_from_slice(key);
        self.place(Slot {
            at,
            hash: (hash >> 32) as u32,
            node,
        });
        self.len += 1;
    }

    /// The bytes that inserting a key of `words` words would add at once: its words,
    /// and when the table is full a table twice as large, written while the old one is
    /// still held.
    pub(super) fn growth(&self, words: usize) -> usize {
        let mut bytes = (words + 1) * size_of::<u64>();
        if 2 * (self.len + 1) > self.slots.len() {
            bytes += 2 * self.slots.len() * size_of::<Slot>();
        }
        bytes
    }

    fn place(&mut self, slot: Slot) {
        let mask = self.slots.len() - 1;
        let mut k = self.first_slot(u64::from(slot.hash) << 32);
        while self.slots[k].at != 0 {
            k = (k + 1) & mask;
        }
        self.slots[k] = slot;
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        for slot in old.into_iter().filter(|s| s.at != 0) {
            self.place(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_found_by_their_words() {
        let mut table = Table::new();
        let keys: Vec<Vec<u64>> = (0..5_000u64).map(|k| vec![k % 7, k, k * k]).collect();
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(table.get(key, hash(key)), None);
            table.insert(key, hash(key), n as u32);
        }
        assert_eq!(table.len(), keys.len());
        for (n, key) in keys.iter().enumerate() {
            assert_eq!(table.get(key, hash(key)), Some(n as u32));
        }
        assert_eq!(table.get(&[1, 2], hash(&[1, 2])), None);
        // A prefix of a key is another key.
        assert_eq!(table.get(&keys[9][..2], hash(&keys[9][..2])), None);
    }
}
