//! Standalone modules (R-GPU-12 in docs/requirements.md): a program as a complete shader for a
//! pipeline of the user's own, with a vertex entry point `vs_main` and a fragment entry point
//! `fs_main`, as naga IR, WGSL, GLSL or SPIR-V.
//!
//! The module is the program's functions ([`emit_into`](super::emit_into)) over a host made for
//! the program: WGSL text that declares the uniform block, the bindings, the three hooks and the
//! entry points, which call one stub per output (`tsl_stub_color`, ...). After emission the
//! entry points' calls of each stub are pointed at the output's emitted function, and naga's
//! compaction drops the stubs and every prelude function the program does not call. The host
//! text names no instruction of the program: the program's code comes from `emit_into` alone.
//!
//! The interface ([`NativeInterface`]):
//!
//! - **Bind group 0.** Binding 0 is the uniform block `TslUniforms` ([`UniformLayout`]): the
//!   frame (`time`, `resolution`, `camera_position`, `view`, `projection`, `model`,
//!   `normal_matrix`) then the program's uniforms but textures in declaration order (an integer
//!   uniform as `u32`, `i32` or a vector of them, read as its bits).
//!   Bindings `1 + 2k` and `2 + 2k` are texture slot *k*'s `texture_2d<f32>` and `sampler`
//!   ([`NodeProgram::texture_slots`] order). The hook `tsl_word` reads the header's frame words
//!   and the uniforms from the block, and a texture id word as its slot's index.
//! - **Textures** are sampled with `textureSample` at `(u, 1 - v)`: the renderer's texture rows
//!   run from the top of the image and read the top row at `v = 1`, which is what an image
//!   uploaded top row first gives at `1 - v`. Upload sRGB images as `Rgba8UnormSrgb` so the
//!   sampler returns linear colour, as the program expects.
//! - **Volumes** (a slot `texture_3d` reads, [`TextureDimension::D3`]): binding `1 + 2k` is a
//!   `texture_3d<f32>`, read with `textureSampleLevel` at `uvw` itself (a `Texture3d`'s texel
//!   (x, y, z) is at `((x, y, z) + 0.5) / size`, as a 3D texture uploaded x fastest, then y,
//!   then z, reads it), at level 0: a volume has no mips (R-VOL-6). The bytecode's read takes
//!   the volume's filter and wraps; bind a sampler with the same ones (tsl-raster's
//!   `native_volume_sampler` makes it from a `Texture3d`). A slot read both as a 2D texture and
//!   as a volume is refused.
//! - **`vs_main`** takes one interleaved vertex ([`VERTEX_INPUTS`](super::VERTEX_INPUTS): position, normal, uv, vertex
//!   colour). It adds `POSITION_NODE`'s offset when the program sets it (R-OUT-5;
//!   `position_local` and `normal_local` are the vertex's), then applies `model`, `view` and
//!   `projection`, and passes the
//!   world and view positions, the world normal (through `normal_matrix`), the view normal
//!   (`view`'s 3×3 on the world normal: a rigid camera), uv and colour on.
//! - **`fs_main`** fills view 0 from them (normals normalized again, a zero one stays zero),
//!   `frag_coord = (x, resolution.y - y, z)` of `@builtin(position)`, `front_facing` and
//!   `gl_front_facing` from `@builtin(front_facing)`. View 1 is view 0; views 2 and 3 (right,
//!   up) are `here + dpdxFine(here)` and `here - dpdyFine(here)` (the bytecode's rows count up,
//!   the framebuffer's down). `lit` is the unlit colour: a standalone module has no lights.
//!   The colour is `OUTPUT_NODE` if set, else `COLOR_NODE` (white if unset) plus
//!   `EMISSIVE_NODE`; alpha is `OPACITY_NODE` or 1; `MASK_NODE == 0` discards; `DEPTH_NODE`
//!   writes `@builtin(frag_depth)`. `NORMAL_NODE` and `AO_NODE` are inputs of lighting and are
//!   not run.
//!
//! Refused ([`EmitError::NotStandalone`]): `varying(...)` (views of the triangle's corners) and
//! `barycentric()`: a pipeline interpolates a vertex shader's outputs itself and does not hand
//! a fragment its triangle's corners or weights; a map read both by `texture` and by
//! `texture_3d`.

