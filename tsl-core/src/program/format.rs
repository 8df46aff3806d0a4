//! The layout of a program's words, as docs/bytecode.md describes it. Every index here is a word
//! index into [`super::NodeProgram::words`]. Each value's word is the one before it plus that
//! one's length, so the header's layout is this list read top to bottom.

use crate::interface::OUTPUT_SLOTS;

/// The first word of every program: "TSL0" in little-endian bytes.
pub const MAGIC: u32 = u32::from_le_bytes(*b"TSL0");
/// Header: the magic word.
pub const H_MAGIC: usize = 0;
/// Header: how many words the program has in all.
pub const H_TOTAL: usize = 1;
/// Header: where the code starts (always [`HEADER_WORDS`]).
pub const H_CODE: usize = 2;
/// Header: how many instructions the code holds.
pub const H_CODE_LEN: usize = 3;
/// Header: where the data (constants, uniforms, texture ids) starts.
pub const H_DATA: usize = 4;
/// Header: how many words of data.
pub const H_DATA_LEN: usize = 5;
/// Header: per output (in [`crate::interface::Output::ALL`] order), two words: its first instruction and its
/// instruction count (zero when the graph does not set it); [`OUTPUT_SLOTS`] pairs, those past
/// the outputs there are always zero.
pub const H_OUTPUTS: usize = 6;
/// Header: the frame's time in seconds, an f32.
pub const H_TIME: usize = H_OUTPUTS + 2 * OUTPUT_SLOTS;
/// Header: the camera's world-to-view matrix, sixteen f32, column-major.
pub const H_VIEW: usize = H_TIME + 1;
/// Header: the camera's world position, three f32, derived from the view matrix.
pub const H_CAMERA: usize = H_VIEW + 16;
/// Header: the render target's size in pixels, two f32 (`screen_size`).
pub const H_SCREEN: usize = H_CAMERA + 3;
/// Header: the camera's near plane distance, an f32 (`camera_near`).
pub const H_NEAR: usize = H_SCREEN + 2;
/// Header: the camera's far plane distance, an f32 (`camera_far`).
pub const H_FAR: usize = H_NEAR + 1;
/// Header: the camera's projection matrix, sixteen f32, column-major.
pub const H_PROJECTION: usize = H_FAR + 1;
/// Header: the inverse of the projection matrix, sixteen f32, column-major.
pub const H_PROJECTION_INVERSE: usize = H_PROJECTION + 16;
/// Header: the camera's view-to-world matrix (the inverse of the view), sixteen f32.
pub const H_CAMERA_WORLD: usize = H_PROJECTION_INVERSE + 16;
/// Header: the renderer's frame counter, an f32 (`frame_id`).
pub const H_FRAME_ID: usize = H_CAMERA_WORLD + 16;
/// Header: 1.0 when the camera is orthographic, 0.0 when perspective, an f32.
pub const H_ORTHOGRAPHIC: usize = H_FRAME_ID + 1;
/// Header: the seconds since the previous frame, an f32 (`delta_time`).
pub const H_DELTA_TIME: usize = H_ORTHOGRAPHIC + 1;
/// Header: the instance of an `InstancedMesh` being drawn, an f32 (`instance_index`), which the
/// renderer writes for each instance (0 for any other draw).
pub const H_INSTANCE_INDEX: usize = H_DELTA_TIME + 1;
/// Header: the first word of the draw's values (to the header's end), which the renderer writes
/// for each draw of a program that reads them (`NodeProgram::set_object`).
pub const H_OBJECT: usize = H_INSTANCE_INDEX + 1;
/// Header: the draw's model-to-world matrix, sixteen f32, column-major.
pub const H_MODEL_WORLD: usize = H_OBJECT;
/// Header: the inverse of the model-to-world matrix, sixteen f32.
pub const H_MODEL_WORLD_INVERSE: usize = H_MODEL_WORLD + 16;
/// Header: the model-to-view matrix (view × world), sixteen f32.
pub const H_MODEL_VIEW: usize = H_MODEL_WORLD_INVERSE + 16;
/// Header: the inverse transpose of the world matrix's 3×3, nine f32, column-major.
pub const H_MODEL_NORMAL: usize = H_MODEL_VIEW + 16;
/// Header: the world matrix's scale (its columns' lengths), three f32.
pub const H_MODEL_SCALE: usize = H_MODEL_NORMAL + 9;
/// Header: the world direction of the model's +z axis, normalized, three f32.
pub const H_MODEL_DIRECTION: usize = H_MODEL_SCALE + 3;
/// Header: the draw's bounding-sphere radius in world space, an f32 (`model_radius`).
pub const H_MODEL_RADIUS: usize = H_MODEL_DIRECTION + 3;
/// Header: the draw's material's colour (linear, `material.color`), three f32
/// (`material_color`); `NodeProgram::set_material` writes the material's values.
pub const H_MATERIAL_COLOR: usize = H_MODEL_RADIUS + 1;
/// Header: the material's opacity, an f32 (`material_opacity`).
pub const H_MATERIAL_OPACITY: usize = H_MATERIAL_COLOR + 3;
/// Header: the material's emissive colour times its intensity, three f32 (`material_emissive`).
pub const H_MATERIAL_EMISSIVE: usize = H_MATERIAL_OPACITY + 1;
/// Header: the material's roughness, an f32 (`material_roughness`).
pub const H_MATERIAL_ROUGHNESS: usize = H_MATERIAL_EMISSIVE + 3;
/// Header: the material's metalness, an f32 (`material_metalness`).
pub const H_MATERIAL_METALNESS: usize = H_MATERIAL_ROUGHNESS + 1;
/// Header: the material's PHONG specular colour (linear), three f32 (`material_specular`).
pub const H_MATERIAL_SPECULAR: usize = H_MATERIAL_METALNESS + 1;
/// Header: the material's PHONG shininess, an f32 (`material_shininess`).
pub const H_MATERIAL_SHININESS: usize = H_MATERIAL_SPECULAR + 3;
/// Header: the material's alpha test threshold, an f32 (`material_alpha_test`).
pub const H_MATERIAL_ALPHA_TEST: usize = H_MATERIAL_SHININESS + 1;
/// Header: the material's clearcoat strength, an f32 (`material_clearcoat`).
pub const H_MATERIAL_CLEARCOAT: usize = H_MATERIAL_ALPHA_TEST + 1;
/// Header: the material's clearcoat roughness, an f32 (`material_clearcoat_roughness`).
pub const H_MATERIAL_CLEARCOAT_ROUGHNESS: usize = H_MATERIAL_CLEARCOAT + 1;
/// Header: `material.ior`, an f32 (`material_ior`).
pub const H_MATERIAL_IOR: usize = H_MATERIAL_CLEARCOAT_ROUGHNESS + 1;
/// Header: `material.specularIntensity` (without its map), an f32 (`material_specular_intensity`).
pub const H_MATERIAL_SPECULAR_INTENSITY: usize = H_MATERIAL_IOR + 1;
/// Header: `material.specularColor` (linear, without its map), three f32 (`material_specular_color`).
pub const H_MATERIAL_SPECULAR_COLOR: usize = H_MATERIAL_SPECULAR_INTENSITY + 1;
/// Header: `material.sheenColor * material.sheen` (linear, without the sheen colour map), three f32 (`material_sheen`).
pub const H_MATERIAL_SHEEN: usize = H_MATERIAL_SPECULAR_COLOR + 3;
/// Header: `material.sheenRoughness` clamped to 0.0001..1 (without its map), an f32 (`material_sheen_roughness`).
pub const H_MATERIAL_SHEEN_ROUGHNESS: usize = H_MATERIAL_SHEEN + 3;
/// Header: `material.iridescence`, an f32 (`material_iridescence`).
pub const H_MATERIAL_IRIDESCENCE: usize = H_MATERIAL_SHEEN_ROUGHNESS + 1;
/// Header: `material.iridescenceIOR`, an f32 (`material_iridescence_ior`).
pub const H_MATERIAL_IRIDESCENCE_IOR: usize = H_MATERIAL_IRIDESCENCE + 1;
/// Header: the maximum of `material.iridescenceThicknessRange` (without the thickness map), an f32 (`material_iridescence_thickness`).
pub const H_MATERIAL_IRIDESCENCE_THICKNESS: usize = H_MATERIAL_IRIDESCENCE_IOR + 1;
/// Header: `anisotropy · (cos, sin)(anisotropyRotation)` (without the anisotropy map), two f32 (`material_anisotropy`).
pub const H_MATERIAL_ANISOTROPY: usize = H_MATERIAL_IRIDESCENCE_THICKNESS + 1;
/// Header: `material.dispersion`, an f32 (`material_dispersion`).
pub const H_MATERIAL_DISPERSION: usize = H_MATERIAL_ANISOTROPY + 2;
/// The header's length in words.
pub const HEADER_WORDS: usize = H_MATERIAL_DISPERSION + 1;

