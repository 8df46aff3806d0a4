//! What a pipeline needs to run a standalone module ([`NodeProgram::to_module`]): the vertex
//! inputs, the bind group's bindings, the uniform block's layout and the writer of its bytes
//! (R-GPU-12 in docs/requirements.md).

use super::EmitError;
use crate::program::format::{
    HeaderValue, HEADER_VALUES, H_CAMERA, H_CAMERA_WORLD, H_DELTA_TIME, H_FAR, H_FRAME_ID,
    H_MODEL_RADIUS, H_NEAR, H_ORTHOGRAPHIC, H_VIEW,
};
use crate::program::NodeProgram;
use crate::types::ValueType;
use glam::{Mat3, Mat4, Vec2};

/// The format of one vertex input (a `wgpu::VertexFormat` of the same name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VertexFormat {
    /// Two `f32`.
    Float32x2,
    /// Three `f32`.
    Float32x3,
}

impl VertexFormat {
    /// The size in bytes.
    pub fn size(self) -> u64 {
        match self {
            VertexFormat::Float32x2 => 8,
            VertexFormat::Float32x3 => 12,
        }
    }
}

/// One input of `vs_main`, in the one interleaved vertex buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VertexInput {
    /// The member's name in `TslVertex` (`position`, `normal`, `uv`, `color`).
    pub name: &'static str,
    /// Its `@location`.
    pub location: u32,
    /// Its format.
    pub format: VertexFormat,
    /// Its offset in a vertex, in bytes.
    pub offset: u64,
}

/// The vertex inputs, in location order: model-space position and normal, uv, vertex colour.
pub const VERTEX_INPUTS: [VertexInput; 4] = [
    VertexInput {
        name: "position",
        location: 0,
        format: VertexFormat::Float32x3,
        offset: 0,
    },
    VertexInput {
        name: "normal",
        location: 1,
        format: VertexFormat::Float32x3,
        offset: 12,
    },
    VertexInput {
        name: "uv",
        location: 2,
        format: VertexFormat::Float32x2,
        offset: 24,
    },
    VertexInput {
        name: "color",
        location: 3,
        format: VertexFormat::Float32x3,
        offset: 32,
    },
];

/// The bytes of one vertex: 11 floats.
pub const VERTEX_STRIDE: u64 = 44;

