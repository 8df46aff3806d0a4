//! `compile()`: a checked graph to a [`NodeProgram`], one instruction list per output.
//!
//! The stages, one module each: [`check`] (integrity and which output may read what), [`lower`]
//! (nodes to vector IR, [`lir`]), [`schedule`] (order and registers), and the encoding below.

mod check;
mod error;
mod lir;
mod lower;
mod schedule;

pub use error::{CompileError, GraphError, Reading};

use crate::graph::{GraphNode, NodeGraph, NodeRef, Op, UniformInit};
use crate::interface::Output;
use crate::program::format::*;
use crate::program::{NodeProgram, TextureSlot, UniformSlot};
use crate::types::ValueType;
use lir::{DataRef, Imm, LirInst, Operand};
use lower::{DataLayout, Lowering};
use std::borrow::Cow;

/// The code of one output, or of outputs that share it: output *i*'s code is the first
/// `outputs[i].1` instructions of `code` (docs/bytecode.md, "Running an output").
struct Laid {
    outputs: Vec<(Output, usize)>,
    /// Each instruction, its register, its operands' registers and whether it is uniform.
    code: Vec<(LirInst, u8, Vec<u8>, bool)>,
}

impl NodeGraph {
    /// Compile the graph to a program.
    ///
    /// Refuses the first refusal the graph recorded while it was built; a graph with no output; a
    /// cycle, an input that names no node, a type that no longer holds, a node the builder would
    /// refuse, more than `MAX_GRAPH_NODES` nodes or uniforms; a position node that reads a fragment attribute, a texture or `lit`; a
    /// fragment output that reads the local position or normal; `lit` outside `OUTPUT_NODE`; an
    /// output of more than [`MAX_INSTRUCTIONS`] instructions or that needs more than
    /// [`MAX_REGISTERS`] registers at once.
    pub fn compile(&self) -> Result<NodeProgram, GraphError> {
        if let Some(error) = self.error() {
            return Err(error.into());
        }
        // The graph's parts are copied only when compile adds nodes to them (a discard, a float
        // colour): a copy of a node list was a tenth of compile time.
        let borrowed = self.parts_ref();
        let mut parts = Cow::Borrowed(&*borrowed);
        if let Some(block) = self.control().open_block() {
            return Err(CompileError::UnclosedBlock { block }.into());
        }
        let discard = self.control().discard();
        if parts.outputs.iter().all(Option::is_none) && discard.is_none() {
            return Err(CompileError::NoOutput.into());
        }
        check::limits(&parts)?;
        if let Some(discarded) = discard {
            join_discard_to_mask(parts.to_mut(), discarded);
        }
        check::integrity(&parts)?;
        widen_color(&mut parts);
        let mut data = DataLayout::new(&parts);
        let mut laid: Vec<Laid> = Vec::new();
        for output in Output::ALL {
            let Some(root) = parts.outputs[output.index()] else {
                continue;
            };
            if laid
                .iter()
                .any(|l| l.outputs.iter().any(|&(o, _)| o == output))
            {
                continue;
            }
            check::context(&parts, output, root)?;
            let mut lowering = Lowering::new(&parts, &mut data, output);
            let result = lower_output(&mut lowering, root);
            let lir = &lowering.lir;
            let schedule = schedule::schedule(lir, result)
                .map_err(|registers| CompileError::Registers { output, registers })?;
            let count = schedule.order.len();
            if count > MAX_INSTRUCTIONS {
                return Err(CompileError::Instructions {
                    output,
                    instructions: count,
                }
                .into());
            }
            let shared = match SHARES.iter().find(|&&(first, _)| first == output) {
                Some(&(first, second)) => share(&parts, &mut lowering, (first, result), second)?,
                None => None,
            };
            laid.push(shared.unwrap_or_else(|| Laid {
                outputs: vec![(output, count)],
                code: registers(&lowering.lir, &schedule),
            }));
        }
        let mut program = encode(&parts, data, laid)
            // `named_attribute` packs them; edited parts may not (R-ATTR-1).
            .with_custom_attributes(parts.attributes.clone())?;
        program.set_uniform_nodes(self.id(), uniform_nodes(&parts));
        Ok(program)
    }
}

/// The outputs laid out as a first output's code plus the rest of a second's, when the second
/// reads what the first computes (GLSL's `gl_FragColor` is a colour's `.xyz` and an opacity's `.w`
/// of one value): the second's code starts where the first's does and runs it all, then its own
/// remaining instructions. The first precedes the second in `Output::ALL`, as the renderers run
/// them, so an interpreter that has just run the first runs only the rest for the second.
const SHARES: [(Output, Output); 1] = [(Output::Color, Output::Opacity)];

