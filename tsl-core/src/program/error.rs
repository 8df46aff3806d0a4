//! The refusals of programs: words the validator refuses ([`ValidationError`], one instruction's
//! fault an [`InstructionError`]), and the changes a program refuses ([`ProgramError`]).

use super::format::{HEADER_WORDS, MAGIC};
use crate::interface::Output;
use crate::opcode::Opcode;
use crate::types::ValueType;
use thiserror::Error;

/// Why [`validate`](super::validate) refused words. The message starts `validate: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValidationError {
    /// Fewer words than the header's.
    #[error("validate: {words} words, shorter than the {HEADER_WORDS}-word header")]
    Short {
        /// The words there are.
        words: usize,
    },
    /// A first word that is not the magic.
    #[error("validate: the first word is {found:#010x}, not the magic {MAGIC:#010x}")]
    Magic {
        /// The first word.
        found: u32,
    },
    /// A header whose count of words is not the words'.
    #[error("validate: the header says {header} words, but there are {words}")]
    Total {
        /// The count in the header.
        header: u32,
        /// The words there are.
        words: usize,
    },
    /// Code that does not start right after the header.
    #[error("validate: the code starts at word {found}, not {HEADER_WORDS}")]
    CodeStart {
        /// Where the header says it starts.
        found: u32,
    },
    /// Code and data that do not fill the words after the header.
    #[error("validate: {instructions} instructions and {data_words} data words do not fill the words from {data_start} to {words}")]
    Sections {
        /// The instructions the header counts.
        instructions: usize,
        /// The data words it counts.
        data_words: u32,
        /// Where it says the data starts.
        data_start: u32,
        /// The words there are.
        words: usize,
    },
    /// An output whose code lies outside the code, or is longer than `MAX_INSTRUCTIONS`.
    #[error("validate: {output}'s {count} instructions from {start} leave the code")]
    OutputCode {
        /// The output.
        output: Output,
        /// Its first instruction.
        start: u64,
        /// Its count of instructions.
        count: u64,
    },
    /// A header slot kept for an output to come that is not zero.
    #[error("validate: output slot {slot} is kept for outputs to come and must be 0, not {word}")]
    FreeOutputSlot {
        /// The slot, from 0 (past the outputs there are).
        slot: usize,
        /// Its nonzero word.
        word: u32,
    },
    /// An instruction an interpreter could not run safely.
    #[error("validate: instruction {index}: {error}")]
    Instruction {
        /// The instruction's index in the code.
        index: usize,
        /// What is wrong with it.
        error: InstructionError,
    },
}

/// What is wrong with one instruction.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum InstructionError {
    /// An opcode byte of no operation.
    #[error("unknown opcode {opcode}")]
    UnknownOpcode {
        /// The byte.
        opcode: u8,
    },
    /// A destination register past `MAX_REGISTERS`.
    #[error("writes r{register}, past MAX_REGISTERS")]
    Destination {
        /// The register.
        register: u8,
    },
    /// A width outside 1 to 4.
    #[error("width {width}")]
    Width {
        /// The width.
        width: u8,
    },
    /// A load past the program's words.
    #[error("loads words {first}.. past the program's {words}")]
    Load {
        /// The first word loaded.
        first: usize,
        /// The program's words.
        words: usize,
    },
    /// A `load` whose B word is none of the kind tags (`LOAD_TAG_FLOAT`, `LOAD_TAG_INT`,
    /// `LOAD_TAG_UINT`).
    #[error("a load's type tag {tag} is none of 0 (float), 1 (int) and 2 (uint)")]
    LoadTag {
        /// The B word.
        tag: u32,
    },
    /// An integer operation that reads a float an earlier instruction of the output wrote, or a
    /// float operation that reads an integer (R-INT-6).
    #[error("operand {slot} reads {}", if *.integer { "a float where the operation takes integers" } else { "an integer where the operation takes floats" })]
    OperandKind {
        /// The operand slot, 0 to 2.
        slot: usize,
        /// Whether the operation takes integers there.
        integer: bool,
    },
    /// An `attr` of an attribute or view that does not exist, or wider than 3.
    #[error("attribute {attribute} in view {view} of width {width}")]
    Attribute {
        /// The attribute's id.
        attribute: u32,
        /// The view's id.
        view: u32,
        /// The width.
        width: usize,
    },
    /// A `tex` whose texture id lies past the words, or of a width other than 4.
    #[error("texture id at word {word} of {words}, width {width}")]
    Texture {
        /// The word of the texture id.
        word: u32,
        /// The program's words.
        words: usize,
        /// The width.
        width: usize,
    },
    /// A `join` that takes a component from operand 3, which does not exist.
    #[error("a join component from operand 3")]
    JoinOperand,
    /// A `cross` of a width other than 3.
    #[error("cross of width {width}")]
    CrossWidth {
        /// The width.
        width: usize,
    },
    /// A noise of a point width it does not take.
    #[error("{} of a point of width {width}", .opcode.name())]
    NoiseWidth {
        /// The noise.
        opcode: Opcode,
        /// The width.
        width: usize,
    },
    /// A register operand with stray bits or a register past `MAX_REGISTERS`.
    #[error("operand {slot} reads r{register} (word {word:#x})")]
    Operand {
        /// The operand's slot, 0 to 2.
        slot: usize,
        /// The register it names.
        register: u8,
        /// The operand word.
        word: u32,
    },
    /// An instruction that reads the register it writes.
    #[error("writes r{register} and reads it")]
    ReadsDestination {
        /// The register.
        register: u8,
    },
}

