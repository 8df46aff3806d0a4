//! Native emission (R-GPU-11, docs/requirements.md): programs lowered to naga IR by
//! `tsl_core::native::emit_into` into a host module (the prelude, the three hooks reading storage
//! buffers, a `run_code` stub that `fill_dispatch` fills, a compute entry point calling it)
//! validate with naga, for every opcode at every width, every noise at every point width,
//! control flow, every uniform type, textures, views, every GLSL oracle case and hostile words.
//!
//! naga has no interpreter, so values are not compared here (the GPU tests do that); what is
//! checked by hand is the module's shape: which words go through `tsl_word`, which constants are
//! inlined, what the dispatch switches on, and when two programs share a module.

mod every_slot;

mod card;
mod oracle_cases;

mod xorshift;

use tsl_core::format::{Instruction, HEADER_WORDS, H_DATA, H_OUTPUTS, MAGIC};
use tsl_core::glsl::*;
use tsl_core::native::*;
use tsl_core::*;
use xorshift::Rng;

/// The host ([`test_host_wgsl`]): the stub first (so `fill_dispatch` must move the emitted
/// functions before it), a caller of the stub after it (as the rasterizer's shading function
/// is), the hooks, the prelude.
fn host_source() -> String {
    test_host_wgsl()
}

fn host() -> naga::Module {
    static HOST: std::sync::OnceLock<naga::Module> = std::sync::OnceLock::new();
    HOST.get_or_init(|| parse_wgsl(&host_source()).expect("the host parses"))
        .clone()
}

/// Emit `program` into the host, fill the stub, validate: the module, or the error.
fn emit(program: &NodeProgram) -> Result<naga::Module, EmitError> {
    let mut module = host();
    let outputs = emit_into(program, &mut module)?;
    let stub = function_by_name(&module, "run_code").expect("the stub");
    fill_dispatch(&mut module, stub, program, &outputs)?;
    tsl_core::native::validate(&module)?;
    Ok(module)
}

/// The WGSL of `program`'s module.
fn wgsl(program: &NodeProgram) -> String {
    let module = emit(program).unwrap_or_else(|e| panic!("{e}\n{program}"));
    module_to_wgsl(&module).unwrap_or_else(|e| panic!("{e}"))
}

fn emits(program: &NodeProgram) {
    if let Err(e) = emit(program) {
        panic!("{e}\n{program}");
    }
}

