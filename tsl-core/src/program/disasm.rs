//! The disassembler: a program as a person reads it.

use super::format::*;
use super::NodeProgram;
use crate::interface::{Attribute, Output, View};
use crate::opcode::Opcode;
use std::fmt;

const COMPONENTS: [char; 4] = ['x', 'y', 'z', 'w'];

fn operand(word: u32, width: usize) -> String {
    let op = RegOperand::decode(word);
    let swizzle: String = op.swizzle[..width]
        .iter()
        .map(|&c| COMPONENTS[c as usize])
        .collect();
    if swizzle == "xyzw"[..width] {
        format!("r{}", op.reg)
    } else {
        format!("r{}.{swizzle}", op.reg)
    }
}

impl NodeProgram {
    /// The name of what a load at `word` reads, if it is a header value or a uniform.
    fn data_name(&self, word: usize) -> Option<String> {
        if let Some(h) = HEADER_VALUES.iter().find(|h| h.words().contains(&word)) {
            // The view keeps its short name; a matrix's load names its column.
            let name = if h.word == H_VIEW { "view" } else { h.name };
            return Some(match h.columns {
                1 => name.to_string(),
                _ => format!("{name}[{}]", (word - h.word) / h.rows),
            });
        }
        let u = self
            .uniforms()
            .iter()
            .find(|u| (u.word..u.word + u.ty.float_count()).contains(&word))?;
        Some(match u.ty.matrix_size() {
            Some(n) => format!("{}[{}]", u.name, (word - u.word) / n),
            None => u.name.clone(),
        })
    }

    fn constant_text(&self, word: usize, width: usize, tag: u32) -> String {
        // An integer load's tag says how to print its bits: `7i`, `4294967295u`.
        let floats: Vec<String> = self.words()[word..word + width]
            .iter()
            .map(|&w| match tag {
                LOAD_TAG_INT => format!("{}i", w as i32),
                LOAD_TAG_UINT => format!("{w}u"),
                _ => format!("{}", f32::from_bits(w)),
            })
            .collect();
        if width == 1 {
            floats[0].clone()
        } else {
            format!("({})", floats.join(", "))
        }
    }

    fn instruction_text(&self, inst: &Instruction) -> String {
        let Some(op) = Opcode::from_byte(inst.opcode) else {
            return format!("?? opcode {}", inst.opcode);
        };
        let width = inst.width as usize;
        let result_width = op.result_width(width);
        let dst = format!("r{}.{}", inst.dst, &"xyzw"[..result_width]);
        let args = match op {
            Opcode::Load => {
                let word = inst.operands[0] as usize;
                let value = self
                    .data_name(word)
                    .unwrap_or_else(|| self.constant_text(word, width, inst.operands[1]));
                return format!("{dst} = {value}");
            }
            Opcode::Attr => {
                let word = inst.operands[0];
                let name =
                    Attribute::from_lane_index((word & 0xff) as usize).map_or("?", |a| a.name());
                return match View::ALL.get((word >> 8) as usize) {
                    Some(View::Fragment) => format!("{dst} = {name}"),
                    Some(view) => format!("{dst} = {name} @{}", view.name()),
                    None => format!("{dst} = {name} @?"),
                };
            }
            Opcode::Tex | Opcode::Tex3 | Opcode::TexLod | Opcode::TexFetch => {
                let word = inst.operands[1] as usize;
                let id = self.words()[word];
                let name = self
                    .uniforms()
                    .iter()
                    .find(|u| u.word == word)
                    .map_or(format!("texture #{id}"), |u| format!("{} (#{id})", u.name));
                let width = op.texture_coordinate().unwrap_or(2);
                return format!(
                    "{dst} = {}({name}, {})",
                    op.name(),
                    operand(inst.operands[0], width)
                );
            }
            Opcode::Join => {
                let parts: Vec<String> = (0..width)
                    .map(|k| {
                        let op = RegOperand::decode(inst.operands[inst.join_source(k)]);
                        format!("r{}.{}", op.reg, COMPONENTS[op.swizzle[k] as usize])
                    })
                    .collect();
                return format!("{dst} = join({})", parts.join(", "));
            }
            op => (0..op.arity())
                .map(|slot| operand(inst.operands[slot], width))
                .collect::<Vec<_>>()
                .join(", "),
        };
        format!("{dst} = {}({args})", op.name())
    }
}

impl fmt::Display for NodeProgram {
    /// One block per output: its name, its instruction count and registers, then one line per
    /// instruction, `r2.xyz = mix(r0, r1, r2.xxx)`; then the uniforms.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for output in Output::ALL {
            let (start, count) = self.output_range(output);
            if count == 0 {
                continue;
            }
            writeln!(
                f,
                "{output}: {count} instructions, {} registers",
                self.register_count(output)
            )?;
            for index in start..start + count {
                let inst = self.instruction(index);
                let once = if inst.uniform && inst.opcode != Opcode::Load as u8 {
                    "    (once per batch)"
                } else {
                    ""
                };
                writeln!(f, "  {index:4}  {}{once}", self.instruction_text(&inst))?;
            }
        }
        for u in self.uniforms() {
            writeln!(f, "uniform {} {} @ word {}", u.ty, u.name, u.word)?;
        }
        Ok(())
    }
}
