//! Instruction lowering: one output's straight-line code as one naga function, register by
//! register and component by component, with the semantics of docs/bytecode.md (the reference
//! interpreter, tsl-core/src/interp, is the definition; the GPU interpreter's `run_code` mirrors
//! it, and each case below computes what its case computes).

mod integer;

use super::hooks::{Callees, Ty};
use super::{EmitError, EmittedOutputs};
use crate::interface::{Output, OUTPUT_COUNT};
use crate::opcode::Opcode;
use crate::program::format::{
    Instruction, RegOperand, HEADER_WORDS, H_MAGIC, INSTRUCTION_WORDS, LOAD_TAG_FLOAT, MAGIC,
    MAX_REGISTERS,
};
use crate::program::NodeProgram;
use naga::{
    BinaryOperator as B, Expression as E, Function, FunctionResult, Handle, Literal,
    MathFunction as M, Module, ScalarKind, Span, Statement, Type, UnaryOperator,
};

/// A scalar naga expression.
type Ex = Handle<E>;

/// One register component: a scalar expression of the type its value has. Exact integers
/// (R-INT) are `u32` expressions of their bits (an `int` too, read as `i32` by a bitcast where
/// an operation is signed), floats `f32` ones; a component changes type only through a
/// `bitcast`, which keeps every bit (docs/integers.md).
#[derive(Clone, Copy, Debug)]
struct Val {
    ex: Ex,
    /// The expression is a `u32` of an integer's bits (else an `f32`).
    bits: bool,
}

impl Val {
    fn float(ex: Ex) -> Val {
        Val { ex, bits: false }
    }

    fn bits(ex: Ex) -> Val {
        Val { ex, bits: true }
    }
}

/// Adds one function per set output of `program` to `module`, named by [`function_name`]
/// (`tsl_output_color`, ...), with no arguments and returning `vec4<f32>`: the
/// register the output's last instruction wrote, as the GPU interpreter's `run_code` returns it
/// (components past the output's width unspecified).
///
/// `module` must already hold [`PRELUDE_WGSL`](super::PRELUDE_WGSL)'s functions and the three
/// hooks (module docs), found by name and checked for signature; otherwise
/// [`EmitError::MissingHook`], [`EmitError::MissingPrelude`] or [`EmitError::Signature`]. Any
/// valid program emits or errs ([`EmitError::Unsupported`]), never panics, in time linear in
/// its instructions; on an error the module's functions are as they were. The module is not
/// validated here ([`super::validate`]).
///
/// ```
/// use tsl_core::native::*;
/// use tsl_core::*;
/// let graph = NodeGraph::new();
/// graph.set_output(OPACITY_NODE, graph.sin(graph.mul(graph.time(), graph.float(2.0)))).unwrap();
/// let program = graph.compile().unwrap();
/// // The host: its bindings, the three hooks, an interpreter-shaped stub, the prelude.
/// let host = "
///     @group(0) @binding(0) var<storage, read> words: array<u32>;
///     @group(0) @binding(1) var<storage, read_write> result: vec4<f32>;
///     fn tsl_word(word: u32) -> u32 { return words[word]; }
///     fn tsl_attribute(view: u32, id: u32) -> vec3<f32> { return vec3<f32>(0.0); }
///     fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> { return vec4<f32>(uv, 0.0, 1.0); }
///     fn run_code(base: u32, start: u32, count: u32) -> vec4<f32> { return vec4<f32>(0.0); }
///     @compute @workgroup_size(1) fn main() { result = run_code(0u, words[8], words[9]); }
/// ";
/// let mut module = parse_wgsl(&format!("{host}{PRELUDE_WGSL}")).unwrap();
/// let outputs = emit_into(&program, &mut module).unwrap();
/// assert!(outputs.functions[OPACITY_NODE.index()].is_some());
/// let stub = function_by_name(&module, "run_code").unwrap();
/// fill_dispatch(&mut module, stub, &program, &outputs).unwrap();
/// let wgsl = module_to_wgsl(&module).unwrap();
/// // The time (word 70) is read through the hook; the constant 2.0 is in the code.
/// assert!(wgsl.contains("tsl_word(70u)") && wgsl.contains("2f"));
/// ```
pub fn emit_into(program: &NodeProgram, module: &mut Module) -> Result<EmittedOutputs, EmitError> {
    let callees = Callees::find(module)?;
    for output in Output::ALL {
        let name = function_name(output);
        if program.has_output(output) && super::function_by_name(module, &name).is_some() {
            return Err(EmitError::NameTaken { name });
        }
    }
    let types = Types::new(module);
    let dynamic = dynamic_words(program);
    // Every output is lowered before any is added, so an error leaves the functions as they
    // were (the module may have gained the vector types alone).
    let mut lowered = Vec::new();
    for output in Output::ALL {
        let (start, count) = program.output_range(output);
        if count == 0 {
            continue;
        }
        let mut lower = Lower::new(program, &dynamic, callees, types);
        for index in start..start + count {
            lower.instruction(index)?;
        }
        lowered.push((output, lower.finish(function_name(output))));
    }
    let mut functions = [None; OUTPUT_COUNT];
    for (output, function) in lowered {
        functions[output.index()] = Some(module.functions.append(function, Span::UNDEFINED));
    }
    Ok(EmittedOutputs { functions })
}

