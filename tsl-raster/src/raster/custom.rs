//! Custom attributes (R-ATTR-1, docs/requirements.md): each vertex's 8 floats of the lanes
//! `Custom0` to `Custom2`, filled from the geometry's named attributes where the program's
//! table puts them. The corners keep them; a fragment weighs them with the original triangle's
//! weights, so a triangle cut at the near plane carries them as it carries its colours.

use crate::geometry::Geometry;
use tsl_core::{NodeProgram, CUSTOM_ATTRIBUTE_FLOATS};

/// Each vertex's custom floats for `program` (empty when it reads none). A component the
/// geometry's attribute lacks is 0 and a missing fourth one is 1; a geometry without the
/// attribute gives (0, 0, 0, 1), as WebGL fills a missing attribute.
pub(crate) fn custom_attributes(
    geometry: &Geometry,
    program: &NodeProgram,
) -> Vec<[f32; CUSTOM_ATTRIBUTE_FLOATS]> {
    let table = program.custom_attributes();
    if table.is_empty() {
        return Vec::new();
    }
    let sources: Vec<_> = table
        .iter()
        .map(|a| (a, geometry.attribute(&a.name)))
        .collect();
    (0..geometry.positions().len())
        .map(|vertex| {
            let mut floats = [0.0; CUSTOM_ATTRIBUTE_FLOATS];
            for &(a, source) in &sources {
                for k in 0..usize::from(a.width) {
                    let given = source.and_then(|s| {
                        (k < s.item_size)
                            .then(|| s.data.get(vertex * s.item_size + k).copied())
                            .flatten()
                    });
                    // Invariant: a program's table fits the 8 floats (`with_custom_attributes`).
                    floats[usize::from(a.offset) + k] =
                        given.unwrap_or(if k == 3 { 1.0 } else { 0.0 });
                }
            }
            floats
        })
        .collect()
}
