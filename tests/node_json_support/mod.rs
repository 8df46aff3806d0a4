//! Shared by `node_json.rs` and `gpu_node_json.rs`: the fixtures three.js r187 wrote
//! (tests/fixtures/node_json/, tools/three_node_json/make.mjs), and a case of tools/three_cases/
//! whose materials are read from three's own `scene.toJSON()` of it.

#![allow(dead_code)] // each test target uses part of it

use crate::three_cases::scenes::Case;
use serde_json::Value;
use tsl::core::ValueType;
use tsl::raster::*;

/// The text of fixture `name`.
pub fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/node_json")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Fixture `name`, parsed.
pub fn fixture_json(name: &str) -> Value {
    serde_json::from_str(&fixture(name)).unwrap()
}

/// What of three's `scene.toJSON()` of the same case file replaces each mesh's material of
/// `case`: the whole material read from the JSON, or only its program (the case's own material
/// fields kept), for each node material; or every material, node material or not (`Every`:
/// plain materials, whose JSON is `Material.toJSON`'s fields alone).
#[derive(Clone, Copy, PartialEq)]
pub enum Take {
    Material,
    Program,
    Every,
}

/// `case` with each mesh's material (or program) replaced by the one three's JSON gives the
/// mesh of the same place: the k-th mesh here is the k-th object of the JSON with a material
/// (the case files and their Rust scenes add objects in the same order).
pub fn from_three_json(
    mut case: Case,
    name: &str,
    take: Take,
    attributes: &[(&str, ValueType)],
) -> Case {
    let document = fixture_json(name);
    let ids = read_object_json_with(&fixture(name), &mut case.assets, attributes).unwrap();
    let uuids: Vec<&str> = document["materials"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uuid"].as_str().unwrap())
        .collect();
    let children = document["object"]["children"].as_array().unwrap();
    let mut placed = children
        .iter()
        .filter_map(|c| c["material"].as_str())
        .map(|uuid| ids[uuids.iter().position(|u| *u == uuid).unwrap()]);
    let mut replaced = 0;
    for i in 0..case.scene.objects().len() {
        let o = case.scene.object_mut(ObjectId(i as u32)).unwrap();
        let Some(mesh) = o.mesh.as_mut() else {
            continue;
        };
        let loaded = placed.next().expect("as many meshes as three's JSON has");
        let from_json = case.assets.materials.get(loaded).unwrap().clone();
        let mine = case.assets.materials.get(mesh.material).unwrap().clone();
        assert_eq!(from_json.kind, mine.kind, "{name}: mesh {i}");
        if from_json.nodes.is_none() && take != Take::Every {
            assert!(
                mine.nodes.is_none(),
                "{name}: mesh {i} has nodes in three's JSON"
            );
            continue;
        }
        mesh.material = match take {
            Take::Material | Take::Every => loaded,
            Take::Program => case.assets.materials.add(Material {
                nodes: from_json.nodes,
                ..mine
            }),
        };
        replaced += 1;
    }
    assert!(replaced > 0, "{name}: no material replaced");
    assert!(
        placed.next().is_none(),
        "{name}: more meshes in three's JSON"
    );
    case
}