/// Lower `root` as an output's value, which the last instruction writes: a swizzle that is not
/// the identity gets a final `mov`, and so does a vector output that reads fewer components than
/// its value has (`texture(...).xyz`), since the components a vector output computes are its last
/// instruction's width (`NodeProgram::output_width`: a renderer reads a four-component colour's
/// alpha). Returns the result's LIR id.
fn lower_output(lowering: &mut Lowering, root: u32) -> u32 {
    let result = lowering.lower_root(root);
    let value_width = lowering.lir.insts[result.value as usize].result_width();
    let narrower = result.width > 1 && result.width < value_width;
    if result.is_identity() && !narrower {
        return result.value;
    }
    mov(lowering, result, root)
}

fn mov(lowering: &mut Lowering, of: Operand, root: u32) -> u32 {
    let inst = LirInst {
        op: crate::opcode::Opcode::Mov,
        width: of.width,
        args: lir::Args::from([of]),
        imm: Imm::None,
        select: 0,
    };
    lowering.lir.push(inst, root).value
}

/// `second` laid out after the first output's code in one run ([`SHARES`]), when `second` is set
/// and the run is at most one instruction longer than `second`'s own code (its own code computes
/// all of the first's but a final `mov`): running `second` alone then costs at most one
/// instruction more than before, and running it just after the first costs only the rest.
/// `None` when it would cost more, or when the run would pass `MAX_INSTRUCTIONS` or
/// `MAX_REGISTERS` (each output is then laid out alone).
fn share(
    parts: &crate::graph::GraphParts,
    lowering: &mut Lowering,
    (first_output, first_result): (Output, u32),
    second: Output,
) -> Result<Option<Laid>, GraphError> {
    let Some(root) = parts.outputs[second.index()] else {
        return Ok(None);
    };
    check::context(parts, second, root)?;
    let mut result = lower_output(lowering, root);
    let first = lowering.lir.closure(first_result);
    let alone = lowering.lir.closure(result);
    let own = alone.iter().filter(|&&r| r).count();
    if first[result as usize] {
        // Its value is among the first's: a `mov` makes its part end with its own result.
        let operand =
            lir::Operand::whole(result, lowering.lir.insts[result as usize].result_width());
        result = mov(lowering, operand, root);
        if first.get(result as usize).copied().unwrap_or(false) {
            return Ok(None);
        }
    }
    let Ok(schedule) = schedule::schedule_roots(&lowering.lir, &[first_result, result]) else {
        return Ok(None);
    };
    let total = schedule.order.len();
    let first_count = schedule.ends[0];
    if total > MAX_INSTRUCTIONS || total > own + 1 {
        return Ok(None);
    }
    Ok(Some(Laid {
        outputs: vec![(first_output, first_count), (second, total)],
        code: registers(&lowering.lir, &schedule),
    }))
}

/// The scheduled instructions with their registers and uniform bits, as `encode` writes them.
fn registers(lir: &lir::Lir, schedule: &schedule::Schedule) -> Vec<(LirInst, u8, Vec<u8>, bool)> {
    let uniform = lir.uniform_values();
    schedule
        .order
        .iter()
        .zip(&schedule.dst)
        .zip(&schedule.operands)
        .map(|((&id, &dst), operands)| {
            let inst = lir.insts[id as usize];
            let regs = operands[..inst.args.len()].to_vec();
            (inst, dst, regs, uniform[id as usize])
        })
        .collect()
}

/// The node that declared each uniform (the first that reads it, in edited parts; `u32::MAX` for
/// one no node reads), so `set_uniform` takes the node.
fn uniform_nodes(parts: &crate::graph::GraphParts) -> Vec<u32> {
    let mut nodes = vec![u32::MAX; parts.uniforms.len()];
    for (index, node) in parts.nodes.iter().enumerate().rev() {
        if let Op::Uniform(u) = node.op {
            if let Some(slot) = nodes.get_mut(u) {
                *slot = index as u32;
            }
        }
    }
    nodes
}

/// `program.set_uniform(node, value)`: the uniform the node declared.
impl crate::program::UniformKey for NodeRef {
    fn uniform_ref(&self) -> crate::program::UniformRef<'_> {
        crate::program::UniformRef::Node(crate::program::UniformNode {
            graph: self.graph_id(),
            node: self.index() as u32,
        })
    }
}