/// A refusal by a [`NodeProgram`](super::NodeProgram): words that are not a valid program, or a
/// change it cannot make. The message starts with what refused (`validate`, `program`,
/// `set_uniform`, `set_texture`, `program file`) and `: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProgramError {
    /// The words are not a valid program.
    #[error(transparent)]
    Validation(#[from] ValidationError),
    /// A uniform slot that lies outside the data section.
    #[error("program: uniform '{name}' lies outside the data")]
    UniformOutsideData {
        /// The uniform's name.
        name: String,
    },
    /// A texture slot that lies outside the data section.
    #[error("program: texture slot at word {word} lies outside the data")]
    TextureSlotOutsideData {
        /// The slot's word.
        word: usize,
    },
    /// `set_uniform` or `set_texture` of a name no uniform has.
    #[error("{op}: no uniform is named '{name}'")]
    NoUniform {
        /// `set_uniform` or `set_texture`.
        op: &'static str,
        /// The name.
        name: String,
    },
    /// `set_uniform`, `set_texture` or `uniform` of a node that declared none of the program's
    /// uniforms.
    #[error("{op}: node #{node} is not a uniform of this program{}", if *known { "" } else { " (a program read from words knows its uniforms by name only)" })]
    NotAUniformNode {
        /// `set_uniform`, `set_texture` or `uniform`.
        op: &'static str,
        /// The node's index in its graph.
        node: u32,
        /// Whether the program knows its uniforms' nodes (it was compiled, not read).
        known: bool,
    },
    /// `set_uniform` of a value of another type than the uniform's.
    #[error("set_uniform: uniform '{name}' is a {uniform}, not a {value}")]
    UniformType {
        /// The uniform's name.
        name: String,
        /// Its type.
        uniform: ValueType,
        /// The value's type.
        value: ValueType,
    },
    /// `set_uniform_uint` of a value that is not a `u32` or an array of them.
    #[error("set_uniform_uint: the value is a {value}; pass a u32 or [u32; 2] to [u32; 4]")]
    NotUnsigned {
        /// The value's type.
        value: ValueType,
    },
    /// `set_uniform_int` of a value that is not an `i32` or an array of them.
    #[error("set_uniform_int: the value is a {value}; pass an i32 or [i32; 2] to [i32; 4]")]
    NotSigned {
        /// The value's type.
        value: ValueType,
    },
    /// `set_texture` of a uniform that is not a texture.
    #[error("set_texture: uniform '{name}' is a {uniform}, not a texture")]
    NotATexture {
        /// The uniform's name.
        name: String,
        /// Its type.
        uniform: ValueType,
    },
    /// `set_texture` of [`NO_TEXTURE`](crate::types::NO_TEXTURE).
    #[error("set_texture: NO_TEXTURE names no texture")]
    NoTexture,
    /// Bytes that are not a saved program ([`NodeProgram::from_bytes`](super::NodeProgram::from_bytes)).
    #[error(transparent)]
    File(#[from] FileError),
    /// A custom attribute table whose entry is empty, of 0 or more than 4 floats, past the 8 of a
    /// corner, or overlapping another entry or sharing its name (R-ATTR-1).
    #[error("program: custom attribute '{name}' does not fit the corner's 8 floats once")]
    CustomAttribute {
        /// The attribute's name.
        name: String,
    },
}

/// Why [`NodeProgram::from_bytes`](super::NodeProgram::from_bytes) refused bytes before their
/// words reached the validator (docs/bytecode.md, "Saved programs"). The message starts
/// `program file: `.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FileError {
    /// A field, or the entries a count announces, run past the end of the bytes.
    #[error("program file: {field} at byte {at} needs {need} bytes, but {left} are left")]
    Truncated {
        /// The field: `magic`, `words`, `uniform name`, ...
        field: &'static str,
        /// Its first byte.
        at: usize,
        /// The bytes it needs (for a count, at least its entries' smallest size).
        need: u64,
        /// The bytes left from `at`.
        left: usize,
    },
    /// The first four bytes are not `TSLP`.
    #[error("program file: the first bytes are {found:02x?}, not the magic \"TSLP\"")]
    Magic {
        /// The first four bytes.
        found: [u8; 4],
    },
    /// A version this library does not read.
    #[error(
        "program file: version {found}; this library reads version {}",
        super::file::VERSION
    )]
    Version {
        /// The file's version.
        found: u32,
    },
    /// A uniform's or a texture slot's name that is not UTF-8.
    #[error("program file: the name at byte {at} is not UTF-8")]
    Name {
        /// The name's first byte.
        at: usize,
    },
    /// A uniform type code outside the table.
    #[error("program file: unknown uniform type {code} at byte {at}")]
    Type {
        /// The code.
        code: u32,
        /// Its first byte.
        at: usize,
    },
    /// A texture slot kind other than 0 (a constant id) or 1 (a texture uniform).
    #[error("program file: unknown texture slot kind {code} at byte {at}")]
    TextureKind {
        /// The code.
        code: u32,
        /// Its first byte.
        at: usize,
    },
    /// Bytes after the last texture slot.
    #[error("program file: {bytes} bytes after the end of the program")]
    Trailing {
        /// How many.
        bytes: usize,
    },
}

