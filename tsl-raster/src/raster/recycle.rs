//! Vectors kept from frame to frame. A frame's draws hold a megabyte or so of vertices, triangles
//! and planes; allocated afresh each frame, the allocator hands much of it back to the system in
//! between, and every page is faulted in and zeroed again (a tenth of a small frame's time, in the
//! kernel). A draw takes its vectors from here and gives them back when it is dropped.

use std::sync::Mutex;

/// Spare vectors of one element type.
pub(crate) struct Recycler<T> {
    spare: Mutex<Vec<Vec<T>>>,
}

/// At most this many spare vectors of a type are kept (enough for a few draws on every thread).
const KEPT: usize = 64;

impl<T> Recycler<T> {
    pub const fn new() -> Recycler<T> {
        Recycler {
            spare: Mutex::new(Vec::new()),
        }
    }

    /// An empty vector, with the capacity of one given back earlier when there is one.
    pub fn take(&self) -> Vec<T> {
        self.spare
            .lock()
            .ok()
            .and_then(|mut spare| spare.pop())
            .unwrap_or_default()
    }

    /// Keep `v`'s memory for a later [`Recycler::take`].
    pub fn give(&self, mut v: Vec<T>) {
        if v.capacity() == 0 {
            return;
        }
        v.clear();
        if let Ok(mut spare) = self.spare.lock() {
            if spare.len() < KEPT {
                spare.push(v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_vector_given_back_is_taken_again_empty_with_its_memory() {
        let recycler: Recycler<u32> = Recycler::new();
        assert_eq!(recycler.take().capacity(), 0);
        let mut v = Vec::with_capacity(100);
        v.extend([1, 2, 3]);
        let at = v.as_ptr();
        recycler.give(v);
        let again = recycler.take();
        assert!(again.is_empty());
        assert_eq!((again.as_ptr(), again.capacity() >= 100), (at, true));
        assert_eq!(recycler.take().capacity(), 0);
    }
}
