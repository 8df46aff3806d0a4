//! Loading a 10 MB `.glb` (issue 19's measure): one indexed grid of 424 × 424 vertices with
//! positions, normals and uvs (32 bytes a vertex) and 32-bit indices (6 a quad), 10.1 MB in all,
//! made in memory so that the bench needs no file, then loaded by `load_gltf_slice` into a
//! fresh scene and store each iteration:
//!
//! - `glb_10mb_load`: the whole load (the GLB's chunks, the JSON, the accessors read and checked,
//!   the geometry built, the material and the objects made);
//! - `glb_10mb_copy`: a copy of the same bytes, the floor any load pays, for a same-run ratio.
//!
//! Figures in docs/PERF.md ("Loading a 10 MB glb"); rerun with
//! `cargo bench --bench gltf -- --warm-up-time 1 --measurement-time 3`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::time::Duration;
use tsl::raster::gltf::{load_gltf_slice, GltfLimits};
use tsl::raster::{Assets, Scene};

/// The grid's side in vertices.
const SIDE: u32 = 424;

/// A GLB holding one mesh: a `SIDE` × `SIDE` grid in the xz plane, facing up.
fn grid_glb() -> Vec<u8> {
    let n = SIDE as usize;
    let mut bin = Vec::with_capacity(n * n * 32 + (n - 1) * (n - 1) * 24);
    for z in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / (n - 1) as f32, z as f32 / (n - 1) as f32);
            for value in [u - 0.5, 0.0, v - 0.5] {
                bin.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
    let normals = bin.len();
    for _ in 0..n * n {
        for value in [0.0f32, 1.0, 0.0] {
            bin.extend_from_slice(&value.to_le_bytes());
        }
    }
    let uvs = bin.len();
    for z in 0..n {
        for x in 0..n {
            for value in [x as f32 / (n - 1) as f32, z as f32 / (n - 1) as f32] {
                bin.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
    let indices = bin.len();
    for z in 0..SIDE - 1 {
        for x in 0..SIDE - 1 {
            let (a, b) = (z * SIDE + x, (z + 1) * SIDE + x);
            for index in [a, b, a + 1, a + 1, b, b + 1] {
                bin.extend_from_slice(&index.to_le_bytes());
            }
        }
    }
    let index_count = (n - 1) * (n - 1) * 6;
    let vertex_count = n * n;
    let json = format!(
        r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{{"mesh":0}}],
"meshes":[{{"primitives":[{{"attributes":{{"POSITION":0,"NORMAL":1,"TEXCOORD_0":2}},"indices":3,"material":0}}]}}],
"materials":[{{"pbrMetallicRoughness":{{"baseColorFactor":[0.8,0.6,0.4,1],"metallicFactor":0,"roughnessFactor":0.5}}}}],
"buffers":[{{"byteLength":{total}}}],
"bufferViews":[{{"buffer":0,"byteOffset":0,"byteLength":{normals}}},{{"buffer":0,"byteOffset":{normals},"byteLength":{nl}}},
{{"buffer":0,"byteOffset":{uvs},"byteLength":{ul}}},{{"buffer":0,"byteOffset":{indices},"byteLength":{il}}}],
"accessors":[{{"bufferView":0,"componentType":5126,"count":{vertex_count},"type":"VEC3","min":[-0.5,0,-0.5],"max":[0.5,0,0.5]}},
{{"bufferView":1,"componentType":5126,"count":{vertex_count},"type":"VEC3"}},
{{"bufferView":2,"componentType":5126,"count":{vertex_count},"type":"VEC2"}},
{{"bufferView":3,"componentType":5125,"count":{index_count},"type":"SCALAR"}}]}}"#,
        total = bin.len(),
        nl = uvs - normals,
        ul = indices - uvs,
        il = bin.len() - indices,
    );
    // Both chunks padded to 4 bytes, as GLB requires (the JSON with spaces).
    let mut json = json.into_bytes();
    json.resize(json.len().next_multiple_of(4), b' ');
    bin.resize(bin.len().next_multiple_of(4), 0);
    let length = 12 + 8 + json.len() + 8 + bin.len();
    let mut glb = Vec::with_capacity(length);
    glb.extend_from_slice(b"glTF");
    glb.extend_from_slice(&2u32.to_le_bytes());
    glb.extend_from_slice(&(length as u32).to_le_bytes());
    glb.extend_from_slice(&(json.len() as u32).to_le_bytes());
    glb.extend_from_slice(b"JSON");
    glb.extend_from_slice(&json);
    glb.extend_from_slice(&(bin.len() as u32).to_le_bytes());
    glb.extend_from_slice(b"BIN\0");
    glb.extend_from_slice(&bin);
    glb
}

fn load(c: &mut Criterion) {
    let glb = grid_glb();
    // The document loads, and holds what was written: the check that the bench measures a load.
    let (mut scene, mut assets) = (Scene::new(), Assets::new());
    let model = load_gltf_slice(&glb, None, &mut scene, &mut assets, &GltfLimits::default())
        .expect("the grid loads");
    assert_eq!(model.meshes[0].len(), 1, "one primitive, one mesh object");
    println!(
        "glb: {:.1} MB, {} vertices, {} triangles",
        glb.len() as f64 / 1e6,
        SIDE * SIDE,
        (SIDE - 1) * (SIDE - 1) * 2
    );
    let mut group = c.benchmark_group("gltf");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Bytes(glb.len() as u64));
    group.bench_function("glb_10mb_load", |b| {
        b.iter(|| {
            let (mut scene, mut assets) = (Scene::new(), Assets::new());
            load_gltf_slice(
                black_box(&glb),
                None,
                &mut scene,
                &mut assets,
                &GltfLimits::default(),
            )
            .expect("the grid loads")
        })
    });
    group.bench_function("glb_10mb_copy", |b| b.iter(|| black_box(&glb).to_vec()));
    group.finish();
}

criterion_group!(benches, load);
criterion_main!(benches);
