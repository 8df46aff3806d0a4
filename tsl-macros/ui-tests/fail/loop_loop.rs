// `loop` has no count.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut v = 1.0;
        loop {
            v *= 2.0;
            break;
        }
        v
    };
}