macro_rules! frame_fields {
    ($($(#[$doc:meta])* $variant:ident = $name:literal, $ty:ident;)*) => {
        /// A value of the frame or of the draw in the uniform block (not a uniform of the
        /// program).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum FrameField {
            $($(#[$doc])* $variant,)*
        }

        impl FrameField {
            /// The frame's fields, in the block's order.
            pub const ALL: &'static [FrameField] = &[$(FrameField::$variant),*];

            /// The member's name in `TslUniforms`.
            pub fn name(self) -> &'static str {
                match self { $(FrameField::$variant => $name,)* }
            }

            /// The member's type.
            pub fn value_type(self) -> ValueType {
                match self { $(FrameField::$variant => ValueType::$ty,)* }
            }
        }
    };
}

frame_fields! {
    /// `time: f32`, the program's header time (`set_frame`).
    Time = "time", Float;
    /// `resolution: vec2<f32>`, the target's size in pixels ([`NativeFrame::resolution`]):
    /// `screen_size()`.
    Resolution = "resolution", Vec2;
    /// `camera_position: vec3<f32>`, from the program's header.
    CameraPosition = "camera_position", Vec3;
    /// `view: mat4x4<f32>`, world to camera, from the program's header.
    View = "view", Mat4;
    /// `projection: mat4x4<f32>`, camera to clip space ([`NativeFrame::projection`]).
    Projection = "projection", Mat4;
    /// `model: mat4x4<f32>`, model to world ([`NativeFrame::model`]).
    Model = "model", Mat4;
    /// `normal_matrix: mat3x3<f32>`, the inverse transpose of `model`'s 3×3, computed by the
    /// writer.
    NormalMatrix = "normal_matrix", Mat3;
    /// `camera_near: f32`, from the program's header (`set_camera`).
    CameraNear = "camera_near", Float;
    /// `camera_far: f32`, from the program's header (`set_camera`).
    CameraFar = "camera_far", Float;
    /// `frame_id: f32`, from the program's header (`set_screen`).
    FrameId = "frame_id", Float;
    /// `camera_is_orthographic: f32`, from the program's header (`set_camera`).
    CameraIsOrthographic = "camera_is_orthographic", Float;
    /// `delta_time: f32`, from the program's header (`set_delta_time`).
    DeltaTime = "delta_time", Float;
    /// `model_radius: f32`, from the program's header (`set_model_radius`).
    ModelRadius = "model_radius", Float;
    /// `projection_inverse: mat4x4<f32>`, the inverse of `projection`, computed by the writer.
    ProjectionInverse = "projection_inverse", Mat4;
    /// `camera_world: mat4x4<f32>`, the inverse of `view`, computed by the writer.
    CameraWorld = "camera_world", Mat4;
    /// `model_inverse: mat4x4<f32>`, the inverse of `model`, computed by the writer.
    ModelInverse = "model_inverse", Mat4;
    /// `model_view: mat4x4<f32>`, `view` times `model`, computed by the writer.
    ModelView = "model_view", Mat4;
    /// `model_scale: vec3<f32>`, the lengths of `model`'s columns, computed by the writer.
    ModelScale = "model_scale", Vec3;
    /// `model_direction: vec3<f32>`, `model`'s third column normalized, computed by the writer.
    ModelDirection = "model_direction", Vec3;
    /// `material_color: vec3<f32>`, from the program's header (`set_material`).
    MaterialColor = "material_color", Vec3;
    /// `material_opacity: f32`, from the program's header.
    MaterialOpacity = "material_opacity", Float;
    /// `material_emissive: vec3<f32>`, from the program's header.
    MaterialEmissive = "material_emissive", Vec3;
    /// `material_roughness: f32`, from the program's header.
    MaterialRoughness = "material_roughness", Float;
    /// `material_metalness: f32`, from the program's header.
    MaterialMetalness = "material_metalness", Float;
    /// `material_specular: vec3<f32>`, from the program's header.
    MaterialSpecular = "material_specular", Vec3;
    /// `material_shininess: f32`, from the program's header.
    MaterialShininess = "material_shininess", Float;
    /// `material_alpha_test: f32`, from the program's header.
    MaterialAlphaTest = "material_alpha_test", Float;
    /// `material_clearcoat: f32`, from the program's header.
    MaterialClearcoat = "material_clearcoat", Float;
    /// `material_clearcoat_roughness: f32`, from the program's header.
    MaterialClearcoatRoughness = "material_clearcoat_roughness", Float;
    /// `material_ior: f32`, from the program's header.
    MaterialIor = "material_ior", Float;
    /// `material_specular_intensity: f32`, from the program's header.
    MaterialSpecularIntensity = "material_specular_intensity", Float;
    /// `material_specular_color: vec3<f32>`, from the program's header.
    MaterialSpecularColor = "material_specular_color", Vec3;
    /// `material_sheen: vec3<f32>`, from the program's header.
    MaterialSheen = "material_sheen", Vec3;
    /// `material_sheen_roughness: f32`, from the program's header.
    MaterialSheenRoughness = "material_sheen_roughness", Float;
    /// `material_iridescence: f32`, from the program's header.
    MaterialIridescence = "material_iridescence", Float;
    /// `material_iridescence_ior: f32`, from the program's header.
    MaterialIridescenceIor = "material_iridescence_ior", Float;
    /// `material_iridescence_thickness: f32`, from the program's header.
    MaterialIridescenceThickness = "material_iridescence_thickness", Float;
    /// `material_anisotropy: vec2<f32>`, from the program's header.
    MaterialAnisotropy = "material_anisotropy", Vec2;
    /// `material_dispersion: f32`, from the program's header.
    MaterialDispersion = "material_dispersion", Float;
}

/// The block member holding a header value, and for a translation the column it is in.
fn header_member(h: &HeaderValue) -> (&'static str, Option<usize>) {
    match h.name {
        "camera_view_matrix" => ("view", None),
        "screen_size" => ("resolution", None),
        "camera_projection_matrix" => ("projection", None),
        "camera_projection_matrix_inverse" => ("projection_inverse", None),
        "camera_world_matrix" => ("camera_world", None),
        "model_world_matrix" => ("model", None),
        "model_world_matrix_inverse" => ("model_inverse", None),
        "model_view_matrix" => ("model_view", None),
        "model_normal_matrix" => ("normal_matrix", None),
        "model_position" => ("model", Some(3)),
        "model_view_position" => ("model_view", Some(3)),
        other => (other, None),
    }
}

impl FrameField {
    /// How many fields every block has (`time` to `normal_matrix`); the others are members only
    /// of the blocks of programs that read them.
    pub const ALWAYS: usize = 7;

    /// The block member holding header word `word` of a program, as a WGSL access from the
    /// block (`tsl.view[1][2]`), if the word is one of the header's values.
    pub(super) fn access(word: usize) -> Option<String> {
        let h = HEADER_VALUES.iter().find(|h| h.words().contains(&word))?;
        let k = word - h.word;
        let (member, column) = header_member(h);
        let index = match (column, h.columns, h.rows) {
            (Some(c), _, _) => format!("[{c}][{k}]"),
            (None, 1, 1) => String::new(),
            (None, 1, _) => format!("[{k}]"),
            (None, _, rows) => format!("[{}][{}]", k / rows, k % rows),
        };
        Some(format!("tsl.{member}{index}"))
    }

    /// Whether `program`'s block has this member: one of the first [`FrameField::ALWAYS`], or
    /// a value `program` loads from its header.
    fn in_block_of(self, program: &NodeProgram) -> bool {
        FrameField::ALL[..FrameField::ALWAYS].contains(&self)
            || HEADER_VALUES
                .iter()
                .any(|h| header_member(h).0 == self.name() && program.loads_any(h.words()))
    }
}

/// Where a member of the uniform block takes its value from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldSource {
    /// A value of the frame.
    Frame(FrameField),
    /// The program's uniform at this index of [`NodeProgram::uniforms`].
    Uniform(usize),
}

/// One member of the uniform block `TslUniforms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformField {
    /// The uniform's name as the program has it, or the frame field's name.
    pub name: String,
    /// The member's name in the WGSL struct (`u_` and the name, made an identifier).
    pub member: String,
    /// Its type (a float, vector or matrix).
    pub ty: ValueType,
    /// Its offset in the block, in bytes.
    pub offset: u64,
    /// Where its value comes from.
    pub source: FieldSource,
}

