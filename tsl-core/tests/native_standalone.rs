//! Standalone modules (R-GPU-12, docs/requirements.md): `NodeProgram::to_module` and its WGSL,
//! GLSL and SPIR-V, over every family of programs, the refusals, and the uniform block's layout
//! and bytes worked out by hand from WGSL's uniform layout rules.
//!
//! No adapter is needed: naga validates the modules and writes the back ends. The pixels of a
//! module run on a GPU are compared with the reference interpreter in the root crate's
//! `tests/gpu_native_custom.rs`.

mod card;
mod oracle_cases;

use tsl_core::format::MAGIC;
use tsl_core::glsl::*;
use tsl_core::native::*;
use tsl_core::*;

/// Every form of a standalone module: the module validates, its WGSL parses and validates
/// again, both GLSL versions and SPIR-V are written.
fn all_forms(name: &str, program: &NodeProgram) -> Result<(), String> {
    let fail = |e: EmitError| format!("{name}: {e}");
    let module = program.to_module().map_err(fail)?;
    tsl_core::native::validate(&module).map_err(fail)?;
    for entry in ["vs_main", "fs_main"] {
        if !module.entry_points.iter().any(|e| e.name == entry) {
            return Err(format!("{name}: no {entry}"));
        }
    }
    let wgsl = program.to_wgsl().map_err(fail)?;
    let again = parse_wgsl(&wgsl).map_err(fail)?;
    tsl_core::native::validate(&again).map_err(fail)?;
    for version in [GlslVersion::Es300, GlslVersion::Core450] {
        let glsl = program.to_glsl(version).map_err(fail)?;
        let header = match version {
            GlslVersion::Es300 => "#version 300 es",
            GlslVersion::Core450 => "#version 450 core",
        };
        for stage in [&glsl.vertex, &glsl.fragment] {
            if !stage.starts_with(header) || !stage.contains("void main()") {
                return Err(format!("{name}: {version:?}:\n{stage}"));
            }
        }
    }
    let spirv = program.to_spirv().map_err(fail)?;
    // The SPIR-V magic number, then two entry points (OpEntryPoint is opcode 15).
    if spirv.first() != Some(&0x0723_0203) {
        return Err(format!("{name}: no SPIR-V magic"));
    }
    let entry_points = count_spirv_opcode(&spirv, 15);
    if entry_points != 2 {
        return Err(format!("{name}: {entry_points} SPIR-V entry points"));
    }
    Ok(())
}

/// How many instructions of `opcode` the SPIR-V words hold (after the 5-word header, each
/// instruction's first word is its word count in the high half and its opcode in the low).
fn count_spirv_opcode(words: &[u32], opcode: u32) -> usize {
    let mut at = 5;
    let mut n = 0;
    while let Some(&w) = words.get(at) {
        if w & 0xffff == opcode {
            n += 1;
        }
        at += ((w >> 16) as usize).max(1);
    }
    n
}

fn assert_all_forms(name: &str, program: &NodeProgram) {
    if let Err(e) = all_forms(name, program) {
        panic!("{e}\n{program}");
    }
}

/// The first graph of R-EX-1: a tint uniform mixed into the vertex colour by a sine of time, and
/// an output node that warms the lit colour.
fn first_graph() -> NodeProgram {
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    let mixed = g.mix(
        g.swizzle(g.vertex_color(), "rgb"),
        tint,
        g.mul(wave, g.float(0.5)),
    );
    g.set_output(COLOR_NODE, mixed).unwrap();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.9, 0.8)),
    )
    .unwrap();
    g.compile().unwrap()
}

#[test]
fn the_first_graph_makes_every_form_and_reads_its_uniform_and_time_from_the_block() {
    let program = first_graph();
    assert_all_forms("first graph", &program);
    let wgsl = program.to_wgsl().unwrap();
    assert!(
        wgsl.contains("@vertex") && wgsl.contains("@fragment"),
        "{wgsl}"
    );
    assert!(
        wgsl.contains("tsl.time") && wgsl.contains("tsl.u_tint"),
        "{wgsl}"
    );
    // Only the prelude functions the program calls are left: a sine and a mix call none.
    assert!(!wgsl.contains("fn perlin_3d"), "{wgsl}");
    // The stubs are gone; the emitted functions are called.
    assert!(!wgsl.contains("tsl_stub_"), "{wgsl}");
    assert!(wgsl.contains("tsl_output_color()") && wgsl.contains("tsl_output_output()"));
}