use super::interface::{
    wgsl_type, FieldSource, FrameField, NativeInterface, TextureDimension, UniformLayout,
};
use super::{EmitError, PRELUDE_WGSL};
use crate::interface::{Attribute, Output, View, LANE_ATTRIBUTE_COUNT};
use crate::opcode::Opcode;
use crate::program::format::{HEADER_WORDS, H_MAGIC, H_TIME};
use crate::program::NodeProgram;
use crate::types::ValueType;
use naga::{Function, Handle, Module};
use std::collections::BTreeMap;

/// A GLSL version naga's back end writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlslVersion {
    /// `#version 300 es` (WebGL 2, OpenGL ES 3.0).
    Es300,
    /// `#version 450 core`.
    Core450,
}

/// A standalone module in GLSL: one shader per stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlslStages {
    /// The vertex shader (`vs_main` as `main`).
    pub vertex: String,
    /// The fragment shader (`fs_main` as `main`).
    pub fragment: String,
}

/// The name of `output`'s stub in the host text.
fn stub_name(output: Output) -> String {
    super::function_name(output).replace("tsl_output_", "tsl_stub_")
}

/// What the host needs to know of the program's code: which words the hook reads and which
/// views the outputs read. Refuses what a standalone module cannot give.
struct Reads {
    /// The words `load`s and `texture`s read through `tsl_word`, each once, in order.
    words: Vec<usize>,
    /// Whether an output reads the right or up view (a derivative).
    derivatives: bool,
}

/// Why a node cannot run in a standalone module.
fn refusal(view: u32, id: u32) -> Option<(&'static str, &'static str)> {
    if View::ALL.get(view as usize).is_some_and(|v| v.is_corner()) {
        return Some((
            "varying(...)",
            "it reads the triangle's corners, which a pipeline does not hand a fragment (it \
             interpolates the vertex shader's outputs itself)",
        ));
    }
    (id as usize == Attribute::Barycentric as usize).then_some((
        "barycentric()",
        "a pipeline does not hand a fragment its triangle's weights",
    ))
}

fn reads(program: &NodeProgram) -> Result<Reads, EmitError> {
    let dynamic = |w: usize| {
        (H_TIME..HEADER_WORDS).contains(&w)
            || program
                .uniforms()
                .iter()
                .any(|u| (u.word..u.word + u.ty.float_count()).contains(&w))
            || program.texture_slots().iter().any(|t| t.word == w)
    };
    let mut words = Vec::new();
    let mut derivatives = false;
    // The words read as a 2D texture's id: a volume's binding cannot serve them too.
    let planar: Vec<usize> = Output::ALL
        .into_iter()
        .flat_map(|output| {
            let (start, count) = program.output_range(output);
            start..start + count
        })
        .map(|index| program.instruction(index))
        .filter(|inst| {
            [Opcode::Tex, Opcode::TexLod, Opcode::TexFetch]
                .iter()
                .any(|&op| inst.opcode == op as u8)
        })
        .map(|inst| inst.operands[1] as usize)
        .collect();
    for output in Output::ALL {
        let (start, count) = program.output_range(output);
        for index in start..start + count {
            let inst = program.instruction(index);
            let [o0, o1, _] = inst.operands;
            match Opcode::from_byte(inst.opcode) {
                Some(Opcode::Load) => words.extend(
                    (o0 as usize..o0 as usize + inst.width as usize).filter(|&w| dynamic(w)),
                ),
                Some(Opcode::Tex | Opcode::TexLod | Opcode::TexFetch) => words.push(o1 as usize),
                Some(Opcode::Tex3) => {
                    if planar.contains(&(o1 as usize)) {
                        return Err(EmitError::NotStandalone {
                            instruction: index,
                            node: "texture_3d(...)",
                            reason: "its map is also read by texture(...), and one binding is \
                                     either a texture_2d or a texture_3d",
                        });
                    }
                    words.push(o1 as usize)
                }
                Some(Opcode::Attr) => {
                    let (view, id) = (o0 >> 8, o0 & 0xff);
                    if let Some((node, reason)) = refusal(view, id) {
                        return Err(EmitError::NotStandalone {
                            instruction: index,
                            node,
                            reason,
                        });
                    }
                    derivatives |= view == View::Right as u32 || view == View::Up as u32;
                }
                _ => {}
            }
            // Worley's operands, integer constants and the floats converted to integers pass
            // through word 0 (`lower.rs`, `hidden_zero`).
            if super::lower::reads_hidden_zero(&inst) {
                words.push(H_MAGIC);
            }
        }
    }
    words.sort_unstable();
    words.dedup();
    Ok(Reads { words, derivatives })
}