/// A float `COLOR_NODE` as three.js's `vec4(colorNode)` (R-OUT-11): all four components, so its
/// alpha is the float too. A vec3 or vec4 colour stays as it is; the renderers read the alpha of
/// a colour of four components ([`NodeProgram::output_width`]) and take 1 for three.
fn widen_color(parts: &mut Cow<crate::graph::GraphParts>) {
    let Some(root) = parts.outputs[Output::Color.index()] else {
        return;
    };
    if parts.nodes[root as usize].ty != ValueType::Float {
        return;
    }
    let parts = parts.to_mut();
    parts.nodes.push(GraphNode {
        op: Op::Join,
        inputs: vec![root; 4],
        ty: ValueType::Vec4,
    });
    parts.outputs[Output::Color.index()] = Some((parts.nodes.len() - 1) as u32);
}

/// Every discard joins the mask: `MASK_NODE = select(discarded, 0, mask)`, the mask one if unset.
fn join_discard_to_mask(parts: &mut crate::graph::GraphParts, discarded: u32) {
    let mut constant = |x: f32| {
        parts.nodes.push(GraphNode {
            op: Op::Constant {
                ty: ValueType::Float,
                value: [x, 0.0, 0.0, 0.0],
            },
            inputs: vec![],
            ty: ValueType::Float,
        });
        (parts.nodes.len() - 1) as u32
    };
    let zero = constant(0.0);
    let mask = match parts.outputs[Output::Mask.index()] {
        Some(mask) => mask,
        None => constant(1.0),
    };
    parts.nodes.push(GraphNode {
        op: Op::Math(crate::opcode::Opcode::Select),
        inputs: vec![discarded, zero, mask],
        ty: ValueType::Float,
    });
    parts.outputs[Output::Mask.index()] = Some((parts.nodes.len() - 1) as u32);
}

fn encode(parts: &crate::graph::GraphParts, data: DataLayout, laid: Vec<Laid>) -> NodeProgram {
    let instructions: usize = laid.iter().map(|l| l.code.len()).sum();
    let data_at = HEADER_WORDS + INSTRUCTION_WORDS * instructions;
    let total = data_at + data.words.len();
    let mut words = vec![0u32; HEADER_WORDS];
    words[H_MAGIC] = MAGIC;
    words[H_TOTAL] = total as u32;
    words[H_CODE] = HEADER_WORDS as u32;
    words[H_CODE_LEN] = instructions as u32;
    words[H_DATA] = data_at as u32;
    words[H_DATA_LEN] = data.words.len() as u32;
    let absolute = |at: DataRef| match at {
        DataRef::Header(i) => i as u32,
        DataRef::Data(i) => (data_at + i) as u32,
    };
    let mut next = 0usize;
    for l in &laid {
        for &(output, count) in &l.outputs {
            words[H_OUTPUTS + 2 * output.index()] = next as u32;
            words[H_OUTPUTS + 2 * output.index() + 1] = count as u32;
        }
        next += l.code.len();
        for (inst, dst, regs, uniform) in &l.code {
            let operand = |arg: &Operand, reg: u8| {
                RegOperand {
                    reg,
                    swizzle: arg.swizzle,
                }
                .encode()
            };
            let mut operands = [0u32; 3];
            for (slot, (arg, &reg)) in inst.args.iter().zip(regs).enumerate() {
                operands[slot] = operand(arg, reg);
            }
            match inst.imm {
                Imm::None => {}
                Imm::Load(at) => operands[0] = absolute(at),
                Imm::LoadTagged(at, tag) => {
                    operands[0] = absolute(at);
                    operands[1] = tag;
                }
                Imm::Attr(a, view) => operands[0] = a as u32 | (view as u32) << 8,
                Imm::Texture(at) => operands[1] = absolute(at),
            }
            let encoded = Instruction {
                opcode: inst.op as u8,
                dst: *dst,
                width: inst.width,
                uniform: *uniform,
                select: inst.select,
                operands,
            };
            words.extend(encoded.encode());
        }
    }
    words.extend(&data.words);
    let uniforms = parts
        .uniforms
        .iter()
        .zip(&data.uniform_at)
        .map(|(decl, &at)| UniformSlot {
            name: decl.name.clone(),
            ty: decl.value.value_type(),
            word: data_at + at,
        })
        .collect();
    let mut textures: Vec<TextureSlot> = parts
        .uniforms
        .iter()
        .zip(&data.uniform_at)
        .filter(|(decl, _)| matches!(decl.value, UniformInit::Texture(_)))
        .map(|(decl, &at)| TextureSlot {
            uniform: Some(decl.name.clone()),
            word: data_at + at,
        })
        .collect();
    textures.extend(
        data.texture_constants()
            .into_iter()
            .map(|(at, _)| TextureSlot {
                uniform: None,
                word: data_at + at,
            }),
    );
    let mut program = NodeProgram::from_parts(words, uniforms, textures);
    program.set_default_header();
    program
}