impl ProgramError {
    /// What refused: `validate`, `program`, `set_uniform`, `set_texture` or `program file`; the
    /// message starts with it and `: `.
    pub fn op(&self) -> &'static str {
        match self {
            ProgramError::Validation(_) => "validate",
            ProgramError::UniformOutsideData { .. }
            | ProgramError::TextureSlotOutsideData { .. }
            | ProgramError::CustomAttribute { .. } => "program",
            ProgramError::NoUniform { op, .. } | ProgramError::NotAUniformNode { op, .. } => op,
            ProgramError::UniformType { .. } => "set_uniform",
            ProgramError::NotUnsigned { .. } => "set_uniform_uint",
            ProgramError::NotSigned { .. } => "set_uniform_int",
            ProgramError::NotATexture { .. } | ProgramError::NoTexture => "set_texture",
            ProgramError::File(_) => "program file",
        }
    }
}

/// Why a program or an object in JSON was refused, or could not be written (docs/json.md). The
/// message starts `json: ` and names the field, as a path from the document's root.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum JsonError {
    /// Text that is not JSON, or cut short.
    #[error("json: not JSON: {0}")]
    Syntax(String),
    /// A document, or a part, larger than this library reads.
    #[error("json: {what} is {found}, more than the limit of {limit}")]
    TooLarge {
        /// What: the text's bytes, the program's words.
        what: &'static str,
        /// Its size.
        found: u64,
        /// The limit.
        limit: u64,
    },
    /// A version this library does not read or write.
    #[error("json: {at} is version {found}; this library reads version {expected}")]
    Version {
        /// The field.
        at: String,
        /// The version the document gives.
        found: String,
        /// The one this library reads.
        expected: String,
    },
    /// A field that is missing, of the wrong kind or out of its range.
    #[error("json: {at}: {reason}")]
    Field {
        /// The field.
        at: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A program that object JSON cannot hold, or whose storage breaks the rules a loaded
    /// program is held to (overlapping spans, nonfinite float data).
    #[error("json: {at}: {reason}")]
    Storage {
        /// The program's field.
        at: String,
        /// What is wrong.
        reason: String,
    },
    /// Words and slots that [`NodeProgram::from_words`](super::NodeProgram::from_words) or the
    /// custom attribute table refused.
    #[error("json: {at}: {error}")]
    Program {
        /// The program's field.
        at: String,
        /// The refusal.
        error: ProgramError,
    },
}
