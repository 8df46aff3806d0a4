//! A small deterministic generator (xorshift) for the tests that mutate graphs at random
//! (`hostile_graph.rs`, `panic_audit.rs`): the same sequence every run, so a failing case is
//! replayed by its seed.

/// xorshift64 from a non-zero seed.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (below 1 when `n` is zero).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}
