//! The program's interface: the outputs a graph sets and a program computes, the inputs a node
//! reads that no other node computes, and the views an instruction reads them in. The graph
//! builds with these, the compiler lays them out, the program's words name them and the
//! interpreter fills them, so they sit below all four.

mod attribute;
mod custom;
mod output;

pub use attribute::{Attribute, Source, View, LANE_ATTRIBUTE_COUNT, VIEW_COUNT};
pub use custom::{CustomAttribute, CUSTOM_ATTRIBUTE_FLOATS, CUSTOM_LANES};
pub use output::*;
