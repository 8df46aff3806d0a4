// A texture is read by texture(map, uv), not multiplied.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let map = texture_uniform("map", TextureId(1));
    let _bright = map * time();
}