/// The opcodes (bytes) in `output`'s code.
fn opcodes(program: &NodeProgram, output: Output) -> Vec<(u8, u8)> {
    let (start, count) = program.output_range(output);
    (start..start + count)
        .map(|i| program.instruction(i))
        .map(|i: Instruction| (i.opcode, i.width))
        .collect()
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

/// Set `value` (of any width) as an output: a float as opacity, a vector as colour.
fn set_any(g: &NodeGraph, value: NodeRef) -> Result<(), String> {
    let ty = g.type_of(value).ok_or("refused")?;
    let r = match ty {
        ValueType::Float => g.set_output(OPACITY_NODE, value),
        ValueType::Vec2 => g.set_output(COLOR_NODE, g.join(&[value, g.float(0.0)])),
        ValueType::Vec3 => g.set_output(COLOR_NODE, value),
        ValueType::Vec4 => g.set_output(COLOR_NODE, g.swizzle(value, "xyz")),
        other => return Err(format!("{other:?}")),
    };
    r.map_err(|e| e.to_string())
}

#[test]
fn every_math_opcode_at_every_width_emits_and_validates() {
    let mut emitted = 0;
    for &op in Opcode::ALL {
        // The exact integer operations take integer operands: every_integer_opcode_* covers them.
        if matches!(
            op.rule(),
            TypeRule::Internal
                | TypeRule::Noise
                | TypeRule::Integer
                | TypeRule::Shift
                | TypeRule::Convert
        ) {
            continue;
        }
        let mut widths = Vec::new();
        for w in 1..=4 {
            // refract's eta is a float; every other operand has the width.
            let g = NodeGraph::new();
            let inputs: Vec<NodeRef> = (0..op.arity())
                .map(|i| {
                    let n = if op.rule() == TypeRule::Refract && i == 2 {
                        1
                    } else {
                        w
                    };
                    operand(&g, &format!("u{i}"), n)
                })
                .collect();
            let value = g.math(op, &inputs);
            if g.error().is_some() || set_any(&g, value).is_err() {
                continue;
            }
            let program = g.compile().unwrap_or_else(|e| panic!("{op:?} w{w}: {e}"));
            let output = if program.has_output(COLOR_NODE) {
                COLOR_NODE
            } else {
                OPACITY_NODE
            };
            assert!(
                opcodes(&program, output).contains(&(op as u8, w as u8)),
                "{op:?} at width {w} is not in the code:\n{program}"
            );
            emits(&program);
            widths.push(w);
            emitted += 1;
        }
        let want: &[usize] = match op.rule() {
            TypeRule::Cross => &[3],
            _ => &[1, 2, 3, 4],
        };
        assert_eq!(widths, want, "{op:?}");
    }
    // 58 math opcodes (bytes 10 to 22, 30 to 56, 60 to 66, 70 to 80), cross at one width.
    assert_eq!(emitted, 57 * 4 + 1);
}

#[test]
fn every_noise_at_every_point_width_emits_and_validates() {
    let mut emitted = 0;
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
            set_any(&g, value).unwrap_or_else(|e| panic!("{op:?} w{w}: {e}"));
            let program = g.compile().unwrap();
            let output = if program.has_output(COLOR_NODE) {
                COLOR_NODE
            } else {
                OPACITY_NODE
            };
            assert!(opcodes(&program, output).contains(&(op as u8, w as u8)));
            let text = wgsl(&program);
            let callee = match op {
                Opcode::PerlinFloat | Opcode::PerlinVec3 if w == 2 => "perlin_2d(",
                Opcode::PerlinFloat | Opcode::PerlinVec3 => "perlin_3d(",
                Opcode::CellFloat | Opcode::CellVec3 => "cell_noise(",
                _ => "worley(",
            };
            let emitted_fn = &text[text.find("fn tsl_output_").expect("an emitted function")..];
            assert!(emitted_fn.contains(callee), "{op:?} w{w} calls no {callee}");
            emitted += 1;
        }
    }
    // perlin 2 + 2, cell 4 + 4, worley 2 + 2 + 2 + 2 (float, vec2, vec3, cell vec3).
    assert_eq!(emitted, 20);
}

#[test]
fn the_worked_example_reads_time_through_the_hook_and_inlines_its_constant() {
    // docs/bytecode.md: OPACITY_NODE = sin(time * 2), the time at word 70, 2.0 at word 257.
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.sin(g.mul(g.time(), g.float(2.0))))
        .unwrap();
    let program = g.compile().unwrap();
    let text = wgsl(&program);
    let body = &text[text.find("fn tsl_output_opacity").unwrap()..];
    let body = &body[..body.find("\n}").unwrap()];
    assert!(body.contains("tsl_word(70u)"), "{body}");
    assert!(!body.contains("tsl_word(257u)"), "{body}");
    assert!(body.contains("2f"), "{body}");
    assert!(body.contains("sin("), "{body}");
    // The dispatch: opacity starts at instruction 0.
    let run = &text[text.find("fn run_code").unwrap()..];
    assert!(run.contains("case 0u"), "{run}");
    assert!(run.contains("tsl_output_opacity()"), "{run}");
}

#[test]
fn the_dispatch_has_a_case_per_set_output_start() {
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.swizzle(g.uv(), "xyx")).unwrap();
    g.set_output(OPACITY_NODE, g.float(0.5)).unwrap();
    g.set_output(AO_NODE, g.length(g.position_world())).unwrap();
    let program = g.compile().unwrap();
    let mut module = host();
    let outputs = emit_into(&program, &mut module).unwrap();
    let set: Vec<usize> = Output::ALL
        .iter()
        .filter(|o| outputs.functions[o.index()].is_some())
        .map(|o| o.index())
        .collect();
    assert_eq!(set, vec![0, 1, 7]);
    let stub = function_by_name(&module, "run_code").unwrap();
    fill_dispatch(&mut module, stub, &program, &outputs).unwrap();
    let text = module_to_wgsl(&module).unwrap();
    let run = &text[text.find("fn run_code").unwrap()..];
    let run = &run[..run.find("\n}").unwrap()];
    for output in [COLOR_NODE, OPACITY_NODE, AO_NODE] {
        let (start, _) = program.output_range(output);
        let case = format!("case {start}u");
        assert!(run.contains(&case), "{case} in {run}");
        assert!(run.contains(&format!("{}()", function_name(output))));
    }
    assert_eq!(run.matches("case ").count(), 3, "{run}");
    // The emitted functions now come before the stub, the stub before its caller.
    let at = |name: &str| function_by_name(&module, name).unwrap().index();
    assert!(at("tsl_output_ao") < at("run_code") && at("run_code") < at("shade"));
}