/// The expression `tsl_word` returns for `word`, a `u32`.
fn word_source(program: &NodeProgram, layout: &UniformLayout, word: usize) -> String {
    if let Some(k) = program.texture_slots().iter().position(|t| t.word == word) {
        return format!("{k}u");
    }
    let float = |e: String| format!("bitcast<u32>({e})");
    if let Some(access) = FrameField::access(word) {
        return float(access);
    }
    for field in &layout.fields {
        let FieldSource::Uniform(index) = field.source else {
            continue;
        };
        let Some(u) = program.uniforms().get(index) else {
            continue;
        };
        if !(u.word..u.word + u.ty.float_count()).contains(&word) {
            continue;
        }
        let k = word - u.word;
        let access = match u.ty {
            ValueType::Float | ValueType::Int | ValueType::UInt => String::new(),
            ValueType::Mat3 => format!("[{}][{}]", k / 3, k % 3),
            ValueType::Mat4 => format!("[{}][{}]", k / 4, k % 4),
            _ => format!("[{k}]"),
        };
        return float(format!("tsl.{}{access}", field.member));
    }
    // Another header word (a program of another origin may load one): its value, fixed.
    format!("{}u", program.words().get(word).copied().unwrap_or(0))
}

/// The host's WGSL for `program`.
fn host_source(program: &NodeProgram, interface: &NativeInterface, reads: &Reads) -> String {
    let has = |o: Output| program.has_output(o);
    let mut s = String::new();
    let mut line = |text: &str| {
        s.push_str(text);
        s.push('\n');
    };
    line("struct TslUniforms {");
    for f in &interface.uniforms.fields {
        line(&format!("    {}: {},", f.member, wgsl_type(f.ty)));
    }
    line("}\n");
    line("@group(0) @binding(0) var<uniform> tsl: TslUniforms;");
    for t in &interface.textures {
        let (name, ty) = match t.dimension {
            TextureDimension::D2 => ("tsl_texture", "texture_2d<f32>"),
            TextureDimension::D3 => ("tsl_volume", "texture_3d<f32>"),
        };
        line(&format!(
            "@group(0) @binding({}) var {name}_{}: {ty};",
            t.texture, t.slot
        ));
        line(&format!(
            "@group(0) @binding({}) var tsl_sampler_{}: sampler;",
            t.sampler, t.slot
        ));
    }
    line(
        "
struct TslVertex {
    @location(0) position: vec3<f32>,
    @location(1) normal: vec3<f32>,
    @location(2) uv: vec2<f32>,
    @location(3) color: vec3<f32>,
}

struct TslVarying {
    @builtin(position) clip: vec4<f32>,
    @location(0) position_world: vec3<f32>,
    @location(1) position_view: vec3<f32>,
    @location(2) normal_world: vec3<f32>,
    @location(3) normal_view: vec3<f32>,
    @location(4) uv: vec2<f32>,
    @location(5) color: vec3<f32>,
}
",
    );
    line("struct TslFragment {");
    line("    @location(0) color: vec4<f32>,");
    if has(Output::Depth) {
        line("    @builtin(frag_depth) depth: f32,");
    }
    line("}\n");
    let n = LANE_ATTRIBUTE_COUNT;
    line("// The lane attributes by id: view 0 (and 1), then 2 (right) and 3 (up).");
    line(&format!("var<private> tsl_here: array<vec3<f32>, {n}>;"));
    if reads.derivatives {
        line(&format!("var<private> tsl_right: array<vec3<f32>, {n}>;"));
        line(&format!("var<private> tsl_up: array<vec3<f32>, {n}>;"));
    }
    line("\nfn tsl_word(word: u32) -> u32 {\n    switch word {");
    for &w in &reads.words {
        let source = word_source(program, &interface.uniforms, w);
        line(&format!("        case {w}u: {{ return {source}; }}"));
    }
    line("        default: { return 0u; }\n    }\n}\n");
    line("fn tsl_attribute(view: u32, id: u32) -> vec3<f32> {");
    if reads.derivatives {
        line("    switch view {");
        line("        case 2u: { return tsl_right[id]; }");
        line("        case 3u: { return tsl_up[id]; }");
        line("        default: { return tsl_here[id]; }");
        line("    }");
    } else {
        line("    return tsl_here[id];");
    }
    line("}\n");
    // Every texture is sampled before the switch, so sampling stays in uniform control flow
    // (a position node reads no texture: the compiler refuses it).
    let of = |d: TextureDimension| {
        interface
            .textures
            .iter()
            .filter(move |t| t.dimension == d)
            .map(|t| t.slot)
    };
    line("fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32> {");
    line("    let p = vec2<f32>(uv.x, 1.0 - uv.y);");
    for k in of(TextureDimension::D2) {
        line(&format!(
            "    let t{k} = textureSample(tsl_texture_{k}, tsl_sampler_{k}, p);"
        ));
    }
    line("    switch id {");
    for k in of(TextureDimension::D2) {
        line(&format!("        case {k}u: {{ return t{k}; }}"));
    }
    line("        default: { return vec4<f32>(0.0); }\n    }\n}\n");
    // An explicit level needs no derivatives, so it reads in the switch.
    line("fn tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32> {");
    line("    let p = vec2<f32>(uv.x, 1.0 - uv.y);");
    line("    switch id {");
    for k in of(TextureDimension::D2) {
        line(&format!(
            "        case {k}u: {{ return textureSampleLevel(tsl_texture_{k}, tsl_sampler_{k}, \
             p, level); }}"
        ));
    }
    line("        default: { return vec4<f32>(0.0); }\n    }\n}\n");
    // One texel, unfiltered: WGSL's rows run from the top, ours (as the flipped `uv.y` above
    // says) from the bottom; a texel outside the level reads transparent black (WGSL leaves an
    // out-of-range `textureLoad` to the implementation). A level past the texture's last is
    // left to the GPU: GLSL ES 3.00, one of the module's back ends, has no `textureNumLevels`.
    line("fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32> {");
    // NaN fails both compares; the bound keeps the conversions to i32 in range.
    line("    let bound = vec2<f32>(1073741824.0);");
    line("    if (!(all(abs(texel) < bound) && level >= 0.0 && level < 32.0)) { return vec4<f32>(0.0); }");
    line("    let l = i32(floor(level));");
    line("    let p = vec2<i32>(floor(texel));");
    line("    switch id {");
    for k in of(TextureDimension::D2) {
        line(&format!(
            "        case {k}u: {{\n            \
             let size = vec2<i32>(textureDimensions(tsl_texture_{k}, l));\n            \
             if (any(p < vec2<i32>(0)) || any(p >= size)) {{ return vec4<f32>(0.0); }}\n            \
             return textureLoad(tsl_texture_{k}, vec2<i32>(p.x, size.y - 1 - p.y), l);\n        }}"
        ));
    }
    line("        default: { return vec4<f32>(0.0); }\n    }\n}\n");
    // A volume has no mips (the bytecode's `texture_3d` reads level 0 with the volume's own
    // filter and wraps, R-VOL-6): level 0, explicitly, so the read needs no derivatives and
    // may sit in non-uniform control flow. The sampler the pipeline binds gives the filter and
    // the wraps.
    line("fn tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32> {");
    line("    switch id {");
    for k in of(TextureDimension::D3) {
        line(&format!(
            "        case {k}u: {{ return textureSampleLevel(tsl_volume_{k}, tsl_sampler_{k}, \
             uvw, 0.0); }}"
        ));
    }
    line("        default: { return vec4<f32>(0.0); }\n    }\n}\n");
    line(
        "fn tsl_unit(v: vec3<f32>) -> vec3<f32> {
    let l = length(v);
    return select(v / l, vec3<f32>(0.0), l == 0.0);
}
",
    );
    for output in Output::ALL.into_iter().filter(|&o| has(o)) {
        line(&format!(
            "fn {}() -> vec4<f32> {{ return vec4<f32>(0.0); }}",
            stub_name(output)
        ));
    }
    line("\n@vertex\nfn vs_main(v: TslVertex) -> TslVarying {");
    line("    var local = v.position;");
    if has(Output::Position) {
        line(&format!(
            "    tsl_here[{}] = v.position;",
            Attribute::PositionLocal as usize
        ));
        line(&format!(
            "    tsl_here[{}] = v.normal;",
            Attribute::NormalLocal as usize
        ));
        // The node's value is an offset added to the vertex (R-OUT-5).
        line(&format!(
            "    local += {}().xyz;",
            stub_name(Output::Position)
        ));
    }
    line(
        "    let world = tsl.model * vec4<f32>(local, 1.0);
    let eye = tsl.view * world;
    let normal = tsl.normal_matrix * v.normal;
    var out: TslVarying;
    out.clip = tsl.projection * eye;
    out.position_world = world.xyz;
    out.position_view = eye.xyz;
    out.normal_world = normal;
    out.normal_view = (tsl.view * vec4<f32>(normal, 0.0)).xyz;
    out.uv = v.uv;
    out.color = v.color;
    return out;
}
",
    );
    line("@fragment\nfn fs_main(in: TslVarying, @builtin(front_facing) front: bool) -> TslFragment {");
    let attributes = [
        (Attribute::Uv, "vec3<f32>(in.uv, 0.0)"),
        (Attribute::PositionWorld, "in.position_world"),
        (Attribute::PositionView, "in.position_view"),
        (Attribute::NormalWorld, "tsl_unit(in.normal_world)"),
        (Attribute::NormalView, "tsl_unit(in.normal_view)"),
        (Attribute::VertexColor, "in.color"),
        (
            Attribute::FragCoord,
            "vec3<f32>(in.clip.x, tsl.resolution.y - in.clip.y, in.clip.z)",
        ),
        (Attribute::FrontFacing, "vec3<f32>(select(0.0, 1.0, front))"),
        (
            Attribute::GlFrontFacing,
            "vec3<f32>(select(0.0, 1.0, front))",
        ),
    ];
    for (a, value) in attributes {
        line(&format!("    tsl_here[{}] = {value};", a as usize));
    }
    if reads.derivatives {
        line(&format!(
            "    for (var i = 0u; i < {n}u; i++) {{
        let a = tsl_here[i];
        tsl_right[i] = a + dpdxFine(a);
        tsl_up[i] = a - dpdyFine(a);
    }}"
        ));
    }
    let value = |o: Output, component: &str| format!("{}().{component}", stub_name(o));
    let color = if has(Output::Color) {
        value(Output::Color, "xyz")
    } else {
        "vec3<f32>(1.0)".into()
    };
    line(&format!("    var rgb = {color};"));
    if has(Output::Emissive) {
        line(&format!("    rgb += {};", value(Output::Emissive, "xyz")));
    }
    // A four-component colour's alpha times the opacity, as three.js's `diffuseColor.a`
    // (R-OUT-11): what `lit().a` reads (R-VAL-12).
    let color_alpha = program.output_width(Output::Color) == 4;
    let alpha = match (color_alpha, has(Output::Opacity)) {
        (true, true) => format!(
            "{} * {}",
            value(Output::Color, "w"),
            value(Output::Opacity, "x")
        ),
        (true, false) => value(Output::Color, "w"),
        (false, true) => value(Output::Opacity, "x"),
        (false, false) => "1.0".into(),
    };
    line(&format!("    var alpha = {alpha};"));
    if has(Output::Output) {
        let lit = Attribute::Lit as usize;
        let lit_alpha = Attribute::LitAlpha as usize;
        line(&format!("    tsl_here[{lit}] = rgb;"));
        line(&format!("    tsl_here[{lit_alpha}] = vec3<f32>(alpha);"));
        if reads.derivatives {
            line(&format!("    tsl_right[{lit}] = rgb + dpdxFine(rgb);"));
            line(&format!("    tsl_up[{lit}] = rgb - dpdyFine(rgb);"));
        }
        line(&format!("    rgb = {};", value(Output::Output, "xyz")));
        // An output node's alpha, 1 for a vec3 (R-OUT-12).
        let own = if program.output_width(Output::Output) == 4 {
            value(Output::Output, "w")
        } else {
            "1.0".into()
        };
        line(&format!("    alpha = {own};"));
    }
    line("    var out: TslFragment;\n    out.color = vec4<f32>(rgb, alpha);");
    if has(Output::Depth) {
        line(&format!("    out.depth = {};", value(Output::Depth, "x")));
    }
    if has(Output::Mask) {
        line(&format!(
            "    if {} == 0.0 {{\n        discard;\n    }}",
            value(Output::Mask, "x")
        ));
    }
    line("    return out;\n}\n");
    s.push_str(PRELUDE_WGSL);
    s
}

