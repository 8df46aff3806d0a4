// A function of nodes is a #[tsl_fn].
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = tsl! {
        let double = |x: FloatNode| x * 2.0;
        double(time())
    };
}