#[test]
fn control_flow_swizzles_joins_and_select_emit() {
    let g = NodeGraph::new();
    let x = g.named_uniform("x", 0.25f32);
    let acc = g.Var(g.vec3(0.0, 0.0, 0.0));
    let i = g.Loop(5);
    g.If(g.greater_than(i, x));
    g.assign(acc, g.add(g.get(acc), g.swizzle(g.position_world(), "zyx")));
    g.ElseIf(g.less_than(i, g.float(1.0)));
    g.assign(acc, g.join(&[g.swizzle(g.uv(), "y"), i, x]));
    g.Else();
    g.Break();
    g.End();
    g.End();
    let c = g.select(
        g.greater_than(x, g.float(0.5)),
        g.get(acc),
        g.vec3(1.0, 2.0, 3.0),
    );
    g.set_output(COLOR_NODE, c).unwrap();
    let program = g.compile().unwrap();
    let ops = opcodes(&program, COLOR_NODE);
    for op in [Opcode::Join, Opcode::Select] {
        assert!(ops.iter().any(|&(o, _)| o == op as u8), "{op:?}\n{program}");
    }
    emits(&program);
}

#[test]
fn uniforms_of_every_type_and_textures_read_through_the_hooks() {
    let g = NodeGraph::new();
    let sum = every_slot::every_slot_sum(&g, "c");
    g.set_output(COLOR_NODE, sum).unwrap();
    let program = g.compile().unwrap();
    let text = wgsl(&program);
    let body = &text[text.find("fn tsl_output_color").unwrap()..];
    // Every uniform word and both texture id words go through `tsl_word`.
    for u in program.uniforms() {
        for k in 0..u.ty.float_count() {
            let call = format!("tsl_word({}u)", u.word + k);
            assert!(body.contains(&call), "{} word {k}: no {call}", u.name);
        }
    }
    assert_eq!(program.texture_slots().len(), 2);
    for t in program.texture_slots() {
        assert!(body.contains(&format!("tsl_word({}u)", t.word)), "{body}");
    }
    assert_eq!(body.matches("tsl_texture(").count(), 2, "{body}");
}

#[test]
fn views_derivatives_varyings_and_the_position_node_emit() {
    let g = NodeGraph::new();
    let d = g.add(g.dfdx(g.position_world()), g.dfdy(g.normal_world()));
    let d = g.add(
        d,
        g.fwidth(g.varying(g.mul(g.position_view(), g.float(2.0)))),
    );
    g.set_output(COLOR_NODE, d).unwrap();
    g.set_output(
        POSITION_NODE,
        g.add(g.position_local(), g.mul(g.normal_local(), g.time())),
    )
    .unwrap();
    g.set_output(DEPTH_NODE, g.swizzle(g.frag_coord(), "z"))
        .unwrap();
    let program = g.compile().unwrap();
    assert!(
        program.views_read().len() > 1,
        "derivatives read other views"
    );
    let text = wgsl(&program);
    // Each view the program reads is an argument of an attribute call.
    for view in program.views_read() {
        assert!(
            text.contains(&format!("tsl_attribute({}u,", view as u32)),
            "view {view:?}"
        );
    }
}