/// Point every call in `f` of a function in `from` at its partner in `to`.
fn retarget(f: &mut Function, map: &BTreeMap<Handle<Function>, Handle<Function>>) {
    super::dispatch::for_each_callee(f, &mut |h| {
        if let Some(&to) = map.get(h) {
            *h = to;
        }
    });
}

/// A function the host text or `emit_into` was sure to add.
fn named(module: &Module, name: &str) -> Result<Handle<Function>, EmitError> {
    super::function_by_name(module, name)
        .ok_or_else(|| EmitError::Invalid(format!("the standalone host has no `{name}`")))
}

/// The block's offsets as naga laid the struct out must be the layout's: a guard on
/// [`UniformLayout::of`] against WGSL's rules.
fn check_layout(module: &Module, layout: &UniformLayout) -> Result<(), EmitError> {
    let members = module.types.iter().find_map(|(_, t)| match &t.inner {
        naga::TypeInner::Struct { members, span } if t.name.as_deref() == Some("TslUniforms") => {
            Some((members, *span))
        }
        _ => None,
    });
    let Some((members, span)) = members else {
        return Err(EmitError::Invalid("the host has no TslUniforms".into()));
    };
    let offsets: Vec<u64> = members.iter().map(|m| u64::from(m.offset)).collect();
    let expected: Vec<u64> = layout.fields.iter().map(|f| f.offset).collect();
    if offsets != expected || u64::from(span) != layout.size {
        return Err(EmitError::Invalid(format!(
            "the uniform block's layout: naga has {offsets:?} in {span} bytes, the interface \
             {expected:?} in {}",
            layout.size
        )));
    }
    Ok(())
}

