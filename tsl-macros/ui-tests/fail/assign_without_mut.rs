// A `let` without `mut` is a plain binding, not a Var.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let v = time();
        if v > 1.0 {
            v = 1.0;
        }
        v
    };
}
