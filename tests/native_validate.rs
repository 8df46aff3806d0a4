//! Every program of the test suites, emitted natively (`tsl_core::native`, R-GPU-11 in
//! docs/requirements.md) and validated with naga, no adapter needed: three.js's TSL examples
//! ported (`examples/tsl_*.rs`, checked by `tsl_examples.rs`), the other examples' graphs the
//! tests reach (`spec000_*`, the guitar in both styles), `glsl_render.rs`'s
//! GLSL programs and the ShaderToy set (`tests/glsl_sources/shadertoy/`), the three.js noise oracle's graphs (`tsl-core/tests/noise_nodes.rs`) and the
//! `tsl!` / `#[tsl_fn]` programs of `macros.rs`, and every program of the GPU parity scenes
//! (`tests/parity_scenes/`, drawn by `gpu_parity.rs` and `gpu_native.rs`). Each is collected by calling the builder its own
//! test calls (shared modules), not a copy.
//!
//! For each program: `emit_into` gives a function to exactly the outputs the program sets,
//! `fill_dispatch` fills the host's stub, naga validates the module, and its WGSL text (what a
//! GPU host hands wgpu) parses and validates again.

mod glsl_sources;
mod macro_programs;
#[macro_use]
#[allow(dead_code)]
mod parity_scenes;
#[path = "../tsl-core/tests/noise_graphs/mod.rs"]
mod noise_graphs;
mod tsl_ports;

#[path = "../examples/spec000_control_flow.rs"]
#[allow(dead_code)]
mod control_flow;
#[path = "../examples/spec000_first_graph.rs"]
#[allow(dead_code)]
mod first_graph;
#[path = "../examples/shared/guitar_scene.rs"]
#[allow(dead_code)]
mod guitar_scene;
#[path = "../examples/shared/guitar_typed.rs"]
#[allow(dead_code)]
mod guitar_typed;
#[path = "../examples/spec000_stripes.rs"]
#[allow(dead_code)]
mod stripes;

use tsl::core::native::{
    emit_into, fill_dispatch, function_by_name, function_name, module_to_wgsl, parse_wgsl,
    test_host_wgsl, validate,
};
use tsl::core::{NodeProgram, Output};
use tsl_ports::*;

/// Emit `program` into the test host, fill the stub, validate; then the module's text, parsed
/// and validated again. Why not, as text.
fn emit_and_validate(program: &NodeProgram) -> Result<(), String> {
    let mut module = parse_wgsl(&test_host_wgsl()).map_err(|e| e.to_string())?;
    let outputs = emit_into(program, &mut module).map_err(|e| e.to_string())?;
    for output in Output::ALL {
        let emitted = outputs.functions[output.index()].is_some();
        if emitted != program.has_output(output) {
            return Err(format!(
                "{}: emitted {emitted}, set {}",
                output.name(),
                program.has_output(output)
            ));
        }
    }
    let stub = function_by_name(&module, "run_code").ok_or("the host has no run_code")?;
    fill_dispatch(&mut module, stub, program, &outputs).map_err(|e| e.to_string())?;
    validate(&module).map_err(|e| e.to_string())?;
    for output in Output::ALL {
        if program.has_output(output) && function_by_name(&module, &function_name(output)).is_none()
        {
            return Err(format!("no {} after the dispatch", function_name(output)));
        }
    }
    let text = module_to_wgsl(&module).map_err(|e| e.to_string())?;
    let again = parse_wgsl(&text).map_err(|e| format!("the text again: {e}"))?;
    validate(&again).map_err(|e| format!("the text again: {e}"))?;
    Ok(())
}

