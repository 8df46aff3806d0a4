//! The plan of an output: its instructions decoded once per program and data, not once per
//! batch, with what does not vary by fragment worked out ahead.
//!
//! Building a plan follows the output's code once, keeping for each register component where
//! its value comes from ([`Origin`]): the register itself, an attribute of the batch, or one
//! value for every lane. A `load` writes no register but makes its components such values; a
//! math instruction whose operands are all such values (constants, uniforms, the header and
//! math of them alone) is computed then, at one lane, exactly as the interpreter would compute
//! each lane, and makes its result such values too; an `attr` makes its components read the
//! batch's attribute rows in place; a `mov` or `join` of such components copies nothing. What
//! is left are the [`Step`]s that read fragments: their operands name where each component comes
//! from, and the kernels read a broadcast component as a scalar. The last instruction's register
//! is written out whole at the end, so the result is the register [`super::run_nodes`] returns.
//!
//! A plan depends on the program's words (its data's values are folded into it), so the program
//! drops its plans whenever a word changes (`set_uniform`, `set_frame`, `set_texture`...).

use super::{math, Comp, FragmentBatch, Operand, Register, TextureSampler, LANES};
use crate::interface::{Output, LANE_ATTRIBUTE_COUNT, VIEW_COUNT};
use crate::opcode::Opcode;
use crate::program::format::{Instruction, RegOperand, MAX_REGISTERS};
use crate::program::NodeProgram;
use crate::types::TextureId;

/// Where a register component's value comes from when a step runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Origin {
    /// Component `comp` of register `reg`, as the steps before wrote it.
    Reg { reg: u8, comp: u8 },
    /// Component `comp` of `attribute` in `view` of the batch, read in place.
    Attr { view: u8, attribute: u8, comp: u8 },
    /// One value for every lane.
    Splat(f32),
}

impl Origin {
    /// The register component itself.
    fn own(reg: usize, comp: usize) -> Origin {
        Origin::Reg {
            reg: reg as u8,
            comp: comp as u8,
        }
    }
}

/// What one batch runs of an instruction that reads fragments.
#[derive(Clone, Debug)]
pub(crate) enum Step {
    /// A math instruction: `width` components into `dst` from three operands (those past the
    /// opcode's arity are `Splat(0.0)`).
    Math {
        op: Opcode,
        width: u8,
        dst: u8,
        operands: [[Origin; 4]; 3],
    },
    /// A texture read at `coords`, the id in word `texture`: `Tex` (uv), `Tex3` (uvw),
    /// `TexLod` (uv and the level) or `TexFetch` (the texel and the level).
    Sample {
        dst: u8,
        read: Opcode,
        texture: u32,
        coords: [Origin; 3],
    },
    /// Copy or fill the components of `dst` that are `Some` (a `mov` or `join` of register
    /// components, and the output's result).
    Write { dst: u8, comps: [Option<Origin>; 4] },
}

/// The plan of one output (see the module's documentation).
#[derive(Clone, Debug, Default)]
pub(crate) struct Plan {
    steps: Vec<Step>,
    /// For each instruction of the output, its first step.
    first: Vec<u32>,
    /// The register the output's last instruction writes; `None` when the output is not set.
    result: Option<u8>,
}

impl NodeProgram {
    /// The plan of `output`, built on first use (`None` only if the program's cache held
    /// another type, which no code puts there).
    pub(crate) fn plan(&self, output: Output) -> Option<&Plan> {
        self.derived()
            .get_or_build(output.index(), || Plan::build(self, output))
    }
}

impl Plan {
    /// The register that holds the output's value after its steps ran.
    pub fn result(&self) -> Option<usize> {
        self.result.map(usize::from)
    }

    /// The steps of the output's instructions from `done` on.
    pub fn steps_from(&self, done: usize) -> &[Step] {
        let at = self
            .first
            .get(done)
            .map_or(self.steps.len(), |&at| at as usize);
        &self.steps[at..]
    }

    fn build(program: &NodeProgram, output: Output) -> Plan {
        let (start, count) = program.output_range(output);
        let mut state: [[Origin; 4]; MAX_REGISTERS] =
            std::array::from_fn(|r| std::array::from_fn(|c| Origin::own(r, c)));
        let mut plan = Plan::default();
        for index in start..start + count {
            plan.first.push(plan.steps.len() as u32);
            let inst = program.instruction(index);
            if let Some(step) = plan_instruction(&inst, program.words(), &mut state) {
                plan.steps.push(step);
            }
        }
        let Some(last) = count.checked_sub(1) else {
            return plan;
        };
        let last = program.instruction(start + last).dst as usize;
        if let Some(own) = state.get(last) {
            // The result is the whole register, as a run that wrote every value would leave it.
            let comps: [Option<Origin>; 4] =
                std::array::from_fn(|k| (own[k] != Origin::own(last, k)).then_some(own[k]));
            if comps.iter().any(Option::is_some) {
                plan.steps.push(Step::Write {
                    dst: last as u8,
                    comps,
                });
            }
            plan.result = Some(last as u8);
        }
        plan
    }
}