/// The name of the function [`emit_into`] emits for `output`: `tsl_output_` and the output's
/// name in lower case without `_NODE` (`tsl_output_color`, `tsl_output_opacity`, ...).
pub fn function_name(output: Output) -> String {
    let name = output.name();
    let short = name.strip_suffix("_NODE").unwrap_or(name);
    format!("tsl_output_{}", short.to_ascii_lowercase())
}

/// Which words a program may change without being compiled again (the header, uniform slots,
/// texture id slots): a load reads those through `tsl_word`.
fn dynamic_words(program: &NodeProgram) -> Vec<bool> {
    let words = program.words();
    let mut dynamic = vec![false; words.len()];
    dynamic[..HEADER_WORDS.min(words.len())].fill(true);
    // Invariant: `from_words` (and the compiler) hold every slot inside the words.
    for u in program.uniforms() {
        let end = (u.word + u.ty.float_count()).min(words.len());
        dynamic[u.word.min(end)..end].fill(true);
    }
    for t in program.texture_slots() {
        if let Some(d) = dynamic.get_mut(t.word) {
            *d = true;
        }
    }
    dynamic
}

/// The types the emitted code names.
#[derive(Clone, Copy, Debug)]
struct Types {
    vec2: Handle<Type>,
    vec3: Handle<Type>,
    vec4: Handle<Type>,
}

impl Types {
    fn new(module: &mut Module) -> Types {
        let mut ty = |t: Ty| {
            module.types.insert(
                Type {
                    name: None,
                    inner: t.inner(),
                },
                Span::UNDEFINED,
            )
        };
        Types {
            vec2: ty(Ty::Vec2),
            vec3: ty(Ty::Vec3),
            vec4: ty(Ty::Vec4),
        }
    }
}

/// One output's function while it is built.
struct Lower<'p> {
    program: &'p NodeProgram,
    dynamic: &'p [bool],
    callees: Callees,
    types: Types,
    function: Function,
    /// The first expression not yet covered by an `Emit` statement.
    pending: usize,
    /// Each register's four components.
    regs: [[Val; 4]; MAX_REGISTERS],
    /// The register the last instruction wrote.
    last: usize,
    zero: Ex,
    one: Ex,
    /// [`Lower::hidden_zero`], once made.
    hidden_zero: Option<Ex>,
}

impl<'p> Lower<'p> {
    fn new(program: &'p NodeProgram, dynamic: &'p [bool], callees: Callees, types: Types) -> Self {
        let mut function = Function::default();
        let zero = function
            .expressions
            .append(E::Literal(Literal::F32(0.0)), Span::UNDEFINED);
        let one = function
            .expressions
            .append(E::Literal(Literal::F32(1.0)), Span::UNDEFINED);
        let pending = function.expressions.len();
        Lower {
            program,
            dynamic,
            callees,
            types,
            function,
            pending,
            regs: [[Val::float(zero); 4]; MAX_REGISTERS],
            last: 0,
            zero,
            one,
            hidden_zero: None,
        }
    }

    /// A `u32` zero that the shader compiler cannot prove zero: the program's word 0, read
    /// through `tsl_word`, xor [`MAGIC`]. Why: a constant argument lets the driver specialize the
    /// prelude function it calls and apply its inexact algebra to the constant (Mesa folds
    /// `x * 1.0`, then reassociates `(c - 0.5) + 0.5`; SPIR-V without `NoContraction` allows it),
    /// which moved Worley noise of a constant jitter or point width by 1 to 3 ulp on lavapipe;
    /// the interpreter's run-time operands never allow it. Measured by `tests/gpu_interp.rs`.
    /// Integer constants and the floats converted to integers pass through it too
    /// (`integer.rs`); [`reads_hidden_zero`] names every instruction whose code calls this.
    fn hidden_zero(&mut self) -> Ex {
        if let Some(zero) = self.hidden_zero {
            return zero;
        }
        let index = self.uint(H_MAGIC as u32);
        let bits = self.call(self.callees.word, vec![index]);
        let magic = self.uint(MAGIC);
        let zero = self.bin(B::ExclusiveOr, bits, magic);
        self.hidden_zero = Some(zero);
        zero
    }

    /// `value` (a `u32`), through [`Lower::hidden_zero`].
    fn hidden_u32(&mut self, value: Ex) -> Ex {
        let zero = self.hidden_zero();
        self.bin(B::ExclusiveOr, value, zero)
    }

