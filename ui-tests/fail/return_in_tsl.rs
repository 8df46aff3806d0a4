// `return` leaves a #[tsl_fn], and tsl! is not one.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let x = time();
        return x;
    };
}
