//! The validator: refuses any words an interpreter could not run safely, whoever wrote them.

use super::error::{InstructionError, ValidationError};
use super::format::*;
use crate::interface::{Output, LANE_ATTRIBUTE_COUNT, OUTPUT_COUNT, OUTPUT_SLOTS, VIEW_COUNT};
use crate::opcode::Opcode;

/// Check `words` against docs/bytecode.md: the header's sizes agree with the words, every output's
/// code lies in the code, and every instruction has a known opcode, registers below
/// `MAX_REGISTERS`, a width of 1 to 4 (3 for `cross`), a destination that none of its register
/// operands reads, loads and texture ids inside the words and an attribute that exists. Never
/// panics, whatever the words.
pub fn validate(words: &[u32]) -> Result<(), ValidationError> {
    if words.len() < HEADER_WORDS {
        return Err(ValidationError::Short { words: words.len() });
    }
    if words[H_MAGIC] != MAGIC {
        return Err(ValidationError::Magic {
            found: words[H_MAGIC],
        });
    }
    let total = words.len();
    if words[H_TOTAL] as usize != total {
        return Err(ValidationError::Total {
            header: words[H_TOTAL],
            words: total,
        });
    }
    if words[H_CODE] as usize != HEADER_WORDS {
        return Err(ValidationError::CodeStart {
            found: words[H_CODE],
        });
    }
    let instructions = words[H_CODE_LEN] as usize;
    let code_end = (instructions as u64) * INSTRUCTION_WORDS as u64 + HEADER_WORDS as u64;
    if words[H_DATA] as u64 != code_end || code_end + words[H_DATA_LEN] as u64 != total as u64 {
        return Err(ValidationError::Sections {
            instructions,
            data_words: words[H_DATA_LEN],
            data_start: words[H_DATA],
            words: total,
        });
    }
    for output in Output::ALL {
        let start = words[H_OUTPUTS + 2 * output.index()] as u64;
        let count = words[H_OUTPUTS + 2 * output.index() + 1] as u64;
        if count > MAX_INSTRUCTIONS as u64 || start + count > instructions as u64 {
            return Err(ValidationError::OutputCode {
                output,
                start,
                count,
            });
        }
    }
    // The slots kept for outputs to come hold nothing, so a later output cannot find code there.
    for slot in OUTPUT_COUNT..OUTPUT_SLOTS {
        for word in [H_OUTPUTS + 2 * slot, H_OUTPUTS + 2 * slot + 1] {
            if words[word] != 0 {
                return Err(ValidationError::FreeOutputSlot {
                    slot,
                    word: words[word],
                });
            }
        }
    }
    for index in 0..instructions {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        instruction(
            &Instruction::decode(&words[at..at + INSTRUCTION_WORDS]),
            total,
        )
        .map_err(|error| ValidationError::Instruction { index, error })?;
    }
    Ok(())
}

fn instruction(inst: &Instruction, total: usize) -> Result<(), InstructionError> {
    let op = Opcode::from_byte(inst.opcode).ok_or(InstructionError::UnknownOpcode {
        opcode: inst.opcode,
    })?;
    if inst.dst as usize >= MAX_REGISTERS {
        return Err(InstructionError::Destination { register: inst.dst });
    }
    if !(1..=4).contains(&inst.width) {
        return Err(InstructionError::Width { width: inst.width });
    }
    let width = inst.width as usize;
    let registers: Vec<usize> = match op {
        Opcode::Load => {
            let first = inst.operands[0] as usize;
            if first.checked_add(width).is_none_or(|end| end > total) {
                return Err(InstructionError::Load {
                    first,
                    words: total,
                });
            }
            let tag = inst.operands[1];
            if ![LOAD_TAG_FLOAT, LOAD_TAG_INT, LOAD_TAG_UINT].contains(&tag) {
                return Err(InstructionError::LoadTag { tag });
            }
            vec![]
        }
        Opcode::Attr => {
            let (attribute, view) = (inst.operands[0] & 0xff, inst.operands[0] >> 8);
            if attribute as usize >= LANE_ATTRIBUTE_COUNT
                || view as usize >= VIEW_COUNT
                || width > 3
            {
                return Err(InstructionError::Attribute {
                    attribute,
                    view,
                    width,
                });
            }
            vec![]
        }
        Opcode::Tex | Opcode::Tex3 => {
            if inst.operands[1] as usize >= total || width != 4 {
                return Err(InstructionError::Texture {
                    word: inst.operands[1],
                    words: total,
                    width,
                });
            }
            vec![0]
        }
        Opcode::Join => {
            let sources: Vec<usize> = (0..width).map(|k| inst.join_source(k)).collect();
            if sources.contains(&3) {
                return Err(InstructionError::JoinOperand);
            }
            let mut used: Vec<usize> = sources;
            used.sort_unstable();
            used.dedup();
            used
        }
        Opcode::Cross if width != 3 => return Err(InstructionError::CrossWidth { width }),
        op if op
            .noise_points()
            .is_some_and(|points| !points.contains(&width)) =>
        {
            return Err(InstructionError::NoiseWidth { opcode: op, width })
        }
        op => (0..op.arity()).collect(),
    };
    for slot in registers {
        let word = inst.operands[slot];
        let operand = RegOperand::decode(word);
        if !RegOperand::is_clean(word) || operand.reg as usize >= MAX_REGISTERS {
            return Err(InstructionError::Operand {
                slot,
                register: operand.reg,
                word,
            });
        }
        if operand.reg == inst.dst {
            return Err(InstructionError::ReadsDestination { register: inst.dst });
        }
    }
    Ok(())
}