/// Emit and validate every program; fail with each refusal, named.
fn all_validate(programs: Vec<(String, NodeProgram)>, at_least: usize) {
    assert!(
        programs.len() >= at_least,
        "only {} programs collected",
        programs.len()
    );
    let failures: Vec<String> = programs
        .iter()
        .filter_map(|(name, p)| emit_and_validate(p).err().map(|e| format!("{name}: {e}")))
        .collect();
    println!("{} programs emitted and validated", programs.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn named(
    name: impl Into<String>,
    program: Result<NodeProgram, impl std::fmt::Debug>,
) -> (String, NodeProgram) {
    let name = name.into();
    let program = program.unwrap_or_else(|e| panic!("{name}: {e:?}"));
    (name, program)
}

#[test]
fn the_three_js_tsl_examples_emit_and_validate() {
    let mut programs = vec![
        named("backdrop water", tsl_backdrop_water::program()),
        named("compute texture", tsl_compute_texture::program()),
        named("procedural texture", tsl_procedural_texture::program()),
        named("raging sea", tsl_raging_sea::program()),
    ];
    for (index, node) in tsl_materials::NODES.iter().enumerate() {
        programs.push(named(
            format!("materials: {node}"),
            tsl_materials::program(index),
        ));
    }
    for (noise, _, _) in tsl_materialx_noise::SPHERES {
        programs.push(named(
            format!("materialx noise: {noise:?}"),
            tsl_materialx_noise::program(noise),
        ));
    }
    all_validate(programs, 11);
}

#[test]
fn the_examples_graphs_emit_and_validate() {
    let mut programs = vec![
        named("spec000 first graph", first_graph::program()),
        named("spec000 control flow", control_flow::program()),
        named(
            "spec000 control flow, closures",
            control_flow::program_closure_style(),
        ),
        named("spec000 stripes", stripes::program()),
        named("guitar grain", guitar_scene::grain_program()),
        named("guitar grain, typed", guitar_typed::grain_program()),
    ];
    for harmonic in [1.0, 2.0, 3.0] {
        programs.push(named(
            format!("guitar string {harmonic}"),
            guitar_scene::string_program(harmonic),
        ));
        programs.push(named(
            format!("guitar string {harmonic}, typed"),
            guitar_typed::string_program(harmonic),
        ));
    }
    all_validate(programs, 12);
}

#[test]
fn the_glsl_render_programs_emit_and_validate() {
    let programs = glsl_sources::programs()
        .into_iter()
        .map(|(name, p)| (name.to_string(), p))
        .collect();
    all_validate(programs, 5);
}

#[test]
fn the_shadertoy_set_emits_and_validates() {
    // 41 sources, two refused (docs/glsl.md's ShaderToy set table). Two compute with ints at
    // run time (13_julia_while's counter, 21_switch_shapes's selector): exact integers, which
    // the native back end emits too (R-INT-7).
    all_validate(glsl_sources::shadertoy_set(), 40);
}

#[test]
fn the_noise_oracle_graphs_emit_and_validate() {
    let mut programs = Vec::new();
    for rows in noise_graphs::ALL {
        for &(name, build) in rows.rows {
            programs.push((
                format!("{}: {name}", rows.file),
                noise_graphs::program(build).0,
            ));
        }
    }
    all_validate(programs, 33);
}

#[test]
fn the_macro_programs_emit_and_validate() {
    let programs = macro_programs::programs()
        .into_iter()
        .map(|(name, p)| (name.to_string(), p))
        .collect();
    all_validate(programs, 12);
}

#[test]
fn a_long_chain_of_instructions_is_text_a_parser_reads() {
    // 2000 dependent instructions: written as one nested expression, the text would pass naga's
    // (wgpu's) WGSL parser's recursion limit; module_to_wgsl and to_wgsl bind deep values with let.
    let g = tsl::core::NodeGraph::new();
    let mut v = g.position_world();
    for i in 0..1000 {
        v = g.add(g.mul(v, g.float(1.0 + i as f32 / 4096.0)), g.normal_world());
    }
    g.set_output(tsl::core::COLOR_NODE, v).unwrap();
    let program = g.compile().unwrap();
    assert!(program.instruction_count(tsl::core::COLOR_NODE) >= 2000);
    emit_and_validate(&program).unwrap();
    let text = program.to_wgsl().unwrap();
    assert!(text.contains("let part"), "deep values are bound");
}

/// Every program of every parity scene's cases (the scenes `gpu_native.rs` draws natively).
#[test]
fn the_parity_scenes_programs_emit_and_validate() {
    let mut programs = Vec::new();
    macro_rules! collect {
        ($($scene:ident),* $(,)?) => {
            $(parity_scenes::$scene(&mut |case, name| {
                for (id, program) in case.assets.programs.iter() {
                    programs.push((format!("{}: {name} program {id:?}", stringify!($scene)), program.clone()));
                }
            });)*
        };
    }
    with_scenes!(collect);
    all_validate(programs, 16);
}

#[test]
fn the_slicing_halftone_earth_flames_smoke_and_galaxy_ports_emit_and_validate() {
    use tsl::core::TextureId;
    let earth = tsl_earth::Maps {
        day: TextureId(1),
        night: TextureId(2),
        bump_roughness_clouds: TextureId(3),
    };
    let flames = tsl_vfx_flames::Maps {
        cellular: TextureId(1),
        perlin: TextureId(2),
        gradient: TextureId(3),
    };
    let programs = vec![
        named("angular slicing", tsl_angular_slicing::program()),
        named("halftone", tsl_halftone::program()),
        named("earth: globe", tsl_earth::globe_program(&earth)),
        named("earth: atmosphere", tsl_earth::atmosphere_program()),
        named("vfx flames: 1", tsl_vfx_flames::flame1_program(&flames)),
        named("vfx flames: 2", tsl_vfx_flames::flame2_program(&flames)),
        named("coffee smoke", tsl_coffee_smoke::program(TextureId(1))),
        named("galaxy", tsl_galaxy::program()),
    ];
    all_validate(programs, 8);
}