// docs/bytecode.md's table gives these words as numbers: a change here is a change there.
const _: () = assert!(H_TIME == 70 && H_OBJECT == 146 && HEADER_WORDS == 241);

/// A value of the frame or of the draw in the header: where it lies and its shape. The
/// compiler loads an attribute's value from here, the disassembler names the words by it and
/// the standalone modules map its words to their uniform block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeaderValue {
    /// The attribute's name (`Attribute::name`).
    pub name: &'static str,
    /// Its first word.
    pub word: usize,
    /// Its columns: 1 for a scalar or vector, 3 or 4 for a matrix.
    pub columns: usize,
    /// The components of one column.
    pub rows: usize,
}

macro_rules! header_values {
    ($($name:literal = $word:ident, $columns:literal x $rows:literal;)*) => {
        /// Every value of the header an attribute reads, matrices before the vectors that lie
        /// inside them (a disassembler names a word by the first value holding it).
        pub const HEADER_VALUES: &[HeaderValue] = &[
            $(HeaderValue { name: $name, word: $word, columns: $columns, rows: $rows },)*
        ];
    };
}

header_values! {
    "time" = H_TIME, 1 x 1;
    "camera_view_matrix" = H_VIEW, 4 x 4;
    "camera_position" = H_CAMERA, 1 x 3;
    "screen_size" = H_SCREEN, 1 x 2;
    "camera_near" = H_NEAR, 1 x 1;
    "camera_far" = H_FAR, 1 x 1;
    "camera_projection_matrix" = H_PROJECTION, 4 x 4;
    "camera_projection_matrix_inverse" = H_PROJECTION_INVERSE, 4 x 4;
    "camera_world_matrix" = H_CAMERA_WORLD, 4 x 4;
    "frame_id" = H_FRAME_ID, 1 x 1;
    "camera_is_orthographic" = H_ORTHOGRAPHIC, 1 x 1;
    "delta_time" = H_DELTA_TIME, 1 x 1;
    "instance_index" = H_INSTANCE_INDEX, 1 x 1;
    "model_world_matrix" = H_MODEL_WORLD, 4 x 4;
    "model_world_matrix_inverse" = H_MODEL_WORLD_INVERSE, 4 x 4;
    "model_view_matrix" = H_MODEL_VIEW, 4 x 4;
    "model_normal_matrix" = H_MODEL_NORMAL, 3 x 3;
    "model_scale" = H_MODEL_SCALE, 1 x 3;
    "model_direction" = H_MODEL_DIRECTION, 1 x 3;
    "model_radius" = H_MODEL_RADIUS, 1 x 1;
    "material_color" = H_MATERIAL_COLOR, 1 x 3;
    "material_opacity" = H_MATERIAL_OPACITY, 1 x 1;
    "material_emissive" = H_MATERIAL_EMISSIVE, 1 x 3;
    "material_roughness" = H_MATERIAL_ROUGHNESS, 1 x 1;
    "material_metalness" = H_MATERIAL_METALNESS, 1 x 1;
    "material_specular" = H_MATERIAL_SPECULAR, 1 x 3;
    "material_shininess" = H_MATERIAL_SHININESS, 1 x 1;
    "material_alpha_test" = H_MATERIAL_ALPHA_TEST, 1 x 1;
    "material_clearcoat" = H_MATERIAL_CLEARCOAT, 1 x 1;
    "material_clearcoat_roughness" = H_MATERIAL_CLEARCOAT_ROUGHNESS, 1 x 1;
    "material_ior" = H_MATERIAL_IOR, 1 x 1;
    "material_specular_intensity" = H_MATERIAL_SPECULAR_INTENSITY, 1 x 1;
    "material_specular_color" = H_MATERIAL_SPECULAR_COLOR, 1 x 3;
    "material_sheen" = H_MATERIAL_SHEEN, 1 x 3;
    "material_sheen_roughness" = H_MATERIAL_SHEEN_ROUGHNESS, 1 x 1;
    "material_iridescence" = H_MATERIAL_IRIDESCENCE, 1 x 1;
    "material_iridescence_ior" = H_MATERIAL_IRIDESCENCE_IOR, 1 x 1;
    "material_iridescence_thickness" = H_MATERIAL_IRIDESCENCE_THICKNESS, 1 x 1;
    "material_anisotropy" = H_MATERIAL_ANISOTROPY, 1 x 2;
    "material_dispersion" = H_MATERIAL_DISPERSION, 1 x 1;
    // Inside the matrices above: their translation columns.
    "model_position" = H_MODEL_WORLD_POSITION, 1 x 3;
    "model_view_position" = H_MODEL_VIEW_POSITION, 1 x 3;
}

