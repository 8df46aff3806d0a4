// `return` leaves a #[tsl_fn], and tsl! is not one. The refused block's value raises no more
// errors where it is used.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let v = tsl! {
        let x = time();
        return x;
    };
    let _w = v * 2.0 + v.x();
}
