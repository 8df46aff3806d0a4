// Node<T> is for the node types only.
use tsl::prelude::*;

fn scale(p: Node<f32>) -> Node<f32> {
    p
}

fn main() {}