#[test]
fn every_glsl_oracle_case_emits_and_validates() {
    let cases = oracle_cases::cases();
    assert!(cases.len() >= 150);
    let mut failures = Vec::new();
    let (mut emitted, mut integers) = (0, 0);
    for case in &cases {
        let name = oracle_cases::name(case);
        if !oracle_cases::compiles(case) {
            continue;
        }
        let program = oracle_cases::compile(case).unwrap_or_else(|e| panic!("{name}: {e}"));
        match emit(&program) {
            Ok(_) => {
                emitted += 1;
                // GLSL's ints are exact (R-GLSL-8): a case computing with them at run time holds
                // integer instructions, which the native back end emits too (R-INT-7).
                integers += usize::from(oracle_cases::has_integers(&program));
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(emitted >= 300, "{emitted} of {} emitted", cases.len());
    assert!(
        integers >= 20,
        "{integers} cases with integer instructions emitted"
    );
}

#[test]
fn the_glsl_programs_examples_emit() {
    // The card (a position node from the vertex shader, a discard, a texture uniform) and the
    // ShaderToy programs of glsl_programs.rs.
    let card = compile_shader_material(card::VERTEX, card::FRAGMENT).unwrap();
    for output in [COLOR_NODE, POSITION_NODE, MASK_NODE] {
        assert!(card.has_output(output), "{output:?}");
    }
    let mut moved = card.clone();
    moved.set_uniform("lift", 0.1f32).unwrap();
    moved.set_texture("map", TextureId(7)).unwrap();
    assert_eq!(card.structure_key(), moved.structure_key());
    assert_eq!(wgsl(&card), wgsl(&moved));
    let toy = compile_shader_toy(
        "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
            vec2 uv = fragCoord / iResolution.xy;
            vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
            fragColor = vec4(col, 1.0);
        }",
    )
    .unwrap();
    emits(&toy);
    let channels = compile_shader_toy(
        "void mainImage(out vec4 c, in vec2 p) { c = texture(iChannel2, p / iResolution.xy) + iMouse * iTimeDelta; }",
    )
    .unwrap();
    emits(&channels);
    // iFrame is an int, an exact integer since GLSL's ints are (R-GLSL-8): its program holds
    // integer instructions, which are emitted too (R-INT-7).
    let frame =
        compile_shader_toy("void mainImage(out vec4 c, in vec2 p) { c = iMouse * float(iFrame); }")
            .unwrap();
    assert!(oracle_cases::has_integers(&frame), "{frame}");
    emits(&frame);
}

#[test]
fn structure_key_ignores_uniform_values_textures_and_the_frame_but_not_constants() {
    let build = |k: f32| {
        let g = NodeGraph::new();
        let s = g.named_uniform("speed", 2.0f32);
        let t = g.texture_uniform("map", TextureId(1));
        let v = g.mul(g.mul(g.time(), s), g.float(k));
        let c = g.add(g.swizzle(g.texture(t, g.uv()), "xyz"), g.camera_position());
        g.set_output(OPACITY_NODE, v).unwrap();
        g.set_output(COLOR_NODE, c).unwrap();
        g.compile().unwrap()
    };
    let a = build(3.0);
    let mut b = build(3.0);
    b.set_uniform("speed", 0.25f32).unwrap();
    b.set_texture("map", TextureId(9)).unwrap();
    b.set_frame(
        4.5,
        glam::Mat4::from_translation(glam::Vec3::new(1.0, 2.0, 3.0)),
    );
    assert_ne!(a.words(), b.words());
    assert_eq!(a.structure_key(), b.structure_key());
    assert_eq!(wgsl(&a), wgsl(&b), "equal keys, equal modules");
    let c = build(4.0);
    assert_ne!(a.structure_key(), c.structure_key());
    assert_ne!(wgsl(&a), wgsl(&c));
}

#[test]
fn a_missing_or_mistyped_hook_or_prelude_function_is_named() {
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.sin(g.time())).unwrap();
    let program = g.compile().unwrap();
    let without = |from: &str, to: &str| {
        let source = host_source();
        assert!(source.contains(from));
        let mut module = parse_wgsl(&source.replacen(from, to, 1)).unwrap();
        emit_into(&program, &mut module).map(|_| ())
    };
    assert_eq!(
        without("fn tsl_texture(", "fn not_tsl_texture("),
        Err(EmitError::MissingHook {
            name: "tsl_texture"
        })
    );
    assert_eq!(
        without(
            "fn tsl_word(word: u32) -> u32",
            "fn tsl_word(word: i32) -> u32"
        ),
        Err(EmitError::Signature {
            name: "tsl_word".into(),
            expected: "fn tsl_word(word: u32) -> u32"
        })
    );
    assert_eq!(
        without("fn powf(", "fn powf_renamed("),
        Err(EmitError::MissingPrelude { name: "powf" })
    );
    let e = without("fn tsl_attribute(", "fn tsl_attr(").unwrap_err();
    assert!(e.to_string().contains("tsl_attribute"), "{e}");
    // A stub of another signature.
    let mut module = host();
    let outputs = emit_into(&program, &mut module).unwrap();
    let shade = function_by_name(&module, "shade").unwrap();
    assert!(matches!(
        fill_dispatch(&mut module, shade, &program, &outputs),
        Err(EmitError::Signature { .. })
    ));
    // Emitting twice into one module would give two functions one name.
    assert_eq!(
        emit_into(&program, &mut module),
        Err(EmitError::NameTaken {
            name: "tsl_output_opacity".into()
        })
    );
}

// ------------------------------------------------------------------------------ hostile words

/// Program words from instructions, data and (output, start, count).
fn words(code: &[[u32; 4]], data: &[u32], outputs: &[(Output, u32, u32)]) -> Vec<u32> {
    let data_at = HEADER_WORDS + 4 * code.len();
    let total = data_at + data.len();
    let mut w = vec![0u32; HEADER_WORDS];
    w[0] = MAGIC;
    w[1] = total as u32;
    w[2] = HEADER_WORDS as u32;
    w[3] = code.len() as u32;
    w[H_DATA] = data_at as u32;
    w[5] = data.len() as u32;
    for &(o, start, count) in outputs {
        w[H_OUTPUTS + 2 * o.index()] = start;
        w[H_OUTPUTS + 2 * o.index() + 1] = count;
    }
    for i in code {
        w.extend(i);
    }
    w.extend(data);
    w
}

/// Word 0 of an instruction.
fn op(code: Opcode, dst: u32, width: u32) -> u32 {
    code as u32 | dst << 8 | width << 16
}

#[test]
fn hostile_but_valid_words_emit_and_validate() {
    let nan = f32::NAN.to_bits();
    let inf = f32::INFINITY.to_bits();
    let neg_zero = (-0.0f32).to_bits();
    let data_at = (HEADER_WORDS + 4 * 6) as u32;
    let code = [
        // Loads of a NaN, an infinity and -0 (no WGSL literal for the first two).
        [op(Opcode::Load, 0, 3), data_at, 0, 0],
        // A load of the code itself.
        [op(Opcode::Load, 1, 4), HEADER_WORDS as u32, 0, 0],
        // Reads of registers never written and of components past the width; a swizzle of
        // every component, a join of all three operands.
        [
            op(Opcode::Join, 2, 4) | 0b00_10_01_00 << 24,
            0x1b05,
            0xe400,
            0x0001,
        ],
        [op(Opcode::Add, 3, 4), 0xff02, 0x0000, 0],
        [op(Opcode::Refract, 4, 2), 0x0403, 0x0102, 0x0300],
        [op(Opcode::Normalize, 5, 4), 0xe404, 0, 0],
    ];
    let w = words(
        &code,
        &[nan, inf, neg_zero],
        &[
            // Every output over the same code, overlapping, one of a single instruction.
            (COLOR_NODE, 0, 6),
            (OPACITY_NODE, 2, 4),
            (MASK_NODE, 5, 1),
            (DEPTH_NODE, 0, 6),
        ],
    );
    let program = NodeProgram::from_words(w, Vec::new(), Vec::new()).unwrap();
    let text = wgsl(&program);
    // The NaN and infinity are bitcasts of their bits.
    assert!(text.contains(&format!("bitcast<f32>({nan}u)")), "{text}");
    assert!(text.contains(&format!("bitcast<f32>({inf}u)")));
    // The words of the header read by the second load go through the hook, the code words are
    // constants.
    assert!(!text.contains(&format!("tsl_word({}u)", HEADER_WORDS)));

    // Two outputs from one start with different counts (an opacity laid out as the colour's
    // code and more): the start's case switches on the count.
    let w = words(
        &code[..2],
        &[nan, inf, neg_zero],
        &[(COLOR_NODE, 0, 2), (AO_NODE, 0, 1)],
    );
    let w = {
        let mut w = w;
        // The data moved with the shorter code: point the load at it again.
        w[HEADER_WORDS + 1] = (HEADER_WORDS + 8) as u32;
        w
    };
    let program = NodeProgram::from_words(w, Vec::new(), Vec::new()).unwrap();
    let text = wgsl(&program);
    let run = &text[text.find("fn run_code").unwrap()..];
    let run = &run[..run.find("\n}").unwrap()];
    // The outer switch has one case, at 0; inside it the count picks the function.
    assert_eq!(run.matches("switch").count(), 2, "{run}");
    assert_eq!(run.matches("case 0u").count(), 1, "{run}");
    // The body of `case N:` up to the next case.
    let case = |label: &str| {
        let rest = &run[run.find(label).unwrap_or_else(|| panic!("{run}")) + label.len()..];
        rest[..rest
            .find("case")
            .or(rest.find("default"))
            .unwrap_or(rest.len())]
            .to_string()
    };
    assert!(
        case("case 2u").contains(&format!("{}()", function_name(COLOR_NODE))),
        "{run}"
    );
    assert!(
        case("case 1u").contains(&format!("{}()", function_name(AO_NODE))),
        "{run}"
    );
}

#[test]
fn every_integer_opcode_at_every_width_emits_validates_and_parses_again() {
    // Each integer opcode (R-INT-7) at widths 1 to 4 on constants at the edges: the operands
    // of a wrap (MAX + 1, MIN / -1), a division by zero, a shift by 33, a float out of range. A
    // WGSL front end evaluates an expression of constants when the shader is made and refuses
    // one that overflows, so the text must parse again (no integer expression of literals
    // alone), and the result is a bitcast of integer bits, never a float literal of them.
    let int_data = [i32::MAX as u32, i32::MIN as u32, 0xFFFF_FFFF, 33];
    let int_b = [1u32, 0xFFFF_FFFF, 0, 33];
    let floats = [1e10f32, -1.5, f32::NAN, 4_294_967_296.0].map(f32::to_bits);
    let mut emitted = 0;
    for &code in Opcode::ALL.iter().filter(|op| op.is_integer()) {
        for w in 1..=4u32 {
            let header = (HEADER_WORDS + 4 * 4) as u32;
            // The conversions of floats read float loads (tag 0), the rest integer loads.
            let tag = if matches!(code, Opcode::ToInt | Opcode::ToUint) {
                format::LOAD_TAG_FLOAT
            } else {
                format::LOAD_TAG_INT
            };
            let reg = |r: u32| r | 0xE4 << 8;
            let insts = [
                [op(Opcode::Load, 0, w), header, tag, 0],
                [op(Opcode::Load, 1, w), header + 4, tag, 0],
                [op(Opcode::Load, 2, w), header + 8, tag, 0],
                [op(code, 3, w), reg(0), reg(1), reg(2)],
            ];
            let data: Vec<u32> = if tag == format::LOAD_TAG_FLOAT {
                [floats, floats, floats].concat()
            } else {
                [int_data, int_b, int_data].concat()
            };
            let program = NodeProgram::from_words(
                words(&insts, &data, &[(COLOR_NODE, 0, 4)]),
                vec![],
                vec![],
            )
            .unwrap_or_else(|e| panic!("{code:?} w{w}: {e}"));
            let text = wgsl(&program);
            let again = parse_wgsl(&text).unwrap_or_else(|e| panic!("{code:?} w{w}: {e}\n{text}"));
            tsl_core::native::validate(&again).unwrap_or_else(|e| panic!("{code:?} w{w}: {e}"));
            let body = &text[text.find("fn tsl_output_color").unwrap()..];
            let body = &body[..body.find("\n}").unwrap()];
            // An integer constant is its literal through the hidden zero, never a float literal
            // of its bits (2147483647 as an f32 is 4.6e-41).
            if tag == format::LOAD_TAG_INT {
                assert!(body.contains("(2147483647u ^ _e"), "{code:?} w{w}:\n{body}");
            }
            assert!(!body.contains("e-41f"), "{code:?} w{w}:\n{body}");
            if w == 1 && std::env::var_os("SHOW_WGSL").is_some() {
                println!("{code:?}:\n{body}");
            }
            emitted += 1;
        }
    }
    // Bytes 100 to 132, each at four widths.
    assert_eq!(emitted, 33 * 4);
}

#[test]
fn random_valid_words_emit_and_validate_or_err_without_panicking() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut emitted = 0;
    // Every opcode, the exact integer ones too (R-INT-7).
    let float_ops: Vec<Opcode> = Opcode::ALL.to_vec();
    for _ in 0..300 {
        let n = 1 + rng.below(24);
        let data: Vec<u32> = (0..1 + rng.below(8)).map(|_| rng.next() as u32).collect();
        let total = HEADER_WORDS + 4 * n + data.len();
        let code: Vec<[u32; 4]> = (0..n)
            .map(|_| {
                let code = float_ops[rng.below(float_ops.len())];
                let dst = rng.below(32) as u32;
                let width = 1 + rng.below(4) as u32;
                let reg = |rng: &mut Rng| {
                    // A register other than dst, any swizzle.
                    let r = (dst + 1 + rng.below(31) as u32) % 32;
                    r | (rng.below(256) as u32) << 8
                };
                let select = rng.below(3) as u32
                    | (rng.below(3) as u32) << 2
                    | (rng.below(3) as u32) << 4
                    | (rng.below(3) as u32) << 6;
                let w0 = op(code, dst, width)
                    | if code == Opcode::Join {
                        select << 24
                    } else {
                        0
                    };
                let mut i = [w0, reg(&mut rng), reg(&mut rng), reg(&mut rng)];
                match code {
                    Opcode::Load => {
                        i[1] = rng.below(total - width as usize + 1) as u32;
                        // Word 2 is the load's type tag: a float load's is 0.
                        i[2] = 0;
                    }
                    Opcode::Attr => i[1] = rng.below(13) as u32 | (rng.below(7) as u32) << 8,
                    code if code.texture_coordinate().is_some() => i[2] = rng.below(total) as u32,
                    _ => {}
                }
                i
            })
            .collect();
        let start = rng.below(n) as u32;
        let count = 1 + rng.below(n - start as usize) as u32;
        let w = words(
            &code,
            &data,
            &[(COLOR_NODE, start, count), (OPACITY_NODE, 0, n as u32)],
        );
        // Words the validator refuses (a width an opcode does not take) are not emitted.
        let Ok(program) = NodeProgram::from_words(w, Vec::new(), Vec::new()) else {
            continue;
        };
        match emit(&program) {
            Ok(_) => emitted += 1,
            Err(EmitError::Unsupported { .. }) if start == 0 => {}
            Err(e) => panic!("{e}\n{program}"),
        }
    }
    assert!(emitted > 20, "only {emitted} random programs were valid");
}