/// The uniform block's layout (WGSL's uniform address space, which for these types is GLSL's
/// std140): the frame's fields, then the program's float, vector and matrix uniforms in
/// declaration order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UniformLayout {
    /// The block's size in bytes (a multiple of 16): the uniform buffer's size.
    pub size: u64,
    /// The members, in order.
    pub fields: Vec<UniformField>,
}

/// What a texture slot's texture binding is: the program reads the slot with `texture`
/// (`texture_2d<f32>`) or with `texture_3d` (`texture_3d<f32>`, a volume).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureDimension {
    /// A `texture_2d<f32>`, sampled with `textureSample` at `(u, 1 - v)`.
    D2,
    /// A `texture_3d<f32>` (R-VOL-6), sampled with `textureSampleLevel` at `uvw`, level 0.
    D3,
}

/// A texture slot's bindings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextureBinding {
    /// The slot's index in [`NodeProgram::texture_slots`].
    pub slot: usize,
    /// The texture uniform's name, or `None` for a texture given by id in the graph.
    pub uniform: Option<String>,
    /// The binding of its `texture_2d<f32>` (`1 + 2 * slot`).
    pub texture: u32,
    /// The binding of its `sampler` (`2 + 2 * slot`).
    pub sampler: u32,
    /// Whether the binding is a 2D texture or a volume.
    pub dimension: TextureDimension,
}

