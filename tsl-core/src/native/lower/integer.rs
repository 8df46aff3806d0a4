//! The exact integer operations (R-INT, docs/integers.md; bytes 100 to 132 of docs/bytecode.md)
//! as naga expressions on `u32` bits, computing what the reference's `interp/int.rs` and the GPU
//! interpreter's `interp_core.wgsl` compute: wrapping arithmetic, division and remainder by zero
//! giving 0, shift counts outside 0 to 31 giving 0, conversions of floats that are not finite or
//! out of range giving 0.
//!
//! Every integer value starts run-time: a constant is its literal xor the hidden zero and a
//! uniform is read through `tsl_word`, so no integer expression is made of literals alone. Why:
//! WGSL evaluates an expression of constants when the shader is created and refuses one that
//! overflows (`0xFFFFFFFFu + 1u`, `i32(-2147483648) / -1`), where this port wraps.

use super::{Lower, Val};
use crate::opcode::Opcode;
use naga::UnaryOperator;
use naga::{BinaryOperator as B, Expression as E, Literal, MathFunction as M, ScalarKind};

type Ex = super::Ex;

/// How an integer opcode combines its operands' bits: a table, so that the signed and unsigned
/// forms of one operation share their lowering.
#[derive(Clone, Copy, Debug)]
enum Form {
    /// A binary operator of naga on the operands read as `ScalarKind` (`Uint` or `Sint`).
    Binary(B, ScalarKind),
    /// A math function of two or three arguments read as `ScalarKind`.
    Math(M, ScalarKind),
    /// A comparison of the two operands read as `ScalarKind`, giving the condition form.
    Compare(B, ScalarKind),
    /// A shift by a count that gives 0 outside 0 to 31, the operand read as `ScalarKind`.
    Shift(B, ScalarKind),
    /// A division or remainder by a divisor that gives 0 where it is zero.
    Divide(B, ScalarKind),
}

/// The table of the componentwise two- and three-operand integer opcodes.
fn form(op: Opcode) -> Option<Form> {
    use Opcode as O;
    use ScalarKind::{Sint as S, Uint as U};
    Some(match op {
        O::BitAnd => Form::Binary(B::And, U),
        O::BitOr => Form::Binary(B::InclusiveOr, U),
        O::BitXor => Form::Binary(B::ExclusiveOr, U),
        // `u32` arithmetic wraps modulo 2^32, and a signed sum's bits are the unsigned sum's.
        O::IAdd => Form::Binary(B::Add, U),
        O::ISub => Form::Binary(B::Subtract, U),
        O::IMul => Form::Binary(B::Multiply, U),
        O::ShiftLeft => Form::Shift(B::ShiftLeft, U),
        // `>>` of an `i32` repeats the sign; of a `u32` it shifts zeros in.
        O::ShiftRight => Form::Shift(B::ShiftRight, S),
        O::UShiftRight => Form::Shift(B::ShiftRight, U),
        // WGSL's (and naga's emitted) `i32` division gives MIN / -1 = MIN and MIN % -1 = 0,
        // the reference's wrapping answers; the divisor zero is handled around it.
        O::IDiv => Form::Divide(B::Divide, S),
        O::UDiv => Form::Divide(B::Divide, U),
        O::Rem => Form::Divide(B::Modulo, S),
        O::URem => Form::Divide(B::Modulo, U),
        O::IMin => Form::Math(M::Min, S),
        O::UMin => Form::Math(M::Min, U),
        O::IMax => Form::Math(M::Max, S),
        O::UMax => Form::Math(M::Max, U),
        // min(max(x, low), high), defined where low > high (WGSL's clamp is not).
        O::IClamp => Form::Math(M::Clamp, S),
        O::UClamp => Form::Math(M::Clamp, U),
        O::ILessThan => Form::Compare(B::Less, S),
        O::ILessThanEqual => Form::Compare(B::LessEqual, S),
        O::ULessThan => Form::Compare(B::Less, U),
        O::ULessThanEqual => Form::Compare(B::LessEqual, U),
        // Equality compares the bits: a NaN-shaped integer equals itself.
        O::IEqual => Form::Compare(B::Equal, U),
        O::INotEqual => Form::Compare(B::NotEqual, U),
        _ => return None,
    })
}

