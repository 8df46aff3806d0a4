//! Exact 32-bit integer nodes (R-INT, docs/requirements.md; docs/integers.md): constants of
//! `int`/`uint` scalars and vectors, conversions, and the bit operations. The arithmetic,
//! comparisons, `min`/`max`/`clamp`, `abs`/`sign`, `negate` and `select` are the graph's usual
//! methods, which take integer operands of one kind as well as floats.

use super::{NodeGraph, NodeRef, Op};
use crate::opcode::Opcode;
use crate::types::{Scalar, ValueType};

impl NodeGraph {
    /// A constant of `kind` from the components' bits, 1 to 4 of them.
    pub(super) fn int_constant(&self, kind: Scalar, bits: &[u32]) -> NodeRef {
        let mut value = [0.0f32; 4];
        for (v, &b) in value.iter_mut().zip(bits) {
            // The bits as they are: a register holds an integer's bits in f32 form.
            *v = f32::from_bits(b);
        }
        // Invariant: every caller passes 1 to 4 components.
        let ty = ValueType::vector_of(kind, bits.len()).expect("1 to 4 components");
        self.leaf(ty.name(), Op::Constant { ty, value }, ty)
    }

    /// A constant `uint`, every bit kept: `graph.uint(0xFFFF_FFFF)`.
    pub fn uint(&self, x: u32) -> NodeRef {
        self.int_constant(Scalar::UInt, &[x])
    }

    /// A constant `uvec2`.
    pub fn uvec2(&self, x: u32, y: u32) -> NodeRef {
        self.int_constant(Scalar::UInt, &[x, y])
    }

    /// A constant `uvec3`.
    pub fn uvec3(&self, x: u32, y: u32, z: u32) -> NodeRef {
        self.int_constant(Scalar::UInt, &[x, y, z])
    }

    /// A constant `uvec4`.
    pub fn uvec4(&self, x: u32, y: u32, z: u32, w: u32) -> NodeRef {
        self.int_constant(Scalar::UInt, &[x, y, z, w])
    }

    /// A constant signed 32-bit `int` (named so, as the legacy float-backed helpers keep the
    /// name `int`): `graph.int32(-7)`.
    pub fn int32(&self, x: i32) -> NodeRef {
        self.int_constant(Scalar::Int, &[x as u32])
    }

    /// A constant `ivec2`.
    pub fn ivec2(&self, x: i32, y: i32) -> NodeRef {
        self.int_constant(Scalar::Int, &[x as u32, y as u32])
    }

    /// A constant `ivec3`.
    pub fn ivec3(&self, x: i32, y: i32, z: i32) -> NodeRef {
        self.int_constant(Scalar::Int, &[x as u32, y as u32, z as u32])
    }

    /// A constant `ivec4`.
    pub fn ivec4(&self, x: i32, y: i32, z: i32, w: i32) -> NodeRef {
        self.int_constant(Scalar::Int, &[x as u32, y as u32, z as u32, w as u32])
    }

    /// GLSL's `uint(a)`, componentwise: of an `int`, the same bits (a negative value wraps up by
    /// 2^32); of a float, truncated toward zero, where a constant must be finite and in range
    /// and a value at run time out of range gives 0.
    pub fn to_uint(&self, a: NodeRef) -> NodeRef {
        self.math(Opcode::ToUint, &[a])
    }

    /// GLSL's `int(a)`, componentwise: of a `uint`, the same bits; of a float, truncated toward
    /// zero, as [`NodeGraph::to_uint`].
    pub fn to_int(&self, a: NodeRef) -> NodeRef {
        self.math(Opcode::ToInt, &[a])
    }

    /// GLSL's `float(a)` of an integer, componentwise, rounded to the nearest float (ties to
    /// even); of a float, the float itself.
    pub fn to_float(&self, a: NodeRef) -> NodeRef {
        self.math(Opcode::ToFloat, &[a])
    }

    /// Bitwise `a & b` of integers of one kind.
    pub fn bit_and(&self, a: NodeRef, b: NodeRef) -> NodeRef {
        self.math(Opcode::BitAnd, &[a, b])
    }

    /// Bitwise `a | b`.
    pub fn bit_or(&self, a: NodeRef, b: NodeRef) -> NodeRef {
        self.math(Opcode::BitOr, &[a, b])
    }

    /// Bitwise `a ^ b`.
    pub fn bit_xor(&self, a: NodeRef, b: NodeRef) -> NodeRef {
        self.math(Opcode::BitXor, &[a, b])
    }

    /// Bitwise `~a`.
    pub fn bit_not(&self, a: NodeRef) -> NodeRef {
        self.math(Opcode::BitNot, &[a])
    }

    /// `a << count`: the result has `a`'s type; `count` is an `int` or `uint`, a scalar or of
    /// `a`'s width. A constant count outside 0 to 31 is refused; at run time it gives 0.
    pub fn shift_left(&self, a: NodeRef, count: NodeRef) -> NodeRef {
        self.math(Opcode::ShiftLeft, &[a, count])
    }

    /// `a >> count`: arithmetic for `int` (the sign repeated), logical for `uint`; counts as
    /// [`NodeGraph::shift_left`].
    pub fn shift_right(&self, a: NodeRef, count: NodeRef) -> NodeRef {
        self.math(Opcode::ShiftRight, &[a, count])
    }

    /// GLSL's `a % b` of integers: `a - b * (a / b)` with the division truncated toward zero, so
    /// `-7 % 2` is -1. A constant zero `b` is refused; at run time it gives 0.
    pub fn rem(&self, a: NodeRef, b: NodeRef) -> NodeRef {
        self.math(Opcode::Rem, &[a, b])
    }
}
