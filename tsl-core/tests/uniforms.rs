//! Uniforms as TSL has them (R-VAL-17, docs/requirements.md): `uniform(value)` needs no name,
//! `set_name` gives an optional one that need not be unique, and `NodeProgram::set_uniform`
//! takes the uniform's node or a name. Expected values are worked out by hand.

use tsl_core::typed::{self, Scope, Swizzles};
use tsl_core::*;

fn opacity(program: &NodeProgram) -> f32 {
    program
        .evaluate(OPACITY_NODE, &Fragment::default())
        .expect("the output is set")[0]
}

#[test]
fn set_uniform_by_the_builders_node_sets_that_uniform_alone() {
    let g = NodeGraph::new();
    let a = g.uniform(1.0);
    let b = g.uniform(10.0);
    g.set_output(OPACITY_NODE, g.add(a, b)).unwrap();
    let mut p = g.compile().unwrap();
    assert_eq!(opacity(&p), 11.0);
    p.set_uniform(a, 2.0).unwrap();
    assert_eq!(opacity(&p), 12.0);
    p.set_uniform(b, 0.5).unwrap();
    assert_eq!(opacity(&p), 2.5);
    assert_eq!(p.uniform(b), Some(vec![0.5]));
    // An unnamed uniform has no name to find it by.
    assert!(p.set_uniform("", 1.0).is_err());
}

#[test]
fn set_uniform_by_a_shared_name_sets_every_uniform_of_that_name() {
    let g = NodeGraph::new();
    let a = g.named_uniform("k", 1.0);
    let b = g.set_name(g.uniform(2.0), "k");
    let c = g.uniform(4.0);
    g.set_output(OPACITY_NODE, g.add(g.add(a, b), c)).unwrap();
    let mut p = g.compile().unwrap();
    assert_eq!(opacity(&p), 7.0);
    p.set_uniform("k", 0.25).unwrap();
    // 0.25 + 0.25 + 4
    assert_eq!(opacity(&p), 4.5);
}

#[test]
fn a_value_of_another_type_for_one_of_a_names_uniforms_changes_none() {
    let g = NodeGraph::new();
    let a = g.named_uniform("k", 1.0);
    let v = g.named_uniform("k", glam::Vec3::ONE);
    g.set_output(OPACITY_NODE, g.add(a, g.swizzle(v, "x")))
        .unwrap();
    let mut p = g.compile().unwrap();
    let err = p.set_uniform("k", 3.0).unwrap_err();
    assert_eq!(
        err.to_string(),
        "set_uniform: uniform 'k' is a vec3, not a float"
    );
    assert_eq!(opacity(&p), 2.0, "nothing changed");
}

#[test]
fn a_node_that_declared_no_uniform_of_the_program_is_refused() {
    let g = NodeGraph::new();
    let a = g.uniform(1.0);
    let x = g.float(3.0);
    g.set_output(OPACITY_NODE, g.add(a, x)).unwrap();
    let mut p = g.compile().unwrap();
    let err = p.set_uniform(x, 2.0).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "set_uniform: node #{} is not a uniform of this program",
            x.index()
        )
    );
    // The same index in another graph is another node.
    let other = NodeGraph::new();
    let foreign = other.uniform(1.0);
    assert_eq!(foreign.index(), a.index());
    assert!(p.set_uniform(foreign, 2.0).is_err());
    assert_eq!(opacity(&p), 4.0, "nothing changed");
}

#[test]
fn a_program_read_from_its_file_sets_uniforms_by_name_only() {
    let g = NodeGraph::new();
    let a = g.uniform(1.0);
    let b = g.named_uniform("b", 1.0);
    g.set_output(OPACITY_NODE, g.add(a, b)).unwrap();
    let p = g.compile().unwrap();
    let mut q = NodeProgram::from_bytes(&p.to_bytes()).unwrap();
    assert_eq!(q, p, "equal words and slots");
    let err = q.set_uniform(a, 2.0).unwrap_err().to_string();
    assert!(err.contains("knows its uniforms by name only"), "{err}");
    q.set_uniform("b", 3.0).unwrap();
    assert_eq!(opacity(&q), 4.0);
}

#[test]
fn typed_uniforms_need_no_name_and_set_name_chains_as_tsl() {
    let scope = Scope::new();
    let speed = typed::uniform(2.0);
    let tint = typed::uniform(glam::Vec3::new(0.5, 0.25, 1.0)).set_name("tint");
    scope.opacity_node(speed * tint.x()).unwrap();
    let mut p = scope.compile().unwrap();
    assert_eq!(opacity(&p), 1.0);
    p.set_uniform(speed, 8.0).unwrap();
    assert_eq!(opacity(&p), 4.0);
    p.set_uniform("tint", glam::Vec3::new(0.125, 0.0, 0.0))
        .unwrap();
    assert_eq!(opacity(&p), 1.0);
    p.set_uniform(tint, glam::Vec3::new(0.25, 0.0, 0.0))
        .unwrap();
    assert_eq!(opacity(&p), 2.0);
}