#[test]
fn a_validation_error_says_why_down_to_the_expression() {
    // A hook whose body returns a u32 where it promises an f32 vector.
    let mut module = host();
    let f = function_by_name(&module, "tsl_attribute").unwrap();
    let u32_ty = module.functions[function_by_name(&module, "tsl_word").unwrap()]
        .result
        .as_ref()
        .unwrap()
        .ty;
    module.functions[f].result.as_mut().unwrap().ty = u32_ty;
    let Err(EmitError::Invalid(message)) = tsl_core::native::validate(&module) else {
        panic!("the module validated");
    };
    assert!(message.contains("tsl_attribute"), "{message}");
    // The nested reason, past naga's "function ... is invalid".
    assert!(message.matches(": ").count() >= 2, "{message}");
}

#[test]
fn the_wgsl_text_parses_again_with_every_kind_of_constant() {
    // Constants the text must carry bit for bit: a subnormal, the extremes, -0, NaN, infinity.
    let constants = [
        f32::from_bits(1),
        f32::MIN_POSITIVE,
        f32::MAX,
        -f32::MAX,
        -0.0,
        f32::NAN,
        f32::NEG_INFINITY,
        1.7453292e-2,
    ];
    let data: Vec<u32> = constants.iter().map(|c| c.to_bits()).collect();
    let data_at = (HEADER_WORDS + 4 * constants.len()) as u32;
    let code: Vec<[u32; 4]> = (0..constants.len() as u32)
        .map(|i| [op(Opcode::Load, i, 1), data_at + i, 0, 0])
        .collect();
    let w = words(&code, &data, &[(OPACITY_NODE, 0, constants.len() as u32)]);
    let program = NodeProgram::from_words(w, Vec::new(), Vec::new()).unwrap();
    let text = wgsl(&program);
    let again = parse_wgsl(&text).unwrap_or_else(|e| panic!("{e}"));
    tsl_core::native::validate(&again).unwrap();
    // Only the last load is returned; each constant is its own program to reach the text.
    for (i, c) in constants.iter().enumerate() {
        let w = words(&code[i..i + 1], &data, &[(OPACITY_NODE, 0, 1)]);
        let mut w = w;
        w[HEADER_WORDS + 1] = (HEADER_WORDS + 4) as u32 + i as u32;
        let program = NodeProgram::from_words(w, Vec::new(), Vec::new()).unwrap();
        let text = wgsl(&program);
        let body = &text[text.find("fn tsl_output_opacity").unwrap()..];
        let body = &body[..body.find("\n}").unwrap()];
        if !c.is_finite() || (*c == 0.0 && c.is_sign_negative()) {
            assert!(
                body.contains(&format!("bitcast<f32>({}u)", c.to_bits())),
                "{body}"
            );
        } else {
            assert!(!body.contains("bitcast"), "{body}");
        }
        let again = parse_wgsl(&text).unwrap_or_else(|e| panic!("{c:e}: {e}"));
        if c.is_finite() && !(*c == 0.0 && c.is_sign_negative()) {
            // The text parsed again holds the constant's own bits.
            let f = &again.functions[function_by_name(&again, "tsl_output_opacity").unwrap()];
            let bits: Vec<u32> = f
                .expressions
                .iter()
                .filter_map(|(_, e)| match e {
                    naga::Expression::Literal(naga::Literal::F32(v)) => Some(v.to_bits()),
                    _ => None,
                })
                .collect();
            assert!(bits.contains(&c.to_bits()), "{c:e}: {bits:x?}\n{body}");
        }
    }
}

