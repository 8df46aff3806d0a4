//! The custom attributes a program reads (R-ATTR-1, docs/requirements.md): each one's name and
//! where its floats lie among the 8 of a corner (the lanes `Custom0`, `Custom1` and `Custom2`).
//! The graph declares them, the program keeps them, and a rasterizer fills the lanes from them.

use super::Attribute;
use crate::types::ValueType;

/// How many floats every corner carries for the custom attributes.
pub const CUSTOM_ATTRIBUTE_FLOATS: usize = 8;

/// The lanes that carry the custom floats: each lane, its first float and how many it holds (a
/// lane holds three floats, so the eight take three lanes).
pub const CUSTOM_LANES: [(Attribute, usize, usize); 3] = [
    (Attribute::Custom0, 0, 3),
    (Attribute::Custom1, 3, 3),
    (Attribute::Custom2, 6, 2),
];

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