/// Where the world matrix's translation lies (its fourth column).
const H_MODEL_WORLD_POSITION: usize = H_MODEL_WORLD + 12;
/// Where the model-view matrix's translation lies.
const H_MODEL_VIEW_POSITION: usize = H_MODEL_VIEW + 12;

impl HeaderValue {
    /// The header value an attribute of this name reads, if it lives in the header.
    pub fn of(name: &str) -> Option<&'static HeaderValue> {
        HEADER_VALUES.iter().find(|v| v.name == name)
    }

    /// The words it spans.
    pub fn words(&self) -> std::ops::Range<usize> {
        self.word..self.word + self.columns * self.rows
    }
}

/// The words of one instruction.
pub const INSTRUCTION_WORDS: usize = 4;

/// The B word (operand word 1) of a `load` of floats: zero, as every float program writes it.
pub const LOAD_TAG_FLOAT: u32 = 0;
/// The B word of a `load` of signed integers (`int` to `ivec4`, constants and uniforms):
/// `validate` refuses a `load` whose B word is none of the three tags (R-INT-6).
pub const LOAD_TAG_INT: u32 = 1;
/// The B word of a `load` of unsigned integers (`uint` to `uvec4`).
pub const LOAD_TAG_UINT: u32 = 2;

/// The most registers a program uses (`MAX_REGISTERS`, R-LIM-2, docs/requirements.md).
pub const MAX_REGISTERS: usize = 32;
/// The most instructions of one output (`MAX_INSTRUCTIONS`, R-LIM-1).
pub const MAX_INSTRUCTIONS: usize = 4096;