/// A value of `n` components from uniforms (so no constant folding removes the operation).
fn operand(g: &NodeGraph, name: &str, n: usize) -> NodeRef {
    match n {
        1 => g.named_uniform(name, 0.5f32),
        2 => g.named_uniform(name, glam::Vec2::new(0.5, -1.0)),
        3 => g.named_uniform(name, glam::Vec3::new(0.5, -1.0, 2.0)),
        _ => g.named_uniform(name, glam::Vec4::new(0.5, -1.0, 2.0, 0.0)),
    }
}

#[test]
fn every_noise_makes_every_form() {
    let mut made = 0;
    for &op in Opcode::ALL {
        let Some(points) = op.noise_points() else {
            continue;
        };
        for w in points {
            let g = NodeGraph::new();
            let mut inputs = vec![operand(&g, "p", w)];
            // Worley's jitter and style or metric: floats.
            for slot in 1..op.arity() {
                inputs.push(operand(&g, &format!("u{slot}"), 1));
            }
            let value = g.math(op, &inputs);
            let value = match g.type_of(value) {
                Some(ValueType::Float) => g.join(&[value, value, value]),
                Some(ValueType::Vec2) => g.join(&[value, g.float(0.0)]),
                _ => value,
            };
            g.set_output(COLOR_NODE, value).unwrap();
            let program = g.compile().unwrap();
            assert_all_forms(&format!("{op:?} w{w}"), &program);
            if op.noise_output().is_some() && format!("{op:?}").starts_with("Worley") {
                assert_hook_answers_word_0(&format!("{op:?} w{w}"), &program);
            }
            made += 1;
        }
    }
    // perlin 2 + 2, cell 4 + 4, worley 2 + 2 + 2 + 2 (float, vec2, vec3, cell vec3).
    assert_eq!(made, 20);
}

/// The module's `tsl_word` answers word 0 with the program's magic: the emitted code reads it
/// for the zero it hides its constants behind (Worley's operands, integer constants, floats
/// converted to integers), and a hook that answered 0 would turn each such constant into itself
/// xor the magic.
fn assert_hook_answers_word_0(name: &str, program: &NodeProgram) {
    let wgsl = program.to_wgsl().unwrap_or_else(|e| panic!("{name}: {e}"));
    let hook = &wgsl[wgsl.find("fn tsl_word").expect("the hook")..];
    let hook = &hook[..hook.find("\n}").expect("its end")];
    assert!(
        hook.contains("case 0u") && hook.contains(&format!("{MAGIC}u")),
        "{name}:\n{hook}"
    );
}

#[test]
fn integer_constants_and_conversions_read_word_0_through_the_hook() {
    // Each reads the hidden zero alone: an integer constant, then to_int and to_uint of a float
    // uniform.
    type Build = fn(&NodeGraph) -> NodeRef;
    let builds: [(&str, Build); 3] = [
        ("an integer constant", |g| g.to_float(g.uint(0xFFFF_FFFF))),
        ("to_int", |g| {
            g.to_float(g.to_int(g.named_uniform("f", 2.5f32)))
        }),
        ("to_uint", |g| {
            g.to_float(g.to_uint(g.named_uniform("f", 2.5f32)))
        }),
    ];
    for (name, build) in builds {
        let g = NodeGraph::new();
        let v = build(&g);
        g.set_output(COLOR_NODE, g.join(&[v, v, v])).unwrap();
        let program = g.compile().unwrap();
        assert_all_forms(name, &program);
        assert_hook_answers_word_0(name, &program);
    }
}

