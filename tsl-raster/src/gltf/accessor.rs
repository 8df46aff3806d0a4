//! Accessors read from their buffers, every offset and length checked before a byte is read: a
//! file whose accessor runs past its view, or whose view runs past its buffer, is refused with
//! the accessor's index, never indexed out of bounds.

use super::GltfError;
use gltf::accessor::{DataType, Dimensions};
use gltf::Accessor;

/// The components of one element of `dimensions`.
fn components(dimensions: Dimensions) -> usize {
    match dimensions {
        Dimensions::Scalar => 1,
        Dimensions::Vec2 => 2,
        Dimensions::Vec3 => 3,
        Dimensions::Vec4 => 4,
        Dimensions::Mat2 => 4,
        Dimensions::Mat3 => 9,
        Dimensions::Mat4 => 16,
    }
}

/// The bytes of one component of `data_type`.
fn component_bytes(data_type: DataType) -> usize {
    match data_type {
        DataType::I8 | DataType::U8 => 1,
        DataType::I16 | DataType::U16 => 2,
        DataType::U32 | DataType::F32 => 4,
    }
}

/// Where an accessor's elements lie: the first byte, the stride and the element's size, checked
/// to fit in its view and the view in its buffer.
struct Layout<'b> {
    bytes: &'b [u8],
    stride: usize,
}

fn layout<'b>(accessor: &Accessor, buffers: &'b [Vec<u8>]) -> Result<Layout<'b>, GltfError> {
    let index = accessor.index();
    let fail = |reason: String| GltfError::Accessor { index, reason };
    if accessor.sparse().is_some() {
        return Err(fail("is sparse, which the loader does not read".into()));
    }
    let view = accessor
        .view()
        .ok_or_else(|| fail("has no buffer view (a sparse accessor)".into()))?;
    let buffer = buffers
        .get(view.buffer().index())
        .ok_or_else(|| fail("names a buffer that is not loaded".into()))?;
    let view_end = view
        .offset()
        .checked_add(view.length())
        .filter(|&end| end <= buffer.len())
        .ok_or_else(|| {
            fail(format!(
                "reads buffer view {} of {} bytes at {}, past its buffer's {} bytes",
                view.index(),
                view.length(),
                view.offset(),
                buffer.len()
            ))
        })?;
    let element = components(accessor.dimensions()) * component_bytes(accessor.data_type());
    let stride = view.stride().unwrap_or(element);
    if stride < element {
        return Err(fail(format!(
            "has a stride of {stride} bytes, less than its {element}-byte elements"
        )));
    }
    let start = view.offset().checked_add(accessor.offset());
    let count = accessor.count();
    let end = match count {
        0 => start,
        _ => start
            .and_then(|s| s.checked_add(stride.checked_mul(count - 1)?))
            .and_then(|s| s.checked_add(element)),
    };
    match (start, end) {
        (Some(start), Some(end)) if end <= view_end => Ok(Layout {
            bytes: &buffer[start..end],
            stride,
        }),
        _ => Err(fail(format!(
            "reads {count} elements of {element} bytes past the end of buffer view {}",
            view.index()
        ))),
    }
}

/// One component at `at` of `bytes` as glTF reads it: a float as it is, an integer as its value,
/// or, `normalized`, as glTF's normalized-integer rule maps it to [0, 1] or [−1, 1].
fn component(bytes: &[u8], at: usize, data_type: DataType, normalized: bool) -> f32 {
    // Invariant: `layout` checked that every element lies within `bytes`.
    let b = |n: usize| bytes[at + n];
    match data_type {
        DataType::F32 => f32::from_le_bytes([b(0), b(1), b(2), b(3)]),
        DataType::U8 if normalized => b(0) as f32 / 255.0,
        DataType::U8 => b(0) as f32,
        DataType::I8 if normalized => (b(0) as i8 as f32 / 127.0).max(-1.0),
        DataType::I8 => b(0) as i8 as f32,
        DataType::U16 if normalized => u16::from_le_bytes([b(0), b(1)]) as f32 / 65535.0,
        DataType::U16 => u16::from_le_bytes([b(0), b(1)]) as f32,
        DataType::I16 if normalized => {
            (i16::from_le_bytes([b(0), b(1)]) as f32 / 32767.0).max(-1.0)
        }
        DataType::I16 => i16::from_le_bytes([b(0), b(1)]) as f32,
        DataType::U32 => u32::from_le_bytes([b(0), b(1), b(2), b(3)]) as f32,
    }
}

/// The accessor's elements as `N` floats each: refuses another element shape than one of
/// `shapes`, and a non-finite value. Missing components of a narrower shape (a vec3 colour read
/// as four) are 1, as a vertex's alpha.
pub(super) fn floats<const N: usize>(
    accessor: &Accessor,
    buffers: &[Vec<u8>],
    shapes: &[Dimensions],
) -> Result<Vec<[f32; N]>, GltfError> {
    let index = accessor.index();
    if !shapes.contains(&accessor.dimensions()) {
        return Err(GltfError::Accessor {
            index,
            reason: format!("is a {:?} where {shapes:?} is read", accessor.dimensions()),
        });
    }
    let l = layout(accessor, buffers)?;
    let n = components(accessor.dimensions());
    let size = component_bytes(accessor.data_type());
    // Read once: each of the crate's getters walks the document (a call per component cost a
    // tenth of a 10 MB glb's load, benches/gltf.rs).
    let (normalized, data_type, count) = (
        accessor.normalized(),
        accessor.data_type(),
        accessor.count(),
    );
    let mut out = Vec::with_capacity(count);
    for e in 0..count {
        let at = e * l.stride;
        let mut v = [1.0; N];
        for (c, slot) in v.iter_mut().enumerate().take(n.min(N)) {
            *slot = component(l.bytes, at + c * size, data_type, normalized);
        }
        if v.iter().any(|x| !x.is_finite()) {
            return Err(GltfError::Accessor {
                index,
                reason: format!("element {e} is not finite"),
            });
        }
        out.push(v);
    }
    Ok(out)
}

/// An index accessor's values: unsigned bytes, shorts or ints, each below `vertices`.
pub(super) fn indices(
    accessor: &Accessor,
    buffers: &[Vec<u8>],
    vertices: usize,
) -> Result<Vec<u32>, GltfError> {
    let index = accessor.index();
    let fail = |reason: String| GltfError::Accessor { index, reason };
    if accessor.dimensions() != Dimensions::Scalar
        || !matches!(
            accessor.data_type(),
            DataType::U8 | DataType::U16 | DataType::U32
        )
    {
        return Err(fail("is not an unsigned scalar, as indices must be".into()));
    }
    let l = layout(accessor, buffers)?;
    let (width, count) = (component_bytes(accessor.data_type()), accessor.count());
    // Invariant: `layout` checked that every element lies within `l.bytes`, so each chunk but
    // the last is a whole stride and the last holds at least one element.
    let elements = l.bytes.chunks(l.stride).take(count);
    let out: Vec<u32> = match width {
        1 => elements.map(|b| u32::from(b[0])).collect(),
        2 => elements
            .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
            .collect(),
        _ => elements
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect(),
    };
    if let Some((e, v)) = out
        .iter()
        .enumerate()
        .find(|&(_, &v)| v as usize >= vertices)
    {
        return Err(fail(format!(
            "index {e} is {v}, past the primitive's {vertices} vertices"
        )));
    }
    Ok(out)
}