impl Lower<'_> {
    /// Word `word` of the program as the `u32` of an integer's bits: through `tsl_word` when it
    /// may change without a new compile (a uniform), else its literal, hidden (module docs).
    pub(super) fn load_bits(&mut self, word: usize) -> Result<Ex, String> {
        let Some(&bits) = self.program.words().get(word) else {
            return Err(format!("loads word {word}, past the program"));
        };
        if self.dynamic[word] {
            let index = self.uint(word as u32);
            Ok(self.call(self.callees.word, vec![index]))
        } else {
            let literal = self.uint(bits);
            Ok(self.hidden_u32(literal))
        }
    }

    /// `bits` (a `u32`) read as `kind`: itself, or its bitcast to `i32`.
    fn read_as(&mut self, bits: Ex, kind: ScalarKind) -> Ex {
        match kind {
            ScalarKind::Uint => bits,
            _ => self.ex(E::As {
                expr: bits,
                kind,
                convert: None,
            }),
        }
    }

    /// `value` of `kind` as the `u32` of its bits.
    fn bits_of(&mut self, value: Ex, kind: ScalarKind) -> Ex {
        match kind {
            ScalarKind::Uint => value,
            _ => self.ex(E::As {
                expr: value,
                kind: ScalarKind::Uint,
                convert: None,
            }),
        }
    }

    fn zero_of(&mut self, kind: ScalarKind) -> Ex {
        self.ex(E::Literal(match kind {
            ScalarKind::Uint => Literal::U32(0),
            _ => Literal::I32(0),
        }))
    }

    /// An integer opcode: the `w` components it writes, from operands `a`, `b`, `c`.
    pub(super) fn integer(
        &mut self,
        op: Opcode,
        w: usize,
        [a, b, c]: [[Val; 4]; 3],
    ) -> Result<[Option<Val>; 4], String> {
        let mut out = [None; 4];
        for k in 0..w {
            out[k] = Some(self.integer_component(op, a[k], b[k], c[k])?);
        }
        Ok(out)
    }

    fn integer_component(&mut self, op: Opcode, a: Val, b: Val, c: Val) -> Result<Val, String> {
        use Opcode as O;
        if let Some(form) = form(op) {
            let (x, y) = (self.u32_of(a), self.u32_of(b));
            return Ok(match form {
                Form::Binary(operator, kind) => {
                    let (x, y) = (self.read_as(x, kind), self.read_as(y, kind));
                    let r = self.bin(operator, x, y);
                    Val::bits(self.bits_of(r, kind))
                }
                Form::Math(fun, kind) => {
                    let third = if fun == M::Clamp {
                        let z = self.u32_of(c);
                        Some(self.read_as(z, kind))
                    } else {
                        None
                    };
                    let (x, y) = (self.read_as(x, kind), self.read_as(y, kind));
                    let r = match third {
                        // min(max(x, low), high), as the reference orders it.
                        Some(high) => {
                            let m = self.math2(M::Max, x, y);
                            self.math2(M::Min, m, high)
                        }
                        None => self.math2(fun, x, y),
                    };
                    Val::bits(self.bits_of(r, kind))
                }
                Form::Compare(operator, kind) => {
                    let (x, y) = (self.read_as(x, kind), self.read_as(y, kind));
                    let t = self.bin(operator, x, y);
                    Val::float(self.truth(t))
                }
                Form::Shift(operator, kind) => {
                    // The count's bits as unsigned: a negative `int` count is outside too.
                    let (mask, limit, zero) = (self.uint(31), self.uint(32), self.uint(0));
                    let n = self.bin(B::And, y, mask);
                    let x = self.read_as(x, kind);
                    let r = self.bin(operator, x, n);
                    let r = self.bits_of(r, kind);
                    let inside = self.bin(B::Less, y, limit);
                    Val::bits(self.select(inside, r, zero))
                }
                Form::Divide(operator, kind) => {
                    let zero = self.uint(0);
                    let by_zero = self.bin(B::Equal, y, zero);
                    let one = self.ex(E::Literal(match kind {
                        ScalarKind::Uint => Literal::U32(1),
                        _ => Literal::I32(1),
                    }));
                    let (x, y) = (self.read_as(x, kind), self.read_as(y, kind));
                    let d = self.select(by_zero, one, y);
                    let r = self.bin(operator, x, d);
                    let r = self.bits_of(r, kind);
                    Val::bits(self.select(by_zero, zero, r))
                }
            });
        }
        Ok(match op {
            O::BitNot => {
                let x = self.u32_of(a);
                Val::bits(self.ex(E::Unary {
                    op: UnaryOperator::BitwiseNot,
                    expr: x,
                }))
            }
            // 0 - x in u32 wraps, so |MIN| is MIN and -MIN is MIN.
            O::INegate => {
                let (zero, x) = (self.uint(0), self.u32_of(a));
                Val::bits(self.bin(B::Subtract, zero, x))
            }
            O::IAbs => {
                let x = self.u32_of(a);
                let zero = self.uint(0);
                let negated = self.bin(B::Subtract, zero, x);
                let s = self.read_as(x, ScalarKind::Sint);
                let izero = self.zero_of(ScalarKind::Sint);
                let negative = self.bin(B::Less, s, izero);
                Val::bits(self.select(negative, negated, x))
            }
            O::ISign => {
                let x = self.u32_of(a);
                let s = self.read_as(x, ScalarKind::Sint);
                let r = self.math(M::Sign, s);
                Val::bits(self.bits_of(r, ScalarKind::Sint))
            }
            O::ToInt => Val::bits(self.float_to_int(a, ScalarKind::Sint)),
            O::ToUint => Val::bits(self.float_to_int(a, ScalarKind::Uint)),
            // Rounded to the nearest float, ties to even, as WGSL's conversion is.
            O::ToFloat | O::UToFloat => {
                let kind = if op == O::ToFloat {
                    ScalarKind::Sint
                } else {
                    ScalarKind::Uint
                };
                let x = self.u32_of(a);
                let x = self.read_as(x, kind);
                Val::float(self.ex(E::As {
                    expr: x,
                    kind: ScalarKind::Float,
                    convert: Some(4),
                }))
            }
            _ => return Err(format!("{} is not an integer operation", op.name())),
        })
    }

    /// GLSL's `int(x)` or `uint(x)` of a float, truncated toward zero; 0 where `x` is not finite
    /// or out of the range (`int`: -2^31 <= x < 2^31, `uint`: -1 < x < 2^32; NaN fails every
    /// comparison), as the reference's `float_to_int`. The float passes through the hidden
    /// zero, so no conversion of a constant is evaluated when the shader is created.
    fn float_to_int(&mut self, a: Val, kind: ScalarKind) -> Ex {
        let x = self.f32_of(a);
        let x = self.hidden_f32(x);
        let (low, high) = match kind {
            ScalarKind::Uint => (self.float(-1.0), self.float(4_294_967_296.0)),
            _ => (self.float(-2_147_483_648.0), self.float(2_147_483_648.0)),
        };
        let above = self.bin(
            if kind == ScalarKind::Uint {
                B::Greater
            } else {
                B::GreaterEqual
            },
            x,
            low,
        );
        let below = self.bin(B::Less, x, high);
        let ok = self.bin(B::LogicalAnd, above, below);
        let zero = self.zero;
        let inside = self.select(ok, x, zero);
        let r = self.ex(E::As {
            expr: inside,
            kind,
            convert: Some(4),
        });
        let r = self.bits_of(r, kind);
        let none = self.uint(0);
        self.select(ok, r, none)
    }

    fn math2(&mut self, fun: M, arg: Ex, arg1: Ex) -> Ex {
        self.ex(E::Math {
            fun,
            arg,
            arg1: Some(arg1),
            arg2: None,
            arg3: None,
        })
    }
}
