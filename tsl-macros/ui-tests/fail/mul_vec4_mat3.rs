// A matrix multiplies a vector of its width.
use tsl::prelude::*;

fn main() {
    let _scope = Scope::new();
    let m = uniform(Mat3::IDENTITY);
    let _product = vec4(1.0, 2.0, 3.0, 4.0) * m;
}