#[test]
fn the_largest_program_emits_one_function_per_output_over_all_its_code() {
    // MAX_INSTRUCTIONS width-4 muladds, every output over all of them: emission is linear in
    // the code each output covers (9 × 4096 instructions here).
    let n = MAX_INSTRUCTIONS;
    let code: Vec<[u32; 4]> = (0..n as u32)
        .map(|i| {
            let (dst, a) = (i % 3, (i + 1) % 3);
            [
                op(Opcode::MulAdd, dst, 4),
                0xe400 | a,
                0xe400 | ((i + 2) % 3),
                0x1b00 | a,
            ]
        })
        .collect();
    let outputs: Vec<(Output, u32, u32)> = Output::ALL.iter().map(|&o| (o, 0, n as u32)).collect();
    let program =
        NodeProgram::from_words(words(&code, &[], &outputs), Vec::new(), Vec::new()).unwrap();
    let module = emit(&program).unwrap();
    for output in Output::ALL {
        let f = &module.functions[function_by_name(&module, &function_name(output)).unwrap()];
        // Each instruction adds a multiply and an add per component, nothing more.
        assert!(
            f.expressions.len() >= 8 * n && f.expressions.len() < 9 * n,
            "{}",
            f.expressions.len()
        );
    }
}

#[test]
fn emit_run_code_fills_the_host_s_stub_or_names_the_missing_one() {
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.sin(g.time())).unwrap();
    let program = g.compile().unwrap();
    let mut module = parse_wgsl(&test_host_wgsl()).unwrap();
    emit_run_code(&program, &mut module).unwrap();
    tsl_core::native::validate(&module).unwrap();
    let text = module_to_wgsl(&module).unwrap();
    let run = &text[text.find("fn run_code").unwrap()..];
    assert!(run.contains("tsl_output_opacity()"), "{run}");
    // A host whose stub has another name.
    let mut module = parse_wgsl(&test_host_wgsl().replace("run_code", "other_code")).unwrap();
    assert_eq!(
        emit_run_code(&program, &mut module),
        Err(EmitError::MissingHook { name: "run_code" })
    );
}