/// What a pipeline needs to draw with a program's standalone module: bind group 0 holds the
/// uniform block at binding 0 and each texture slot's texture and sampler after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeInterface {
    /// `vs_main`'s inputs, in one interleaved buffer ([`VERTEX_INPUTS`]).
    pub vertex_inputs: Vec<VertexInput>,
    /// The bytes from one vertex to the next ([`VERTEX_STRIDE`]).
    pub vertex_stride: u64,
    /// The uniform block at binding 0.
    pub uniforms: UniformLayout,
    /// The textures and samplers, in slot order.
    pub textures: Vec<TextureBinding>,
}

/// What the program's header does not hold: the target, the camera's projection, the model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NativeFrame {
    /// The render target's size in pixels (`frag_coord` counts rows up from its bottom).
    pub resolution: Vec2,
    /// Camera space to clip space (WebGPU's clip space: depth 0 to 1).
    pub projection: Mat4,
    /// Model space to world space.
    pub model: Mat4,
}

/// WGSL's uniform-address-space alignment and size of a type of the block.
fn align_size(ty: ValueType) -> (u64, u64) {
    match ty {
        ValueType::Float => (4, 4),
        ValueType::Vec2 => (8, 8),
        ValueType::Vec3 => (16, 12),
        ValueType::Vec4 => (16, 16),
        // Three columns, each a vec3 padded to 16 bytes.
        ValueType::Mat3 => (16, 48),
        ValueType::Mat4 => (16, 64),
        // Texture uniforms have no member: their slots are bindings.
        ValueType::Texture => (1, 0),
        ValueType::Int | ValueType::UInt => (4, 4),
        ValueType::IVec2 | ValueType::UVec2 => (8, 8),
        ValueType::IVec3 | ValueType::UVec3 => (16, 12),
        ValueType::IVec4 | ValueType::UVec4 => (16, 16),
    }
}

/// The WGSL type of a block member.
pub(super) fn wgsl_type(ty: ValueType) -> &'static str {
    match ty {
        ValueType::Float => "f32",
        ValueType::Vec2 => "vec2<f32>",
        ValueType::Vec3 => "vec3<f32>",
        ValueType::Vec4 => "vec4<f32>",
        ValueType::Mat3 => "mat3x3<f32>",
        ValueType::Mat4 => "mat4x4<f32>",
        ValueType::Texture => "u32",
        ValueType::Int => "i32",
        ValueType::IVec2 => "vec2<i32>",
        ValueType::IVec3 => "vec3<i32>",
        ValueType::IVec4 => "vec4<i32>",
        ValueType::UInt => "u32",
        ValueType::UVec2 => "vec2<u32>",
        ValueType::UVec3 => "vec3<u32>",
        ValueType::UVec4 => "vec4<u32>",
    }
}

/// `name` as a WGSL (and GLSL) member name: `u_`, then letters, digits and single underscores.
fn member_name(name: &str, taken: &[UniformField]) -> String {
    let mut member = String::from("u_");
    for c in name.chars() {
        let c = if c.is_ascii_alphanumeric() { c } else { '_' };
        // GLSL reserves every name with two underscores in a row.
        if !(c == '_' && member.ends_with('_')) {
            member.push(c);
        }
    }
    let base = member.trim_end_matches('_').to_string();
    let mut member = base.clone();
    let mut n = 1;
    while taken.iter().any(|f| f.member == member) {
        member = format!("{base}_{n}");
        n += 1;
    }
    member
}

