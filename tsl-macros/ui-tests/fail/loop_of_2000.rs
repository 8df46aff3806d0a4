// A loop runs at most 1024 times.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut v = 0.0;
        for i in 0..2000 {
            v += i;
        }
        v
    };
}
