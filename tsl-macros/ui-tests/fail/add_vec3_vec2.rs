// Operands of + must have the same width, or one must be a float.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _sum = position_world() + uv();
}
