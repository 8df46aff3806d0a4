//! The custom attributes a program reads (R-ATTR-1, docs/requirements.md): each one's name and
//! where its floats lie among the 8 of a corner (the lanes `Custom0` and `Custom1`). The graph
//! declares them, the program keeps them, and a rasterizer fills the lanes from them.

use crate::types::ValueType;

/// How many floats every corner carries for the custom attributes (two vec4 lanes).
pub const CUSTOM_ATTRIBUTE_FLOATS: usize = 8;

/// A custom attribute of a graph or a program: its name, its width and where its first float
/// lies among the [`CUSTOM_ATTRIBUTE_FLOATS`] of a corner.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomAttribute {
    /// The geometry attribute's name.
    pub name: String,
    /// Its components, 1 (float) to 4 (vec4).
    pub width: u8,
    /// Its first float: 0 to 7, `offset + width` at most 8.
    pub offset: u8,
}

impl CustomAttribute {
    /// Whether it fits the corner's floats (a program read from words is checked with it).
    pub fn is_valid(&self) -> bool {
        (1..=4).contains(&self.width)
            && usize::from(self.offset) + usize::from(self.width) <= CUSTOM_ATTRIBUTE_FLOATS
    }

    /// The node type it reads as.
    pub fn value_type(&self) -> ValueType {
        // Invariant: `width` is 1 to 4 (`is_valid`, checked where one is made or read).
        ValueType::vector(usize::from(self.width)).unwrap_or(ValueType::Float)
    }
}
