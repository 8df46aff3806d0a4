// A shader loop runs a constant count.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut v = 1.0;
        while v < 10.0 {
            v *= 2.0;
        }
        v
    };
}
