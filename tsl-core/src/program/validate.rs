//! The validator: refuses any words an interpreter could not run safely, whoever wrote them.

use super::format::*;
use crate::graph::GraphError;
use crate::interface::{Output, LANE_ATTRIBUTE_COUNT, VIEW_COUNT};
use crate::opcode::Opcode;

fn refuse(reason: String) -> GraphError {
    GraphError::new("validate", reason)
}

/// Check `words` against docs/bytecode.md: the header's sizes agree with the words, every output's
/// code lies in the code, and every instruction has a known opcode, registers below
/// `MAX_REGISTERS`, a width of 1 to 4 (3 for `cross`), a destination that none of its register
/// operands reads, loads and texture ids inside the words and an attribute that exists. Never
/// panics, whatever the words.
pub fn validate(words: &[u32]) -> Result<(), GraphError> {
    if words.len() < HEADER_WORDS {
        return Err(refuse(format!(
            "{} words, shorter than the {HEADER_WORDS}-word header",
            words.len()
        )));
    }
    if words[H_MAGIC] != MAGIC {
        return Err(refuse(format!(
            "the first word is {:#010x}, not the magic {MAGIC:#010x}",
            words[H_MAGIC]
        )));
    }
    let total = words.len();
    if words[H_TOTAL] as usize != total {
        return Err(refuse(format!(
            "the header says {} words, but there are {total}",
            words[H_TOTAL]
        )));
    }
    if words[H_CODE] as usize != HEADER_WORDS {
        return Err(refuse(format!(
            "the code starts at word {}, not {HEADER_WORDS}",
            words[H_CODE]
        )));
    }
    let instructions = words[H_CODE_LEN] as usize;
    let code_end = (instructions as u64) * INSTRUCTION_WORDS as u64 + HEADER_WORDS as u64;
    if words[H_DATA] as u64 != code_end || code_end + words[H_DATA_LEN] as u64 != total as u64 {
        return Err(refuse(format!(
            "{instructions} instructions and {} data words do not fill the words from {} to {total}",
            words[H_DATA_LEN], words[H_DATA]
        )));
    }
    for output in Output::ALL {
        let start = words[H_OUTPUTS + 2 * output.index()] as u64;
        let count = words[H_OUTPUTS + 2 * output.index() + 1] as u64;
        if count > MAX_INSTRUCTIONS as u64 || start + count > instructions as u64 {
            return Err(refuse(format!(
                "{output}'s {count} instructions from {start} leave the code"
            )));
        }
    }
    for index in 0..instructions {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        instruction(
            &Instruction::decode(&words[at..at + INSTRUCTION_WORDS]),
            total,
        )
        .map_err(|reason| refuse(format!("instruction {index}: {reason}")))?;
    }
    Ok(())
}

fn instruction(inst: &Instruction, total: usize) -> Result<(), String> {
    let op =
        Opcode::from_byte(inst.opcode).ok_or_else(|| format!("unknown opcode {}", inst.opcode))?;
    if inst.dst as usize >= MAX_REGISTERS {
        return Err(format!("writes r{}, past MAX_REGISTERS", inst.dst));
    }
    if !(1..=4).contains(&inst.width) {
        return Err(format!("width {}", inst.width));
    }
    let width = inst.width as usize;
    let registers: Vec<usize> = match op {
        Opcode::Load => {
            let first = inst.operands[0] as usize;
            if first.checked_add(width).is_none_or(|end| end > total) {
                return Err(format!("loads words {first}.. past the program's {total}"));
            }
            vec![]
        }
        Opcode::Attr => {
            let (attribute, view) = (inst.operands[0] & 0xff, inst.operands[0] >> 8);
            if attribute as usize >= LANE_ATTRIBUTE_COUNT
                || view as usize >= VIEW_COUNT
                || width > 3
            {
                return Err(format!(
                    "attribute {attribute} in view {view} of width {width}"
                ));
            }
            vec![]
        }
        Opcode::Tex => {
            if inst.operands[1] as usize >= total || width != 4 {
                return Err(format!(
                    "texture id at word {} of {total}, width {width}",
                    inst.operands[1]
                ));
            }
            vec![0]
        }
        Opcode::Join => {
            let sources: Vec<usize> = (0..width).map(|k| inst.join_source(k)).collect();
            if sources.contains(&3) {
                return Err("a join component from operand 3".into());
            }
            let mut used: Vec<usize> = sources;
            used.sort_unstable();
            used.dedup();
            used
        }
        Opcode::Cross if width != 3 => return Err(format!("cross of width {width}")),
        op if op
            .noise_points()
            .is_some_and(|points| !points.contains(&width)) =>
        {
            return Err(format!("{} of a point of width {width}", op.name()))
        }
        op => (0..op.arity()).collect(),
    };
    for slot in registers {
        let word = inst.operands[slot];
        let operand = RegOperand::decode(word);
        if !RegOperand::is_clean(word) || operand.reg as usize >= MAX_REGISTERS {
            return Err(format!(
                "operand {slot} reads r{} (word {word:#x})",
                operand.reg
            ));
        }
        if operand.reg == inst.dst {
            return Err(format!("writes r{} and reads it", inst.dst));
        }
    }
    Ok(())
}
