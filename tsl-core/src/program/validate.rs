//! The validator: refuses any words an interpreter could not run safely, whoever wrote them.

use super::error::{InstructionError, ValidationError};
use super::format::*;
use crate::interface::{Output, LANE_ATTRIBUTE_COUNT, OUTPUT_COUNT, OUTPUT_SLOTS, VIEW_COUNT};
use crate::opcode::Opcode;

/// Check `words` against docs/bytecode.md: the header's sizes agree with the words, every output's
/// code lies in the code, and every instruction has a known opcode, registers below
/// `MAX_REGISTERS`, a width of 1 to 4 (3 for `cross`), a destination that none of its register
/// operands reads, loads and texture ids inside the words and an attribute that exists, a `load`
/// tag of 0 to 2, and along each output's code no integer operation reading a float or float
/// operation reading an integer (R-INT-6). Never panics, whatever the words.
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
    for output in Output::ALL {
        let start = words[H_OUTPUTS + 2 * output.index()] as usize;
        let count = words[H_OUTPUTS + 2 * output.index() + 1] as usize;
        kinds(words, start, count)?;
    }
    Ok(())
}

/// What a register component holds, as far as one output's code shows (R-INT-6).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not written yet in this output's code, or written from both kinds (a `select`).
    Unknown,
    /// A float.
    Float,
    /// An integer's bits.
    Integer,
}

/// Walk one output's code (already checked instruction by instruction) and refuse an integer
/// operation that reads a component a float operation wrote, and a float operation that reads
/// one an integer operation (or an integer `load`) wrote. Components no instruction of the
/// output wrote yet are not judged. Moves, joins and selections carry either kind.
fn kinds(words: &[u32], start: usize, count: usize) -> Result<(), ValidationError> {
    let mut regs = [[Kind::Unknown; 4]; MAX_REGISTERS];
    for index in start..start + count {
        let at = HEADER_WORDS + INSTRUCTION_WORDS * index;
        let inst = Instruction::decode(&words[at..at + INSTRUCTION_WORDS]);
        // Invariant: `instruction` accepted the opcode, the width and the registers.
        let Some(op) = Opcode::from_byte(inst.opcode) else {
            continue;
        };
        let w = inst.width as usize;
        let read = |slot: usize, k: usize| {
            let operand = RegOperand::decode(inst.operands[slot]);
            regs[operand.reg as usize % MAX_REGISTERS][operand.swizzle[k] as usize % 4]
        };
        let expect = |slot: usize, k: usize, want: Kind| {
            let found = read(slot, k);
            if found == Kind::Unknown || found == want {
                Ok(())
            } else {
                Err(ValidationError::Instruction {
                    index,
                    error: InstructionError::OperandKind {
                        slot,
                        integer: want == Kind::Integer,
                    },
                })
            }
        };
        let mut out = [Kind::Unknown; 4];
        let mut written = op.result_width(w);
        match op {
            Opcode::Load => {
                let tag = inst.operands[1];
                let kind = if tag == LOAD_TAG_FLOAT {
                    Kind::Float
                } else {
                    Kind::Integer
                };
                out = [kind; 4];
            }
            Opcode::Attr => {
                out = [Kind::Float; 4];
                written = w.min(3);
            }
            Opcode::Mov => {
                for (k, o) in out.iter_mut().enumerate().take(w) {
                    *o = read(0, k);
                }
            }
            Opcode::Join => {
                for (k, o) in out.iter_mut().enumerate().take(w) {
                    *o = read(inst.join_source(k).min(2), k);
                }
            }
            Opcode::Select => {
                for (k, o) in out.iter_mut().enumerate().take(w) {
                    expect(0, k, Kind::Float)?;
                    let (a, b) = (read(1, k), read(2, k));
                    *o = if a == b { a } else { Kind::Unknown };
                }
            }
            op => {
                // The operands' kind: integers for the integer opcodes but the conversions from
                // floats; the result's: floats for comparisons and conversions to float.
                let (takes, gives) = match op {
                    Opcode::ToInt | Opcode::ToUint => (Kind::Float, Kind::Integer),
                    Opcode::ToFloat | Opcode::UToFloat => (Kind::Integer, Kind::Float),
                    Opcode::ILessThan
                    | Opcode::ILessThanEqual
                    | Opcode::ULessThan
                    | Opcode::ULessThanEqual
                    | Opcode::IEqual
                    | Opcode::INotEqual => (Kind::Integer, Kind::Float),
                    op if op.is_integer() => (Kind::Integer, Kind::Integer),
                    _ => (Kind::Float, Kind::Float),
                };
                // A texture reads its coordinate's 2 or 3 components; every other operation
                // reads its operands' first `w` (a noise's jitter and style read component 0,
                // which is within them).
                let reads = op.texture_coordinate().unwrap_or(w);
                let slots = if op.texture_coordinate().is_some() {
                    1
                } else {
                    op.arity()
                };
                for slot in 0..slots {
                    for k in 0..reads {
                        expect(slot, k, takes)?;
                    }
                }
                out = [gives; 4];
                if op.texture_coordinate().is_some() {
                    written = 4;
                } else if op.noise_output().is_some() {
                    written = 3;
                }
            }
        }
        let dst = inst.dst as usize % MAX_REGISTERS;
        regs[dst][..written.min(4)].copy_from_slice(&out[..written.min(4)]);
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
        Opcode::Tex | Opcode::Tex3 | Opcode::TexLod | Opcode::TexFetch => {
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