impl NodeProgram {
    /// A complete module for a pipeline of the user's own: entry points `vs_main` and
    /// `fs_main` over the interface [`NodeProgram::native_interface`] describes
    /// ([`crate::native::standalone`] says what each stage computes). Validated by
    /// naga; functions the program does not call are left out.
    ///
    /// Refuses a program that reads `varying(...)` or `barycentric()`
    /// ([`EmitError::NotStandalone`]).
    pub fn to_module(&self) -> Result<Module, EmitError> {
        let reads = reads(self)?;
        let interface = self.native_interface();
        let mut module = super::parse_wgsl(&host_source(self, &interface, &reads))?;
        check_layout(&module, &interface.uniforms)?;
        let outputs = super::emit_into(self, &mut module)?;
        // Each stub's calls, in the entry points, go to its output's function instead.
        let mut map = BTreeMap::new();
        for output in Output::ALL {
            if let Some(function) = outputs.functions[output.index()] {
                map.insert(named(&module, &stub_name(output))?, function);
            }
        }
        for entry in &mut module.entry_points {
            retarget(&mut entry.function, &map);
        }
        // Bounded nesting, so naga's recursive writers keep to a thread's stack.
        for function in outputs.functions.iter().flatten() {
            super::nesting::bound_nesting(module.functions.get_mut(*function));
        }
        super::validate(&module)?;
        naga::compact::compact(&mut module, naga::compact::KeepUnused::No);
        Ok(module)
    }