    /// `value` (an `f32`), its bits through [`Lower::hidden_zero`].
    fn hidden_f32(&mut self, value: Ex) -> Ex {
        let bits = self.ex(E::As {
            expr: value,
            kind: ScalarKind::Uint,
            convert: None,
        });
        let bits = self.hidden_u32(bits);
        self.bitcast(bits)
    }

    /// Cover the expressions added since the last flush with an `Emit`.
    fn flush(&mut self) {
        if self.pending < self.function.expressions.len() {
            let range = self.function.expressions.range_from(self.pending);
            self.function
                .body
                .push(Statement::Emit(range), Span::UNDEFINED);
            self.pending = self.function.expressions.len();
        }
    }

    /// Add an expression; one that naga holds in scope without an `Emit` (a literal) is kept out
    /// of the emitted ranges.
    fn ex(&mut self, e: E) -> Ex {
        if e.needs_pre_emit() {
            self.flush();
            let h = self.function.expressions.append(e, Span::UNDEFINED);
            self.pending = self.function.expressions.len();
            h
        } else {
            self.function.expressions.append(e, Span::UNDEFINED)
        }
    }

    fn call(&mut self, function: Handle<Function>, arguments: Vec<Ex>) -> Ex {
        self.flush();
        let result = self
            .function
            .expressions
            .append(E::CallResult(function), Span::UNDEFINED);
        self.pending = self.function.expressions.len();
        self.function.body.push(
            Statement::Call {
                function,
                arguments,
                result: Some(result),
            },
            Span::UNDEFINED,
        );
        result
    }

    /// An f32 constant; a non-finite one, or -0, as the bitcast of its bits (WGSL has no NaN or
    /// infinity literal, and a back end may print -0 as a negation).
    fn float(&mut self, value: f32) -> Ex {
        if value.is_finite() && !(value == 0.0 && value.is_sign_negative()) {
            self.ex(E::Literal(Literal::F32(value)))
        } else {
            let bits = self.ex(E::Literal(Literal::U32(value.to_bits())));
            self.bitcast(bits)
        }
    }

    fn bitcast(&mut self, bits: Ex) -> Ex {
        self.ex(E::As {
            expr: bits,
            kind: ScalarKind::Float,
            convert: None,
        })
    }

    fn uint(&mut self, value: u32) -> Ex {
        self.ex(E::Literal(Literal::U32(value)))
    }

    fn bin(&mut self, op: B, left: Ex, right: Ex) -> Ex {
        self.ex(E::Binary { op, left, right })
    }

    fn math(&mut self, fun: M, arg: Ex) -> Ex {
        self.ex(E::Math {
            fun,
            arg,
            arg1: None,
            arg2: None,
            arg3: None,
        })
    }

    /// WGSL `select(reject, accept, condition)`.
    fn select(&mut self, condition: Ex, accept: Ex, reject: Ex) -> Ex {
        self.ex(E::Select {
            condition,
            accept,
            reject,
        })
    }

    /// 1.0 where `condition`, else 0.0 (the prelude's `truth`).
    fn truth(&mut self, condition: Ex) -> Ex {
        let (one, zero) = (self.one, self.zero);
        self.select(condition, one, zero)
    }

    /// "Not zero", `!(x == 0)`: -0 is zero, NaN is not (the prelude's `nz`).
    fn nz(&mut self, x: Ex) -> Ex {
        let zero = self.zero;
        let eq = self.bin(B::Equal, x, zero);
        self.ex(E::Unary {
            op: UnaryOperator::LogicalNot,
            expr: eq,
        })
    }

    /// GLSL `min` as the reference computes it: `y < x ? y : x`, and `y` where `x` is NaN
    /// (the prelude's `gmin`, R-MATH-13).
    fn gmin(&mut self, x: Ex, y: Ex) -> Ex {
        let c = self.bin(B::Less, y, x);
        let c = self.or_nan(c, x);
        self.select(c, y, x)
    }

    /// GLSL `max`: `x < y ? y : x`, and `y` where `x` is NaN (the prelude's `gmax`).
    fn gmax(&mut self, x: Ex, y: Ex) -> Ex {
        let c = self.bin(B::Less, x, y);
        let c = self.or_nan(c, x);
        self.select(c, y, x)
    }

    /// `c || isnan(x)`, the NaN test written `!(x == x)` so that no ordered `!=` can fold it.
    fn or_nan(&mut self, c: Ex, x: Ex) -> Ex {
        let eq = self.bin(B::Equal, x, x);
        let nan = self.ex(E::Unary {
            op: UnaryOperator::LogicalNot,
            expr: eq,
        });
        self.bin(B::LogicalOr, c, nan)
    }