/// The step of `inst`, if it reads fragments, and its effect on `state`.
fn plan_instruction(
    inst: &Instruction,
    words: &[u32],
    state: &mut [[Origin; 4]; MAX_REGISTERS],
) -> Option<Step> {
    let dst = inst.dst as usize;
    let op = Opcode::from_byte(inst.opcode)?;
    if dst >= MAX_REGISTERS {
        return None;
    }
    let w = (inst.width as usize).min(4);
    let [o0, o1, o2] = inst.operands;
    // An operand reads its register's components through its swizzle; reading the destination
    // (which the validator refuses) or a register past the last reads zeros.
    let read = |state: &[[Origin; 4]; MAX_REGISTERS], word: u32| {
        let operand = RegOperand::decode(word);
        let r = operand.reg as usize;
        match state.get(r) {
            Some(reg) if r != dst => operand.swizzle.map(|c| reg[c as usize & 3]),
            _ => [Origin::Splat(0.0); 4],
        }
    };
    match op {
        Opcode::Load => {
            for (k, origin) in state[dst].iter_mut().enumerate().take(w) {
                // A u32 word index plus k < 4 cannot wrap a usize of 64 bits.
                let value = words
                    .get(o0 as usize + k)
                    .map_or(0.0, |&bits| f32::from_bits(bits));
                *origin = Origin::Splat(value);
            }
            None
        }
        Opcode::Attr => {
            let (attribute, view) = ((o0 & 0xff) as usize, (o0 >> 8) as usize);
            if view < VIEW_COUNT && attribute < LANE_ATTRIBUTE_COUNT {
                for (k, origin) in state[dst].iter_mut().enumerate().take(w.min(3)) {
                    *origin = Origin::Attr {
                        view: view as u8,
                        attribute: attribute as u8,
                        comp: k as u8,
                    };
                }
            }
            None
        }
        Opcode::Tex | Opcode::Tex3 | Opcode::TexLod | Opcode::TexFetch => {
            let [u, v, z, _] = read(state, o0);
            state[dst] = std::array::from_fn(|k| Origin::own(dst, k));
            Some(Step::Sample {
                dst: dst as u8,
                read: op,
                texture: o1,
                coords: [u, v, z],
            })
        }
        Opcode::Mov | Opcode::Join => {
            let sources = [read(state, o0), read(state, o1), read(state, o2)];
            let mut comps = [None; 4];
            for (k, comp) in comps.iter_mut().enumerate().take(w) {
                let from = match op {
                    Opcode::Mov => 0,
                    _ => inst.join_source(k).min(2),
                };
                let origin = sources[from][k];
                // A register component is copied now (its register may be written later); a
                // broadcast value or an attribute is the same wherever it is read.
                if let Origin::Reg { .. } = origin {
                    *comp = Some(origin);
                    state[dst][k] = Origin::own(dst, k);
                } else {
                    state[dst][k] = origin;
                }
            }
            comps.iter().any(Option::is_some).then_some(Step::Write {
                dst: dst as u8,
                comps,
            })
        }
        _ => {
            let arity = op.arity();
            let operands: [[Origin; 4]; 3] = std::array::from_fn(|i| match i < arity {
                true => read(state, inst.operands[i]),
                false => [Origin::Splat(0.0); 4],
            });
            let splat = |o: &Origin| matches!(o, Origin::Splat(_));
            if operands
                .iter()
                .all(|operand| operand[..w].iter().all(splat))
            {
                // The same value in every lane: compute it once, at one lane, now.
                let mut one = [[0.0f32; 1]; 4];
                let operands = operands.map(|operand| {
                    operand.map(|o| match o {
                        Origin::Splat(value) => value,
                        _ => 0.0,
                    })
                });
                math::execute(op, w, &mut one, operands, &mut [[[0.0; 1]; 4]; 3]);
                for (k, value) in one.iter().enumerate().take(op.result_width(w)) {
                    state[dst][k] = Origin::Splat(value[0]);
                }
                return None;
            }
            // A noise writes three components whatever its result's width.
            let written = match op.noise_output() {
                Some(_) => 3,
                None => op.result_width(w),
            };
            for (k, origin) in state[dst].iter_mut().enumerate().take(written) {
                *origin = Origin::own(dst, k);
            }
            Some(Step::Math {
                op,
                width: w as u8,
                dst: dst as u8,
                operands,
            })
        }
    }
}

