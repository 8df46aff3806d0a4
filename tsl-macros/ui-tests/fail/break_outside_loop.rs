// `break` leaves a loop.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut v = time();
        if v > 1.0 {
            break;
        }
        v
    };
}