#[test]
fn uniforms_of_every_type_textures_and_derivatives_make_every_form() {
    let g = NodeGraph::new();
    let f = g.named_uniform("f", 1.5f32);
    let v2 = g.named_uniform("v2", glam::Vec2::new(1.0, 2.0));
    let v3 = g.named_uniform("v3", glam::Vec3::new(1.0, 2.0, 3.0));
    let v4 = g.named_uniform("v4", glam::Vec4::new(1.0, 2.0, 3.0, 4.0));
    let c = g.named_uniform("c", Color::from_srgb8(10, 20, 30));
    let m3 = g.named_uniform("m3", glam::Mat3::IDENTITY);
    let m4 = g.named_uniform("m4", glam::Mat4::IDENTITY);
    let t = g.texture_uniform("map", TextureId(3));
    let sum = g.add(g.mul(m3, v3), c);
    let sum = g.add(sum, g.swizzle(g.mul(m4, v4), "xyz"));
    let sum = g.add(sum, g.join(&[v2, f]));
    let sum = g.add(sum, g.swizzle(g.texture(t, g.uv()), "xyz"));
    let sum = g.add(sum, g.swizzle(g.texture(TextureId(7), v2), "xyz"));
    let sum = g.add(sum, g.dfdx(g.position_world()));
    let sum = g.add(sum, g.fwidth(g.frag_coord()));
    g.set_output(COLOR_NODE, sum).unwrap();
    g.set_output(OPACITY_NODE, g.front_facing()).unwrap();
    g.set_output(EMISSIVE_NODE, g.normal_view()).unwrap();
    g.set_output(MASK_NODE, g.gl_front_facing()).unwrap();
    g.set_output(DEPTH_NODE, g.swizzle(g.frag_coord(), "z"))
        .unwrap();
    g.set_output(
        POSITION_NODE,
        g.add(g.position_local(), g.mul(g.normal_local(), g.time())),
    )
    .unwrap();
    let program = g.compile().unwrap();
    assert_all_forms("every uniform", &program);
    let wgsl = program.to_wgsl().unwrap();
    for (what, text) in [
        ("the first texture's bindings", "@group(0) @binding(1)"),
        ("the second texture's sampler", "@group(0) @binding(4)"),
        ("fragment sampling", "textureSample("),
        ("the right view", "dpdxFine("),
        ("the up view", "dpdyFine("),
        ("the depth", "@builtin(frag_depth)"),
        ("the mask", "discard"),
    ] {
        assert!(wgsl.contains(text), "{what}: no {text}\n{wgsl}");
    }
    // Two texture slots, two bindings each after the block.
    let interface = program.native_interface();
    let bindings: Vec<(usize, u32, u32)> = interface
        .textures
        .iter()
        .map(|t| (t.slot, t.texture, t.sampler))
        .collect();
    assert_eq!(bindings, vec![(0, 1, 2), (1, 3, 4)]);
    assert_eq!(interface.textures[0].uniform.as_deref(), Some("map"));
    assert_eq!(interface.textures[1].uniform, None);
}

#[test]
fn the_card_makes_every_form() {
    // A ShaderMaterial with a position node from its vertex shader, a discard (the mask) and a
    // texture uniform.
    let card = compile_shader_material(card::VERTEX, card::FRAGMENT).unwrap();
    for output in [COLOR_NODE, POSITION_NODE, MASK_NODE] {
        assert!(card.has_output(output), "{output:?}");
    }
    assert_all_forms("card", &card);
    let wgsl = card.to_wgsl().unwrap();
    assert!(wgsl.contains("discard") && wgsl.contains("tsl_output_position()"));
    let interface = card.native_interface();
    assert_eq!(interface.textures.len(), 1);
    assert_eq!(interface.textures[0].uniform.as_deref(), Some("map"));
    // `lift` is the block's only uniform member, right after the frame.
    let members: Vec<(&str, u64)> = interface.uniforms.fields[7..]
        .iter()
        .map(|f| (f.name.as_str(), f.offset))
        .collect();
    assert_eq!(members, vec![("lift", 272)]);
}

#[test]
fn a_layout_made_by_hand_that_does_not_fit_is_refused() {
    let program = vec3_then_float();
    let mut layout = program.native_interface().uniforms;
    layout.size = 16;
    let frame = NativeFrame {
        resolution: glam::Vec2::ONE,
        projection: glam::Mat4::IDENTITY,
        model: glam::Mat4::IDENTITY,
    };
    // time (0..4) and resolution (8..16) fit 16 bytes; camera_position, at 16, is the first
    // that does not.
    let e = layout.write(&program, &frame).unwrap_err().to_string();
    assert!(
        e.contains("`camera_position` at byte 16") && e.contains("16 bytes"),
        "{e}"
    );
}

