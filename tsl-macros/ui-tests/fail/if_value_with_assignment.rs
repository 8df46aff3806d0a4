// An `if` used as a value is a select: both branches run.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let mut count = 0.0;
        let x = if time() > 1.0 {
            count += 1.0;
            count
        } else {
            0.0
        };
        x
    };
}
