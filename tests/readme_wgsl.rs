//! The README's WGSL block (R-GPU-12, docs/requirements.md) is the real output of
//! `NodeProgram::to_wgsl` for the first graph (`examples/spec000_first_graph.rs`): the part of the
//! module from the program's first emitted function up to the vertex entry point.

#[path = "../examples/spec000_first_graph.rs"]
#[allow(dead_code)]
mod first_graph;

/// The text of the README's first fenced `wgsl` block.
fn readme_block() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    let start = readme.find("```wgsl\n").expect("a wgsl block") + "```wgsl\n".len();
    let end = start + readme[start..].find("\n```").expect("the block's end");
    readme[start..end].to_string()
}

#[test]
fn the_readme_shows_the_first_graphs_emitted_functions() {
    let wgsl = first_graph::program().unwrap().to_wgsl().unwrap();
    let start = wgsl
        .find("fn tsl_output_color")
        .expect("the colour function");
    let end = wgsl.find("@vertex").expect("the vertex entry point");
    assert_eq!(
        readme_block(),
        wgsl[start..end].trim_end(),
        "update the README's wgsl block to the emitter's output"
    );
    // The words the README names: the time and the tint's three floats.
    let program = first_graph::program().unwrap();
    let tint = program
        .uniforms()
        .iter()
        .find(|u| u.name == "tint")
        .unwrap();
    assert_eq!(tint.word, 289);
    assert_eq!(tsl::core::format::H_TIME, 70);
}
