// A loop's count is known when the macro runs.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let n = 8;
    let _v = tsl! {
        let mut v = 0.0;
        for i in 0..n {
            v += i;
        }
        v
    };
}