#[test]
fn every_glsl_oracle_case_makes_every_form_or_is_refused_for_a_varying() {
    let (mut made, mut refused, mut integers) = (0, 0, 0);
    let mut failures = Vec::new();
    for case in oracle_cases::cases()
        .iter()
        .filter(|c| oracle_cases::compiles(c))
    {
        let name = oracle_cases::name(case);
        let program = oracle_cases::compile(case).unwrap_or_else(|e| panic!("{name}: {e}"));
        let corners = program.views_read().iter().any(|v| v.is_corner());
        match program.to_module() {
            Err(EmitError::NotStandalone { node, .. }) if corners => {
                assert_eq!(node, "varying(...)", "{name}");
                refused += 1;
            }
            Err(e) => failures.push(format!("{name}: {e}")),
            Ok(_) => match all_forms(name, &program) {
                Ok(()) => {
                    made += 1;
                    // GLSL's ints are exact (R-GLSL-8); their instructions are emitted (R-INT-7).
                    integers += usize::from(oracle_cases::has_integers(&program));
                }
                Err(e) => failures.push(e),
            },
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    eprintln!("{made} made ({integers} with integers), {refused} refused for a varying");
    assert!(made >= 100, "{made} made, {refused} refused");
    assert!(integers >= 20, "{integers} made with integers");
}

#[test]
fn a_varying_and_barycentric_are_refused_with_the_node_and_why() {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.varying(g.position_world()))
        .unwrap();
    let e = g.compile().unwrap().to_module().unwrap_err();
    let message = e.to_string();
    assert!(
        message.contains("varying(...)") && message.contains("corners"),
        "{message}"
    );
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.attribute(Attribute::Barycentric))
        .unwrap();
    let program = g.compile().unwrap();
    let message = program.to_wgsl().unwrap_err().to_string();
    assert!(
        message.contains("barycentric()") && message.contains("standalone"),
        "{message}"
    );
    // The other forms refuse the same way.
    assert!(program.to_glsl(GlslVersion::Es300).is_err());
    assert!(program.to_spirv().is_err());
}

/// A program with a vec3 uniform then a float.
fn vec3_then_float() -> NodeProgram {
    let g = NodeGraph::new();
    let a = g.named_uniform("a", glam::Vec3::new(1.0, 2.0, 3.0));
    let b = g.named_uniform("b", 4.0f32);
    g.set_output(COLOR_NODE, g.mul(a, b)).unwrap();
    g.compile().unwrap()
}

#[test]
fn the_block_layout_follows_wgsl_uniform_rules_worked_by_hand() {
    let g = NodeGraph::new();
    let f = g.named_uniform("f", 1.0f32);
    let v3 = g.named_uniform("v3", glam::Vec3::ONE);
    let f2 = g.named_uniform("f2", 1.0f32);
    let v2 = g.named_uniform("v2", glam::Vec2::ONE);
    let m3 = g.named_uniform("m3", glam::Mat3::IDENTITY);
    let g2 = g.named_uniform("g", 1.0f32);
    let m4 = g.named_uniform("m4", glam::Mat4::IDENTITY);
    let v4 = g.named_uniform("the v4!", glam::Vec4::ONE);
    let sum = g.add(g.mul(m3, v3), g.join(&[v2, f]));
    let sum = g.add(sum, g.swizzle(g.mul(m4, v4), "xyz"));
    g.set_output(COLOR_NODE, g.mul(sum, g.mul(f2, g2))).unwrap();
    let program = g.compile().unwrap();
    let layout = program.native_interface().uniforms;
    let got: Vec<(&str, &str, u64)> = layout
        .fields
        .iter()
        .map(|f| (f.name.as_str(), f.member.as_str(), f.offset))
        .collect();
    // By hand: f32 aligns to 4, vec2 to 8, vec3 to 16 (size 12), vec4 and the matrices to 16;
    // a mat3 is three 16-byte columns (48), a mat4 64.
    // time 0..4; resolution at 8..16; camera_position 16..28; view 32..96; projection
    // 96..160; model 160..224; normal_matrix 224..272; then the uniforms in declaration order:
    // f 272..276; v3 at 288..300; f2 300..304 (packed after a vec3); v2 304..312; m3 at
    // 320..368; g 368..372; m4 at 384..448; v4 448..464. Size: 464, a multiple of 16.
    let expected = vec![
        ("time", "time", 0),
        ("resolution", "resolution", 8),
        ("camera_position", "camera_position", 16),
        ("view", "view", 32),
        ("projection", "projection", 96),
        ("model", "model", 160),
        ("normal_matrix", "normal_matrix", 224),
        ("f", "u_f", 272),
        ("v3", "u_v3", 288),
        ("f2", "u_f2", 300),
        ("v2", "u_v2", 304),
        ("m3", "u_m3", 320),
        ("g", "u_g", 368),
        ("m4", "u_m4", 384),
        ("the v4!", "u_the_v4", 448),
    ];
    assert_eq!(got, expected);
    assert_eq!(layout.size, 464);
    // naga's own layouter agrees on the emitted struct.
    let module = program.to_module().unwrap();
    let mut layouter = naga::proc::Layouter::default();
    layouter.update(module.to_ctx()).unwrap();
    let (handle, ty) = module
        .types
        .iter()
        .find(|(_, t)| t.name.as_deref() == Some("TslUniforms"))
        .expect("the block");
    let naga::TypeInner::Struct { members, .. } = &ty.inner else {
        panic!("the block is a struct");
    };
    let offsets: Vec<u64> = members.iter().map(|m| u64::from(m.offset)).collect();
    let mine: Vec<u64> = layout.fields.iter().map(|f| f.offset).collect();
    assert_eq!(offsets, mine);
    assert_eq!(u64::from(layouter[handle].size), layout.size);
    for (m, f) in members.iter().zip(&layout.fields) {
        assert_eq!(m.name.as_deref(), Some(f.member.as_str()));
        let layout_of_member = layouter[m.ty];
        assert_eq!(
            layout_of_member.alignment.round_up(m.offset),
            m.offset,
            "{}",
            f.name
        );
    }
}