    fn gclamp(&mut self, x: Ex, lo: Ex, hi: Ex) -> Ex {
        let m = self.gmax(x, lo);
        self.gmin(m, hi)
    }

    /// The dot product over `w` components, from +0 in component order, each step rounded (the
    /// prelude's `dotw`; its masked components add +0, which changes no sum that began at +0).
    fn dot(&mut self, p: &[Ex; 4], q: &[Ex; 4], w: usize) -> Ex {
        let mut sum = self.zero;
        for k in 0..w {
            let t = self.bin(B::Multiply, p[k], q[k]);
            sum = self.bin(B::Add, sum, t);
        }
        sum
    }

    fn compose(&mut self, ty: Handle<Type>, components: Vec<Ex>) -> Ex {
        self.ex(E::Compose { ty, components })
    }

    fn component(&mut self, base: Ex, index: u32) -> Ex {
        self.ex(E::AccessIndex { base, index })
    }

    /// The four components of register operand `word`, through its swizzle, as they are.
    fn operand(&self, word: u32) -> [Val; 4] {
        let op = RegOperand::decode(word);
        let reg = &self.regs[op.reg as usize % MAX_REGISTERS];
        op.swizzle.map(|c| reg[c as usize])
    }

    /// `v` as an `f32`: an integer's bits by a bitcast.
    fn f32_of(&mut self, v: Val) -> Ex {
        if v.bits {
            self.bitcast(v.ex)
        } else {
            v.ex
        }
    }

    /// `v` as a `u32` of its bits: a float's by a bitcast.
    fn u32_of(&mut self, v: Val) -> Ex {
        if v.bits {
            v.ex
        } else {
            self.ex(E::As {
                expr: v.ex,
                kind: ScalarKind::Uint,
                convert: None,
            })
        }
    }

    /// The components of `v` as `f32`s (a float operation's operand).
    fn floats(&mut self, v: [Val; 4]) -> [Ex; 4] {
        v.map(|v| self.f32_of(v))
    }

    /// The value of word `word` of the program as an f32: through `tsl_word` when the word may
    /// change without a new compile, else its bits now, inlined.
    fn load_word(&mut self, word: usize) -> Result<Ex, String> {
        let Some(&bits) = self.program.words().get(word) else {
            return Err(format!("loads word {word}, past the program"));
        };
        if self.dynamic[word] {
            let index = self.uint(word as u32);
            let bits = self.call(self.callees.word, vec![index]);
            Ok(self.bitcast(bits))
        } else {
            Ok(self.float(f32::from_bits(bits)))
        }
    }

    /// Lower instruction `index` of the code.
    fn instruction(&mut self, index: usize) -> Result<(), EmitError> {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        let Some(words) = self.program.words().get(at..at + INSTRUCTION_WORDS) else {
            return Err(unsupported(index, "?".into(), "past the code".into()));
        };
        let inst = Instruction::decode(words);
        let Some(opcode) = Opcode::from_byte(inst.opcode) else {
            return Err(unsupported(
                index,
                format!("byte {}", inst.opcode),
                "no opcode".into(),
            ));
        };
        let w = inst.width as usize;
        if !(1..=4).contains(&w) {
            return Err(unsupported(
                index,
                opcode.name().into(),
                format!("width {w}"),
            ));
        }
        let dst = inst.dst as usize;
        if dst >= MAX_REGISTERS {
            return Err(unsupported(
                index,
                opcode.name().into(),
                format!("writes r{dst}"),
            ));
        }
        let written = self
            .lower(&inst, opcode, w)
            .map_err(|reason| unsupported(index, opcode.name().into(), reason))?;
        for (k, value) in written.into_iter().enumerate() {
            if let Some(value) = value {
                self.regs[dst][k] = value;
            }
        }
        self.last = dst;
        Ok(())
    }

