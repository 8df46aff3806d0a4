//! What a layer above the program derives from its words and keeps with it, one value per
//! output: the interpreter's plans (`interp/plan.rs`). The program holds the cache without knowing
//! what is in it, so the layers point down: the interpreter, a row above, puts its own type in and
//! reads it back by type.

use crate::interface::OUTPUT_COUNT;
use std::any::Any;
use std::sync::{Arc, OnceLock};

/// One value per output, built on first use and dropped when the program's words change.
#[derive(Clone, Default)]
pub(crate) struct Derived(Box<[OnceLock<Arc<dyn Any + Send + Sync>>; OUTPUT_COUNT]>);

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A cache of the words, not part of the program's value.
        f.write_str("Derived(..)")
    }
}

impl Derived {
    /// Forget every value (a word of the program changed).
    pub fn clear(&mut self) {
        for value in self.0.iter_mut() {
            value.take();
        }
    }

    /// The value of output `index` as a `T`, built by `build` on first use; `None` when the slot
    /// holds another type (one layer puts one type in each slot) or `index` is past the outputs.
    pub fn get_or_build<T: Any + Send + Sync>(
        &self,
        index: usize,
        build: impl FnOnce() -> T,
    ) -> Option<&T> {
        self.0
            .get(index)?
            .get_or_init(|| Arc::new(build()))
            .downcast_ref::<T>()
    }
}