#[test]
fn the_writer_puts_a_vec3_then_a_float_where_wgsl_says() {
    let mut program = vec3_then_float();
    let view = glam::Mat4::from_translation(glam::Vec3::new(0.0, 0.0, -5.0));
    program.set_frame(2.5, view);
    program.set_uniform("b", 0.25f32).unwrap();
    let frame = NativeFrame {
        resolution: glam::Vec2::new(640.0, 480.0),
        projection: glam::Mat4::from_diagonal(glam::Vec4::new(2.0, 3.0, 4.0, 5.0)),
        model: glam::Mat4::from_scale(glam::Vec3::new(2.0, 4.0, 8.0)),
    };
    let layout = program.native_interface().uniforms;
    let bytes = layout.write(&program, &frame).unwrap();
    // By hand: the frame's 272 bytes, `a` (vec3) at 272, `b` (f32) right after it at 284;
    // size 288.
    assert_eq!(bytes.len(), 288);
    let f = |at: usize| f32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    assert_eq!(f(0), 2.5, "time");
    assert_eq!((f(8), f(12)), (640.0, 480.0), "resolution");
    // The camera: inverse(view)'s translation, (0, 0, 5).
    assert_eq!((f(16), f(20), f(24)), (0.0, 0.0, 5.0));
    // view column 3 is (0, 0, -5, 1): bytes 32 + 48.
    assert_eq!((f(80), f(84), f(88), f(92)), (0.0, 0.0, -5.0, 1.0));
    // projection's diagonal: column c, row c at 96 + 16c + 4c.
    assert_eq!((f(96), f(116), f(136), f(156)), (2.0, 3.0, 4.0, 5.0));
    // model's diagonal at 160 + 20c.
    assert_eq!((f(160), f(180), f(200), f(220)), (2.0, 4.0, 8.0, 1.0));
    // The normal matrix of a scale (2, 4, 8) is the scale (1/2, 1/4, 1/8): column c at
    // 224 + 16c, its padding word zero.
    assert_eq!((f(224), f(244), f(264)), (0.5, 0.25, 0.125));
    assert_eq!((f(228), f(236), f(252)), (0.0, 0.0, 0.0));
    assert_eq!((f(272), f(276), f(280)), (1.0, 2.0, 3.0), "a");
    assert_eq!(f(284), 0.25, "b");
    // The update path: set_uniform then write.
    program
        .set_uniform("a", glam::Vec3::new(-1.0, 0.5, 7.0))
        .unwrap();
    let again = layout.write(&program, &frame).unwrap();
    assert_eq!(&again[272..284], {
        let mut v = Vec::new();
        for x in [-1.0f32, 0.5, 7.0] {
            v.extend(x.to_le_bytes());
        }
        v
    });
    assert_eq!(again[..272], bytes[..272]);
    // Another program's uniforms are not this layout's.
    let other = first_graph();
    let e = layout.write(&other, &frame).unwrap_err().to_string();
    assert!(e.contains("`a`"), "{e}");
}

#[test]
fn the_vertex_inputs_are_one_interleaved_buffer() {
    let interface = first_graph().native_interface();
    let inputs: Vec<(&str, u32, u64, u64)> = interface
        .vertex_inputs
        .iter()
        .map(|v| (v.name, v.location, v.offset, v.format.size()))
        .collect();
    assert_eq!(
        inputs,
        vec![
            ("position", 0, 0, 12),
            ("normal", 1, 12, 12),
            ("uv", 2, 24, 8),
            ("color", 3, 32, 12)
        ]
    );
    assert_eq!(interface.vertex_stride, 44);
    // The module's vertex struct has those locations.
    let wgsl = first_graph().to_wgsl().unwrap();
    for v in &interface.vertex_inputs {
        assert!(
            wgsl.contains(&format!("@location({}) {}:", v.location, v.name)),
            "{}\n{wgsl}",
            v.name
        );
    }
}