    /// The components `inst` writes (`None`: the register keeps that one). The operations
    /// that copy (`mov`, `join`, `select`) keep each component's type; an integer one reads
    /// and writes bits ([`Lower::integer`]); every other one reads and writes floats.
    fn lower(
        &mut self,
        inst: &Instruction,
        opcode: Opcode,
        w: usize,
    ) -> Result<[Option<Val>; 4], String> {
        use Opcode as O;
        let [o0, o1, o2] = inst.operands;
        // Operands as the interpreter reads them; an opcode reads only those of its arity, and
        // reading a register builds no expression, so reading all three costs nothing.
        let (a, b, c) = (self.operand(o0), self.operand(o1), self.operand(o2));
        let mut out = [None; 4];
        match opcode {
            O::Mov => (0..w).for_each(|k| out[k] = Some(a[k])),
            O::Join => {
                for (k, slot) in out.iter_mut().enumerate().take(w) {
                    *slot = Some(match inst.join_source(k) {
                        0 => a[k],
                        1 => b[k],
                        2 => c[k],
                        _ => return Err(format!("component {k} joins operand 3")),
                    });
                }
            }
            O::Select => {
                for (k, slot) in out.iter_mut().enumerate().take(w) {
                    let t = self.f32_of(a[k]);
                    let t = self.nz(t);
                    // Two floats select as floats; an integer beside either selects as bits.
                    *slot = Some(if b[k].bits || c[k].bits {
                        let (x, y) = (self.u32_of(b[k]), self.u32_of(c[k]));
                        Val::bits(self.select(t, x, y))
                    } else {
                        Val::float(self.select(t, b[k].ex, c[k].ex))
                    });
                }
            }
            O::Load if inst.operands[1] != LOAD_TAG_FLOAT => {
                for (k, slot) in out.iter_mut().enumerate().take(w) {
                    *slot = Some(Val::bits(self.load_bits(o0 as usize + k)?));
                }
            }
            op if op.is_integer() => return self.integer(op, w, [a, b, c]),
            _ => {
                let (a, b, c) = (self.floats(a), self.floats(b), self.floats(c));
                let floats = self.lower_float(inst, opcode, w, a, b, c)?;
                for (slot, v) in out.iter_mut().zip(floats) {
                    *slot = v.map(Val::float);
                }
            }
        }
        Ok(out)
    }

