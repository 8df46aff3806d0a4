// A vector has at most four components.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _v = join(position_world(), uv());
}