    /// [`NodeProgram::to_module`] as WGSL text (naga's WGSL back end).
    pub fn to_wgsl(&self) -> Result<String, EmitError> {
        super::module_to_wgsl(&self.to_module()?)
    }

    /// [`NodeProgram::to_module`] as GLSL through naga's back end, one shader per stage; each
    /// stage's entry point becomes `main`. naga's default options: clip space made OpenGL's
    /// (y flipped, depth from −1 to 1), the uniform block a std140 `uniform` block.
    pub fn to_glsl(&self, version: GlslVersion) -> Result<GlslStages, EmitError> {
        let module = self.to_module()?;
        let info = super::validate(&module)?;
        let version = match version {
            GlslVersion::Es300 => naga::back::glsl::Version::new_gles(300),
            GlslVersion::Core450 => naga::back::glsl::Version::Desktop(450),
        };
        let options = naga::back::glsl::Options {
            version,
            ..Default::default()
        };
        let stage = |stage, entry_point: &str| -> Result<String, EmitError> {
            let pipeline = naga::back::glsl::PipelineOptions {
                shader_stage: stage,
                entry_point: entry_point.into(),
                multiview: None,
            };
            let mut out = String::new();
            let backend = |e: naga::back::glsl::Error| EmitError::Backend {
                backend: "glsl",
                message: e.to_string(),
            };
            naga::back::glsl::Writer::new(
                &mut out,
                &module,
                &info,
                &options,
                &pipeline,
                naga::proc::BoundsCheckPolicies::default(),
            )
            .and_then(|mut w| w.write().map(|_| ()))
            .map_err(backend)?;
            Ok(out)
        };
        Ok(GlslStages {
            vertex: stage(naga::ShaderStage::Vertex, "vs_main")?,
            fragment: stage(naga::ShaderStage::Fragment, "fs_main")?,
        })
    }

    /// [`NodeProgram::to_module`] as one SPIR-V module holding both entry points, with naga's
    /// default options (Vulkan's clip space, y flipped, as wgpu writes it).
    pub fn to_spirv(&self) -> Result<Vec<u32>, EmitError> {
        let module = self.to_module()?;
        let info = super::validate(&module)?;
        naga::back::spv::write_vec(&module, &info, &naga::back::spv::Options::default(), None)
            .map_err(|e| EmitError::Backend {
                backend: "spir-v",
                message: e.to_string(),
            })
    }

    /// What a pipeline needs for [`NodeProgram::to_module`]'s module: the vertex inputs, the
    /// bind group's bindings, the uniform block's layout and its writer.
    pub fn native_interface(&self) -> NativeInterface {
        NativeInterface::of(self)
    }
}