/// The registers other than a step's destination, and the batch, as its operands read them.
struct Inputs<'a> {
    before: &'a [Register],
    after: &'a [Register],
    dst: usize,
    batch: &'a FragmentBatch,
}

impl<'a> Inputs<'a> {
    /// Split `regs` into `dst`, written, and the rest, read.
    fn split(
        regs: &'a mut [Register; MAX_REGISTERS],
        dst: u8,
        batch: &'a FragmentBatch,
    ) -> Option<(&'a mut Register, Inputs<'a>)> {
        let dst = dst as usize;
        let (before, rest) = regs.split_at_mut(dst);
        let (d, after) = rest.split_first_mut()?;
        Some((
            d,
            Inputs {
                before,
                after,
                dst,
                batch,
            },
        ))
    }

    /// The lanes of `origin` (zeros where the plan named nothing readable, which it does not).
    #[inline(always)]
    fn comp(&self, origin: Origin) -> Comp<'a, LANES> {
        let lanes = match origin {
            Origin::Splat(value) => return Comp::Splat(value),
            Origin::Reg { reg, comp } => {
                let r = reg as usize;
                match r.checked_sub(self.dst + 1) {
                    Some(i) => self.after.get(i),
                    None => self.before.get(r),
                }
                .map(|reg| &reg[comp as usize & 3])
            }
            Origin::Attr {
                view,
                attribute,
                comp,
            } => self
                .batch
                .views
                .get(view as usize)
                .and_then(|v| v.get(attribute as usize))
                .and_then(|a| a.get(comp as usize)),
        };
        lanes.map_or(Comp::Splat(0.0), Comp::Lanes)
    }
}

/// A step's operand during a run: where its components live, looked up as a kernel reads them.
#[derive(Clone, Copy)]
struct Reading<'i, 'a> {
    inputs: &'i Inputs<'a>,
    origins: &'i [Origin; 4],
}

impl<'a> Operand<'a, LANES> for Reading<'_, 'a> {
    #[inline(always)]
    fn at(&self, k: usize) -> Comp<'a, LANES> {
        self.inputs.comp(self.origins[k])
    }
}

impl Step {
    /// Run the step over one batch.
    pub fn run(
        &self,
        words: &[u32],
        batch: &FragmentBatch,
        sampler: &dyn TextureSampler,
        regs: &mut [Register; MAX_REGISTERS],
        scratch: &mut [Register; 3],
    ) {
        match self {
            Step::Math {
                op,
                width,
                dst,
                operands,
            } => {
                let Some((d, inputs)) = Inputs::split(regs, *dst, batch) else {
                    return;
                };
                let inputs = &inputs;
                let operands = operands
                    .each_ref()
                    .map(|origins| Reading { inputs, origins });
                math::execute(*op, *width as usize, d, operands, scratch);
            }
            Step::Sample {
                dst,
                read,
                texture,
                coords: [u, v, z],
            } => {
                let Some((d, inputs)) = Inputs::split(regs, *dst, batch) else {
                    return;
                };
                let origins = [*u, *v, *z, Origin::Splat(0.0)];
                let at = Reading {
                    inputs: &inputs,
                    origins: &origins,
                };
                let at = at.dense(if *read == Opcode::Tex { 2 } else { 3 }, &mut scratch[0]);
                let id = TextureId(words.get(*texture as usize).copied().unwrap_or(u32::MAX));
                match read {
                    Opcode::Tex3 => sampler.sample_3d(id, [at.at(0), at.at(1), at.at(2)], d),
                    Opcode::TexLod => sampler.sample_level(id, at.at(0), at.at(1), at.at(2), d),
                    Opcode::TexFetch => sampler.sample_fetch(id, at.at(0), at.at(1), at.at(2), d),
                    _ => sampler.sample(id, at.at(0), at.at(1), d),
                }
            }
            Step::Write { dst, comps } => {
                let Some((d, inputs)) = Inputs::split(regs, *dst, batch) else {
                    return;
                };
                for (lane, origin) in d.iter_mut().zip(comps) {
                    match origin.map(|o| inputs.comp(o)) {
                        Some(Comp::Lanes(from)) => lane.copy_from_slice(from),
                        Some(Comp::Splat(value)) => lane.fill(value),
                        None => {}
                    }
                }
            }
        }
    }
}