impl UniformLayout {
    /// The layout of `program`'s block.
    pub fn of(program: &NodeProgram) -> UniformLayout {
        let mut fields: Vec<UniformField> = Vec::new();
        let mut end = 0u64;
        let mut place = |fields: &mut Vec<UniformField>, name: String, member, ty, source| {
            let (align, size) = align_size(ty);
            let offset = end.div_ceil(align) * align;
            end = offset + size;
            fields.push(UniformField {
                name,
                member,
                ty,
                offset,
                source,
            });
        };
        for &f in FrameField::ALL.iter().filter(|f| f.in_block_of(program)) {
            let ty = f.value_type();
            place(
                &mut fields,
                f.name().into(),
                f.name().into(),
                ty,
                FieldSource::Frame(f),
            );
        }
        for (index, u) in program.uniforms().iter().enumerate() {
            if u.ty == ValueType::Texture {
                continue;
            }
            let member = member_name(&u.name, &fields);
            place(
                &mut fields,
                u.name.clone(),
                member,
                u.ty,
                FieldSource::Uniform(index),
            );
        }
        // A struct's size rounds up to its alignment, 16 (it holds matrices).
        UniformLayout {
            size: end.div_ceil(16) * 16,
            fields,
        }
    }

    /// The block's bytes (little-endian, for `queue.write_buffer`): the time, view and camera
    /// from `program`'s header (as [`NodeProgram::set_frame`] wrote them), the resolution,
    /// projection and model from `frame`, the normal matrix from the model, and each uniform's
    /// value from `program`'s words, so `set_uniform` then `write` is the update path.
    ///
    /// `program` must have the uniforms of the program this layout was made from (the same
    /// program, or one whose uniforms are the same by name and type); otherwise
    /// [`EmitError::Invalid`] names the first uniform it lacks (and a layout made by hand whose
    /// fields do not fit its size, the field).
    pub fn write(&self, program: &NodeProgram, frame: &NativeFrame) -> Result<Vec<u8>, EmitError> {
        let words = program.words();
        let floats = |at: usize, n: usize| -> Vec<f32> {
            // Invariant: every program has its 44-word header (`validate`).
            words[at..at + n]
                .iter()
                .map(|&w| f32::from_bits(w))
                .collect()
        };
        let view = Mat4::from_cols_slice(&floats(H_VIEW, 16));
        let mut bytes = vec![0u8; usize::try_from(self.size).unwrap_or(0)];
        for field in &self.fields {
            let values: Vec<f32> = match field.source {
                FieldSource::Frame(f) => match f {
                    FrameField::Time => vec![program.time()],
                    FrameField::Resolution => frame.resolution.to_array().to_vec(),
                    FrameField::CameraPosition => floats(H_CAMERA, 3),
                    FrameField::View => floats(H_VIEW, 16),
                    FrameField::Projection => frame.projection.to_cols_array().to_vec(),
                    FrameField::Model => frame.model.to_cols_array().to_vec(),
                    FrameField::NormalMatrix => Mat3::from_mat4(frame.model)
                        .inverse()
                        .transpose()
                        .to_cols_array()
                        .to_vec(),
                    FrameField::CameraNear => floats(H_NEAR, 1),
                    FrameField::CameraFar => floats(H_FAR, 1),
                    FrameField::FrameId => floats(H_FRAME_ID, 1),
                    FrameField::CameraIsOrthographic => floats(H_ORTHOGRAPHIC, 1),
                    FrameField::DeltaTime => floats(H_DELTA_TIME, 1),
                    FrameField::ModelRadius => floats(H_MODEL_RADIUS, 1),
                    // The material's values lie in the header under the field's own name.
                    FrameField::MaterialColor
                    | FrameField::MaterialOpacity
                    | FrameField::MaterialEmissive
                    | FrameField::MaterialRoughness
                    | FrameField::MaterialMetalness
                    | FrameField::MaterialSpecular
                    | FrameField::MaterialShininess
                    | FrameField::MaterialAlphaTest
                    | FrameField::MaterialClearcoat
                    | FrameField::MaterialClearcoatRoughness
                    | FrameField::MaterialIor
                    | FrameField::MaterialSpecularIntensity
                    | FrameField::MaterialSpecularColor
                    | FrameField::MaterialSheen
                    | FrameField::MaterialSheenRoughness
                    | FrameField::MaterialIridescence
                    | FrameField::MaterialIridescenceIor
                    | FrameField::MaterialIridescenceThickness
                    | FrameField::MaterialAnisotropy
                    | FrameField::MaterialDispersion => HeaderValue::of(f.name())
                        .map(|h| floats(h.word, h.columns * h.rows))
                        .unwrap_or_default(),
                    FrameField::ProjectionInverse => {
                        frame.projection.inverse().to_cols_array().to_vec()
                    }
                    FrameField::CameraWorld => floats(H_CAMERA_WORLD, 16),
                    FrameField::ModelInverse => frame.model.inverse().to_cols_array().to_vec(),
                    FrameField::ModelView => (view * frame.model).to_cols_array().to_vec(),
                    FrameField::ModelScale => {
                        [frame.model.x_axis, frame.model.y_axis, frame.model.z_axis]
                            .map(|c| c.truncate().length())
                            .to_vec()
                    }
                    FrameField::ModelDirection => frame
                        .model
                        .z_axis
                        .truncate()
                        .normalize_or_zero()
                        .to_array()
                        .to_vec(),
                },
                FieldSource::Uniform(index) => program
                    .uniforms()
                    .get(index)
                    .filter(|u| u.name == field.name && u.ty == field.ty)
                    .map(|u| floats(u.word, u.ty.float_count()))
                    .ok_or_else(|| {
                        EmitError::Invalid(format!(
                            "the uniform layout's `{}` ({:?}) is not uniform {index} of this \
                             program: write with the program the layout was made from",
                            field.name, field.ty
                        ))
                    })?,
            };
            // A mat3's columns are 16 bytes apart; every other type is packed.
            let (column, stride) = match field.ty {
                ValueType::Mat3 => (3, 16),
                _ => (values.len(), 4 * values.len() as u64),
            };
            for (i, v) in values.iter().enumerate() {
                let at = field.offset + stride * (i / column) as u64 + 4 * (i % column) as u64;
                // `of` sizes the block to hold every field; a layout made by hand may not.
                let slot = usize::try_from(at)
                    .ok()
                    .and_then(|at| bytes.get_mut(at..at + 4))
                    .ok_or_else(|| {
                        EmitError::Invalid(format!(
                            "the uniform layout's `{}` at byte {at} is past its {} bytes",
                            field.name, self.size
                        ))
                    })?;
                slot.copy_from_slice(&v.to_le_bytes());
            }
        }
        Ok(bytes)
    }
}

impl NativeInterface {
    /// The interface of `program`'s standalone module.
    pub fn of(program: &NodeProgram) -> NativeInterface {
        let volumes = program.volume_words();
        NativeInterface {
            vertex_inputs: VERTEX_INPUTS.to_vec(),
            vertex_stride: VERTEX_STRIDE,
            uniforms: UniformLayout::of(program),
            textures: program
                .texture_slots()
                .iter()
                .enumerate()
                .map(|(slot, t)| TextureBinding {
                    slot,
                    uniform: t.uniform.clone(),
                    texture: 1 + 2 * slot as u32,
                    sampler: 2 + 2 * slot as u32,
                    dimension: if volumes.contains(&t.word) {
                        TextureDimension::D3
                    } else {
                        TextureDimension::D2
                    },
                })
                .collect(),
        }
    }
}