/// A decoded instruction: the first word's fields and the three operand words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction {
    /// The opcode byte.
    pub opcode: u8,
    /// The register written.
    pub dst: u8,
    /// The width the operation works on, 1 to 4.
    pub width: u8,
    /// The value is the same for every fragment (it reads loads alone): a math instruction may
    /// compute it once, at lane 0, and fill every lane with it.
    pub uniform: bool,
    /// For `join`: two bits per result component naming the operand it comes from.
    pub select: u8,
    /// The operand words: a register and a swizzle each, or an immediate.
    pub operands: [u32; 3],
}

impl Instruction {
    /// Decode four words.
    pub fn decode(words: &[u32]) -> Instruction {
        let w0 = words[0];
        Instruction {
            opcode: w0 as u8,
            dst: (w0 >> 8) as u8,
            width: ((w0 >> 16) & 0x7f) as u8,
            uniform: (w0 >> 23) & 1 == 1,
            select: (w0 >> 24) as u8,
            operands: [words[1], words[2], words[3]],
        }
    }

    /// Encode as four words.
    pub fn encode(&self) -> [u32; INSTRUCTION_WORDS] {
        let w0 = self.opcode as u32
            | (self.dst as u32) << 8
            | ((self.width & 0x7f) as u32) << 16
            | (self.uniform as u32) << 23
            | (self.select as u32) << 24;
        [w0, self.operands[0], self.operands[1], self.operands[2]]
    }

    /// The source of result component `k` of a `join`: operand 0 to 2 (3 is malformed).
    pub fn join_source(&self, k: usize) -> usize {
        ((self.select >> (2 * k)) & 3) as usize
    }
}

/// A register operand: the register and, for each of four components, which component it reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegOperand {
    /// The register read.
    pub reg: u8,
    /// Component `k` of the operand is component `swizzle[k]` of the register.
    pub swizzle: [u8; 4],
}

impl RegOperand {
    /// Decode an operand word: register in bits 0 to 7, then two bits per component from bit 8.
    pub fn decode(word: u32) -> RegOperand {
        let s = |k: u32| ((word >> (8 + 2 * k)) & 3) as u8;
        RegOperand {
            reg: word as u8,
            swizzle: [s(0), s(1), s(2), s(3)],
        }
    }

    /// Encode as an operand word.
    pub fn encode(&self) -> u32 {
        let mut word = self.reg as u32;
        for (k, &c) in self.swizzle.iter().enumerate() {
            word |= ((c & 3) as u32) << (8 + 2 * k);
        }
        word
    }

    /// Whether the bits above the swizzle are clear, as a well-formed operand word's are.
    pub fn is_clean(word: u32) -> bool {
        word >> 16 == 0
    }
}