    /// A float operation: the components it writes, from its operands as floats.
    fn lower_float(
        &mut self,
        inst: &Instruction,
        opcode: Opcode,
        w: usize,
        a: [Ex; 4],
        b: [Ex; 4],
        c: [Ex; 4],
    ) -> Result<[Option<Ex>; 4], String> {
        use Opcode as O;
        let [o0, o1, _] = inst.operands;
        let mut out = [None; 4];
        // A componentwise operation: `f` on component k of the operands, for k < w.
        macro_rules! each {
            (|$k:ident| $body:expr) => {{
                for $k in 0..w {
                    out[$k] = Some($body);
                }
            }};
        }
        match opcode {
            // Lowered in `lower` before this match.
            O::Mov | O::Join | O::Select => return Err("a copy reached the float lowering".into()),
            O::BitAnd
            | O::BitOr
            | O::BitXor
            | O::BitNot
            | O::ShiftLeft
            | O::ShiftRight
            | O::Rem
            | O::ToInt
            | O::ToUint
            | O::ToFloat
            | O::IAdd
            | O::ISub
            | O::IMul
            | O::IDiv
            | O::UDiv
            | O::URem
            | O::UShiftRight
            | O::IMin
            | O::UMin
            | O::IMax
            | O::UMax
            | O::IClamp
            | O::UClamp
            | O::IAbs
            | O::ISign
            | O::INegate
            | O::ILessThan
            | O::ILessThanEqual
            | O::ULessThan
            | O::ULessThanEqual
            | O::IEqual
            | O::INotEqual
            | O::UToFloat => return Err("an integer reached the float lowering".into()),
            O::Load => {
                for (k, slot) in out.iter_mut().enumerate().take(w) {
                    *slot = Some(self.load_word(o0 as usize + k)?);
                }
            }
            O::Attr => {
                if w > 3 {
                    return Err(format!("an attribute of width {w}"));
                }
                let (view, id) = (self.uint(o0 >> 8), self.uint(o0 & 0xff));
                let v = self.call(self.callees.attribute, vec![view, id]);
                each!(|k| self.component(v, k as u32))
            }
            O::Tex => {
                let word = self.uint(o1);
                let id = self.call(self.callees.word, vec![word]);
                let uv = self.compose(self.types.vec2, vec![a[0], a[1]]);
                let v = self.call(self.callees.texture, vec![id, uv]);
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = Some(self.component(v, k as u32));
                }
            }
            O::Tex3 => {
                let Some(texture_3d) = self.callees.texture_3d else {
                    return Err(format!(
                        "the host has no `{}` for a texture_3d read",
                        super::hooks::TEXTURE_3D_WGSL
                    ));
                };
                let word = self.uint(o1);
                let id = self.call(self.callees.word, vec![word]);
                let uvw = self.compose(self.types.vec3, vec![a[0], a[1], a[2]]);
                let v = self.call(texture_3d, vec![id, uvw]);
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = Some(self.component(v, k as u32));
                }
            }
            // Both take (id, a vec2, a level), through a hook of their own.
            O::TexLod | O::TexFetch => {
                let (hook, wgsl) = if opcode == O::TexLod {
                    (self.callees.texture_level, super::hooks::TEXTURE_LEVEL_WGSL)
                } else {
                    (self.callees.texture_fetch, super::hooks::TEXTURE_FETCH_WGSL)
                };
                let Some(hook) = hook else {
                    return Err(format!(
                        "the host has no `{wgsl}` for a {} read",
                        opcode.name()
                    ));
                };
                let word = self.uint(o1);
                let id = self.call(self.callees.word, vec![word]);
                let uv = self.compose(self.types.vec2, vec![a[0], a[1]]);
                let v = self.call(hook, vec![id, uv, a[2]]);
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = Some(self.component(v, k as u32));
                }
            }
            O::MulAdd => each!(|k| {
                let m = self.bin(B::Multiply, a[k], b[k]);
                self.bin(B::Add, m, c[k])
            }),
            O::Add => each!(|k| self.bin(B::Add, a[k], b[k])),
            O::Sub => each!(|k| self.bin(B::Subtract, a[k], b[k])),
            O::Mul => each!(|k| self.bin(B::Multiply, a[k], b[k])),
            O::Div => each!(|k| self.bin(B::Divide, a[k], b[k])),
            O::Min => each!(|k| self.gmin(a[k], b[k])),
            O::Max => each!(|k| self.gmax(a[k], b[k])),
            O::Mod => each!(|k| {
                let q = self.bin(B::Divide, a[k], b[k]);
                let f = self.math(M::Floor, q);
                let m = self.bin(B::Multiply, b[k], f);
                self.bin(B::Subtract, a[k], m)
            }),
            O::Pow => each!(|k| self.call(self.callees.powf, vec![a[k], b[k]])),
            O::Step => each!(|k| {
                let below = self.bin(B::Less, b[k], a[k]);
                let (zero, one) = (self.zero, self.one);
                self.select(below, zero, one)
            }),
            O::Atan2 => each!(|k| self.call(self.callees.atan2f, vec![a[k], b[k]])),
            O::Mix => each!(|k| {
                let one = self.one;
                let s = self.bin(B::Subtract, one, c[k]);
                let l = self.bin(B::Multiply, a[k], s);
                let r = self.bin(B::Multiply, b[k], c[k]);
                self.bin(B::Add, l, r)
            }),
            O::Clamp => each!(|k| self.gclamp(a[k], b[k], c[k])),
            O::Smoothstep => each!(|k| {
                let num = self.bin(B::Subtract, c[k], a[k]);
                let den = self.bin(B::Subtract, b[k], a[k]);
                let q = self.bin(B::Divide, num, den);
                let (zero, one) = (self.zero, self.one);
                let t = self.gclamp(q, zero, one);
                let tt = self.bin(B::Multiply, t, t);
                let (two, three) = (self.float(2.0), self.float(3.0));
                let t2 = self.bin(B::Multiply, two, t);
                let s = self.bin(B::Subtract, three, t2);
                self.bin(B::Multiply, tt, s)
            }),
            O::Abs => each!(|k| self.math(M::Abs, a[k])),
            O::Sign => each!(|k| {
                let zero = self.zero;
                let minus = self.float(-1.0);
                let neg = self.bin(B::Less, a[k], zero);
                let inner = self.select(neg, minus, a[k]);
                let pos = self.bin(B::Greater, a[k], zero);
                let one = self.one;
                self.select(pos, one, inner)
            }),
            O::Floor => each!(|k| self.math(M::Floor, a[k])),
            O::Ceil => each!(|k| self.math(M::Ceil, a[k])),
            O::Round => each!(|k| self.math(M::Round, a[k])),
            O::Trunc => each!(|k| self.math(M::Trunc, a[k])),
            O::Fract => each!(|k| {
                let f = self.math(M::Floor, a[k]);
                self.bin(B::Subtract, a[k], f)
            }),
            O::Hash => each!(|k| self.call(self.callees.pcg_hash, vec![a[k]])),
            O::Sin => each!(|k| self.math(M::Sin, a[k])),
            O::Cos => each!(|k| self.math(M::Cos, a[k])),
            O::Tan => each!(|k| self.math(M::Tan, a[k])),
            O::Asin => each!(|k| self.call(self.callees.asinf, vec![a[k]])),
            O::Acos => each!(|k| self.call(self.callees.acosf, vec![a[k]])),
            O::Atan => each!(|k| self.call(self.callees.atanf, vec![a[k]])),
            O::Radians => each!(|k| {
                let f = self.float(f32::from_bits(0x3c8e_fa35));
                self.bin(B::Multiply, a[k], f)
            }),
            O::Degrees => each!(|k| {
                let f = self.float(f32::from_bits(0x4265_2ee0));
                self.bin(B::Multiply, a[k], f)
            }),
            O::Exp => each!(|k| self.math(M::Exp, a[k])),
            O::Exp2 => each!(|k| self.math(M::Exp2, a[k])),
            O::Log => each!(|k| self.math(M::Log, a[k])),
            O::Log2 => each!(|k| self.math(M::Log2, a[k])),
            O::Sqrt => each!(|k| self.math(M::Sqrt, a[k])),
            O::InverseSqrt => each!(|k| {
                let s = self.math(M::Sqrt, a[k]);
                let one = self.one;
                self.bin(B::Divide, one, s)
            }),
            O::Reciprocal => each!(|k| {
                let one = self.one;
                self.bin(B::Divide, one, a[k])
            }),
            O::Negate => each!(|k| self.ex(E::Unary {
                op: UnaryOperator::Negate,
                expr: a[k],
            })),
            O::OneMinus => each!(|k| {
                let one = self.one;
                self.bin(B::Subtract, one, a[k])
            }),
            O::Saturate => each!(|k| {
                let (zero, one) = (self.zero, self.one);
                self.gclamp(a[k], zero, one)
            }),
            O::Normalize => {
                let d = self.dot(&a, &a, w);
                let len = self.math(M::Sqrt, d);
                let zero = self.zero;
                let is_zero = self.bin(B::Equal, len, zero);
                each!(|k| {
                    let q = self.bin(B::Divide, a[k], len);
                    self.select(is_zero, zero, q)
                })
            }
            O::Dot => out[0] = Some(self.dot(&a, &b, w)),
            O::Length => {
                let d = self.dot(&a, &a, w);
                out[0] = Some(self.math(M::Sqrt, d));
            }
            O::Distance => {
                let mut diff = [self.zero; 4];
                for (k, d) in diff.iter_mut().enumerate().take(w) {
                    *d = self.bin(B::Subtract, a[k], b[k]);
                }
                let d = self.dot(&diff, &diff, w);
                out[0] = Some(self.math(M::Sqrt, d));
            }
            O::Cross => {
                if w != 3 {
                    return Err(format!("cross of width {w}"));
                }
                // d[i] = a[j] * b[l] - b[j] * a[l] for (i, j, l) cyclic.
                for (i, j, l) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
                    let p = self.bin(B::Multiply, a[j], b[l]);
                    let q = self.bin(B::Multiply, b[j], a[l]);
                    out[i] = Some(self.bin(B::Subtract, p, q));
                }
            }
            O::Reflect => {
                let s = self.dot(&b, &a, w);
                let two = self.float(2.0);
                let s2 = self.bin(B::Multiply, two, s);
                each!(|k| {
                    let m = self.bin(B::Multiply, s2, b[k]);
                    self.bin(B::Subtract, a[k], m)
                })
            }
            O::Refract => {
                let s = self.dot(&b, &a, w);
                let e = c[0];
                let one = self.one;
                let ee = self.bin(B::Multiply, e, e);
                let ss = self.bin(B::Multiply, s, s);
                let oss = self.bin(B::Subtract, one, ss);
                let p = self.bin(B::Multiply, ee, oss);
                let q = self.bin(B::Subtract, one, p);
                let zero = self.zero;
                let total = self.bin(B::Less, q, zero);
                let es = self.bin(B::Multiply, e, s);
                let sq = self.math(M::Sqrt, q);
                let f = self.bin(B::Add, es, sq);
                each!(|k| {
                    let ea = self.bin(B::Multiply, e, a[k]);
                    let fb = self.bin(B::Multiply, f, b[k]);
                    let r = self.bin(B::Subtract, ea, fb);
                    self.select(total, zero, r)
                })
            }
            O::Faceforward => {
                let s = self.dot(&c, &b, w);
                let zero = self.zero;
                let facing = self.bin(B::Less, s, zero);
                each!(|k| {
                    let n = self.ex(E::Unary {
                        op: UnaryOperator::Negate,
                        expr: a[k],
                    });
                    self.select(facing, a[k], n)
                })
            }
            O::LessThan | O::LessThanEqual | O::GreaterThan | O::GreaterThanEqual | O::Equal => {
                let op = match opcode {
                    O::LessThan => B::Less,
                    O::LessThanEqual => B::LessEqual,
                    O::GreaterThan => B::Greater,
                    O::GreaterThanEqual => B::GreaterEqual,
                    _ => B::Equal,
                };
                each!(|k| {
                    let t = self.bin(op, a[k], b[k]);
                    self.truth(t)
                })
            }
            O::NotEqual => each!(|k| {
                // `!(a == b)`: NaN gives 1 whatever a back end makes of an unordered `!=`.
                let eq = self.bin(B::Equal, a[k], b[k]);
                let ne = self.ex(E::Unary {
                    op: UnaryOperator::LogicalNot,
                    expr: eq,
                });
                self.truth(ne)
            }),
            O::LogicalAnd | O::LogicalOr | O::LogicalXor => {
                let op = match opcode {
                    O::LogicalAnd => B::LogicalAnd,
                    O::LogicalOr => B::LogicalOr,
                    _ => B::NotEqual,
                };
                each!(|k| {
                    let (x, y) = (self.nz(a[k]), self.nz(b[k]));
                    let t = self.bin(op, x, y);
                    self.truth(t)
                })
            }
            O::LogicalNot => each!(|k| {
                let zero = self.zero;
                let t = self.bin(B::Equal, a[k], zero);
                self.truth(t)
            }),
            O::PerlinFloat
            | O::PerlinVec3
            | O::CellFloat
            | O::CellVec3
            | O::WorleyFloat
            | O::WorleyVec2
            | O::WorleyVec3
            | O::WorleyCellVec3 => {
                let v = self.noise(opcode, w, &a, b[0], c[0])?;
                // The noises write components 0 to 2, as the interpreter's lane loop does.
                for (k, slot) in out.iter_mut().enumerate().take(3) {
                    *slot = Some(v[k]);
                }
            }
        }
        Ok(out)
    }

    /// A noise opcode on the point `a` of `w` components (those past `w` read as 0), the
    /// jitter `j` and Worley's style or metric `mode`, as the GPU interpreter's `noise` computes
    /// it: three components.
    fn noise(
        &mut self,
        opcode: Opcode,
        w: usize,
        a: &[Ex; 4],
        j: Ex,
        mode: Ex,
    ) -> Result<[Ex; 3], String> {
        use Opcode as O;
        let points = opcode.noise_points().unwrap_or(1..=4);
        if !points.contains(&w) {
            return Err(format!("a point of width {w}"));
        }
        let zero = self.zero;
        let p: [Ex; 4] = std::array::from_fn(|k| if k < w { a[k] } else { zero });
        let channels = if opcode.noise_output() == Some(1) {
            1
        } else {
            3
        };
        let dims = self.uint(if w == 2 { 2 } else { 3 });
        let v = match opcode {
            O::PerlinFloat | O::PerlinVec3 => {
                let ch = self.uint(channels);
                if w == 2 {
                    let q = self.compose(self.types.vec2, p[..2].to_vec());
                    self.call(self.callees.perlin_2d, vec![q, ch])
                } else {
                    let q = self.compose(self.types.vec3, p[..3].to_vec());
                    self.call(self.callees.perlin_3d, vec![q, ch])
                }
            }
            O::CellFloat | O::CellVec3 => {
                let q = self.compose(self.types.vec4, p.to_vec());
                let (n, ch) = (self.uint(w as u32), self.uint(channels));
                self.call(self.callees.cell_noise, vec![q, n, ch])
            }
            _ => {
                let q = self.compose(self.types.vec3, p[..3].to_vec());
                // The point width and the jitter as values the driver cannot see through.
                let dims = self.hidden_u32(dims);
                let j = self.hidden_f32(j);
                // The prelude's `worley` kinds: 0 the float, 1 distances, 2 cell noise.
                let kind = self.uint(match opcode {
                    O::WorleyFloat => 0,
                    O::WorleyCellVec3 => 2,
                    _ => 1,
                });
                let s = self.call(self.callees.worley, vec![q, dims, j, mode, kind]);
                let x = self.component(s, 0);
                return Ok(match opcode {
                    O::WorleyFloat => [x, zero, zero],
                    O::WorleyVec2 => [x, self.component(s, 1), zero],
                    _ => [x, self.component(s, 1), self.component(s, 2)],
                });
            }
        };
        Ok([0, 1, 2].map(|k| self.component(v, k)))
    }

    /// The function: return the last-written register as a vec4.
    fn finish(mut self, name: String) -> Function {
        let r = self.regs[self.last];
        let r = self.floats(r);
        let value = self.compose(self.types.vec4, r.to_vec());
        self.flush();
        self.function
            .body
            .push(Statement::Return { value: Some(value) }, Span::UNDEFINED);
        self.function.name = Some(name);
        self.function.result = Some(FunctionResult {
            ty: self.types.vec4,
            binding: None,
        });
        self.function
    }
}

/// Whether the code [`emit_into`] makes for `inst` reads the program's word [`H_MAGIC`] through
/// `tsl_word` ([`Lower::hidden_zero`]): Worley noise, an integer load, a float converted to an
/// integer. A host that answers only the words the code reads (a standalone module) needs it.
pub(super) fn reads_hidden_zero(inst: &Instruction) -> bool {
    match Opcode::from_byte(inst.opcode) {
        Some(Opcode::Load) => inst.operands[1] != LOAD_TAG_FLOAT,
        Some(op) => matches!(
            op,
            Opcode::WorleyFloat
                | Opcode::WorleyVec2
                | Opcode::WorleyVec3
                | Opcode::WorleyCellVec3
                | Opcode::ToInt
                | Opcode::ToUint
        ),
        None => false,
    }
}

/// The error for instruction `instruction`.
fn unsupported(instruction: usize, opcode: String, reason: String) -> EmitError {
    EmitError::Unsupported {
        instruction,
        opcode,
        reason,
    }
}
