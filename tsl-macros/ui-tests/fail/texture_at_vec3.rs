// A texture is read at a vec2.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let _c = texture(TextureId(1), position_world());
}
