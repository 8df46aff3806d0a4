// A texture beside a number literal: rustc reports the operator, and notes our bound.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let map = texture_uniform("map", TextureId(1));
    let _bright = map + 1.0;
}
