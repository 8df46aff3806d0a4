// `match` has no meaning on nodes.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let x = time();
        match 1 {
            0 => x,
            _ => x * 2.0,
        }
    };
}
