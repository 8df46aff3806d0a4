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

/// One output's instructions, before the data section's place is known.
struct Laid {
    output: Output,
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
        let mut parts = self.parts();
        if let Some(block) = self.control().open_block() {
            return Err(CompileError::UnclosedBlock { block }.into());
        }
        let discard = self.control().discard();
        if parts.outputs.iter().all(Option::is_none) && discard.is_none() {
            return Err(CompileError::NoOutput.into());
        }
        check::limits(&parts)?;
        if let Some(discarded) = discard {
            join_discard_to_mask(&mut parts, discarded);
        }
        check::integrity(&parts)?;
        widen_color(&mut parts);
        let mut data = DataLayout::new(&parts);
        let mut laid = Vec::new();
        for output in Output::ALL {
            let Some(root) = parts.outputs[output.index()] else {
                continue;
            };
            check::context(&parts, output, root)?;
            let mut lowering = Lowering::new(&parts, &mut data, output);
            let mut result = lowering.lower_root(root);
            if !result.is_identity() {
                // The result is the register the last instruction writes, so give it a move.
                let mov = LirInst {
                    op: crate::opcode::Opcode::Mov,
                    width: result.width,
                    args: vec![result],
                    imm: Imm::None,
                    select: 0,
                };
                result = lowering.lir.push(mov, root);
            }
            let lir = lowering.lir;
            let schedule = schedule::schedule(&lir, result.value)
                .map_err(|registers| CompileError::Registers { output, registers })?;
            if schedule.order.len() > MAX_INSTRUCTIONS {
                return Err(CompileError::Instructions {
                    output,
                    instructions: schedule.order.len(),
                }
                .into());
            }
            let uniform = lir.uniform_values();
            let code = schedule
                .order
                .iter()
                .map(|&id| {
                    let inst = lir.insts[id as usize].clone();
                    let regs = inst
                        .args
                        .iter()
                        .map(|a| schedule.register[a.value as usize])
                        .collect();
                    (
                        inst,
                        schedule.register[id as usize],
                        regs,
                        uniform[id as usize],
                    )
                })
                .collect();
            laid.push(Laid { output, code });
        }
        let mut program = encode(&parts, data, laid)
            // `named_attribute` packs them; edited parts may not (R-ATTR-1).
            .with_custom_attributes(parts.attributes.clone())?;
        program.set_uniform_nodes(self.id(), uniform_nodes(&parts));
        Ok(program)
    }
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
fn widen_color(parts: &mut crate::graph::GraphParts) {
    let Some(root) = parts.outputs[Output::Color.index()] else {
        return;
    };
    if parts.nodes[root as usize].ty != ValueType::Float {
        return;
    }
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
        words[H_OUTPUTS + 2 * l.output.index()] = next as u32;
        words[H_OUTPUTS + 2 * l.output.index() + 1] = l.code.len() as u32;
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
