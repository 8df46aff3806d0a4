//! Object JSON (docs/json.md, R-JSON-1 and R-JSON-2): `object_to_json` writes materials, their
//! textures and images, and each node material's program; `read_object_json` reads them into
//! other stores, and the scene renders the same pixels on the CPU renderer. Bad documents are an
//! `Err` with a message.

use tsl::prelude::*;
use tsl::raster::*;

const SIDE: u32 = 8;

/// A 2×2 texture from bytes, sRGB: red, green, blue, white.
fn texture(repeat: bool) -> Texture {
    let bytes = vec![
        255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128,
    ];
    let mut t = Texture::new(Image::from_rgba8(2, 2, bytes).unwrap(), ColorSpace::Srgb);
    if repeat {
        t.wrap_s = Wrap::Repeat;
        t.repeat = glam::Vec2::new(2.0, 1.0);
        t.min_filter = Filter::Nearest;
        t.mag_filter = Filter::Nearest;
    }
    t
}

/// A program with a float uniform, a texture uniform, a constant texture, an integer constant
/// and uniform, and a custom attribute.
fn program(map: TextureId, other: TextureId) -> NodeProgram {
    let g = NodeGraph::new();
    let a = g.texture(g.texture_uniform("map", map), g.uv());
    let b = g.texture(other, g.uv());
    let k = g.named_uniform("k", 0.5f32);
    let bits = g.to_float(g.bit_and(g.uint(0xff), g.named_uniform("mask", 0x0fu32)));
    let tone = g.named_attribute("tone", ValueType::Float);
    let c = g.add(g.mul(g.swizzle(a, "xyz"), k), g.mul(g.swizzle(b, "xyz"), k));
    let c = g.add(c, g.mul(g.vec3(0.01, 0.01, 0.01), g.mul(bits, tone)));
    g.set_output(COLOR_NODE, c).unwrap();
    g.compile().unwrap()
}

fn render(assets: &Assets, m: MaterialId) -> LinearImage {
    let mut assets = assets.clone();
    let plane = PlaneGeometry::new(2.0, 2.0)
        .build()
        .with_attribute("tone", 1, vec![0.0, 1.0, 2.0, 3.0])
        .unwrap();
    let quad = assets.geometries.add(plane);
    let mut scene = Scene::new();
    scene.add(Object::mesh(quad, m));
    let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(Vec3::Z);
    Renderer::new(RenderSettings::new(SIDE, SIDE))
        .render_linear(&scene, &camera, &assets)
        .unwrap()
}

fn source() -> (Assets, MaterialId) {
    let mut assets = Assets::new();
    let map = assets.textures.add(texture(true));
    let other = assets.textures.add(texture(false));
    let p = assets.programs.add(program(map, other));
    let mut m = Material::standard(Color::from_hex(0x336699), 0.5, 0.25).with_nodes(p);
    m.map = Some(other);
    m.side = Side::Double;
    let m = assets.materials.add(m);
    (assets, m)
}

#[test]
fn a_node_material_round_trips_to_the_same_words_and_pixels() {
    let (assets, m) = source();
    let text = object_to_json(&[m], &assets).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(doc["metadata"]["version"], 4.7);
    assert_eq!(doc["materials"][0]["type"], "MeshStandardMaterial");
    assert_eq!(doc["materials"][0]["color"], 0x336699);
    assert!(
        doc["materials"][0]["nodes"]["codeBits"].is_array(),
        "integer data"
    );
    assert_eq!(doc["textures"].as_array().unwrap().len(), 2);
    // A store that already holds a texture and a program: the ids move.
    let mut loaded = Assets::new();
    loaded.textures.add(texture(false));
    loaded.programs.add(program(TextureId(0), TextureId(0)));
    let ids = read_object_json(&text, &mut loaded).unwrap();
    assert_eq!(ids.len(), 1);
    let read = loaded.materials.get(ids[0]).unwrap();
    let original = assets.materials.get(m).unwrap();
    assert_eq!(read.color, original.color);
    assert_eq!(
        (read.roughness, read.metalness, read.side),
        (0.5, 0.25, Side::Double)
    );
    let p = loaded.programs.get(read.nodes.unwrap()).unwrap();
    let q = assets.programs.get(original.nodes.unwrap()).unwrap();
    // The same words but the texture ids, the new store's: after its own texture 0, the
    // material's map (texture 1 here) is named first and gets 1, the program's map (0) gets 2.
    let mut moved = q.clone();
    moved.replace_texture(TextureId(0), TextureId(2)).unwrap();
    assert_eq!(p, &moved);
    assert_eq!(p.custom_attributes(), q.custom_attributes());
    assert_eq!(read.map, Some(TextureId(1)));
    let before = render(&assets, m);
    let after = render(&loaded, ids[0]);
    assert_eq!(before.pixels(), after.pixels(), "the same pixels");
}

/// A physical material's own fields (sheen, iridescence, anisotropy, transmission, the
/// specular layer, the scales and their maps) round trip under three.js's names.
#[test]
fn a_physical_material_round_trips_its_layers_and_maps() {
    let mut assets = Assets::new();
    let t = assets.textures.add(texture(false));
    let mut m = Material::physical(Color::from_hex(0x204060), 0.4, 0.1);
    m.ior = 1.8;
    m.specular_intensity = 0.6;
    m.specular_color = Color::from_hex(0xffcc88);
    m.sheen = 0.7;
    m.sheen_color = Color::from_hex(0x66ff66);
    m.sheen_roughness = 0.35;
    m.iridescence = 0.9;
    m.iridescence_ior = 1.4;
    m.iridescence_thickness_range = [150.0, 420.0];
    m.anisotropy = 0.5;
    m.anisotropy_rotation = 0.25;
    m.dispersion = 2.0;
    m.transmission = 0.75;
    m.thickness = 1.5;
    m.attenuation_distance = 2.5;
    m.attenuation_color = Color::from_hex(0xffaa55);
    m.normal_scale = glam::Vec2::new(0.5, -1.0);
    m.clearcoat_normal_scale = glam::Vec2::new(2.0, 2.0);
    m.env_map_intensity = 0.8;
    m.sheen_color_map = Some(t);
    m.transmission_map = Some(t);
    m.clearcoat_normal_map = Some(t);
    let id = assets.materials.add(m.clone());
    let text = object_to_json(&[id], &assets).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let o = &doc["materials"][0];
    assert_eq!(o["type"], "MeshPhysicalMaterial");
    // Under three r187's names, as its MaterialLoader reads them.
    assert_eq!(o["sheenColor"], 0x66ff66);
    assert_eq!(o["iridescenceThicknessMaximum"], 420.0);
    assert_eq!(o["attenuationDistance"], 2.5);
    assert_eq!(o["normalScale"], serde_json::json!([0.5, -1.0]));
    assert!(o["transmissionMap"].is_string());
    let mut loaded = Assets::new();
    let ids = read_object_json(&text, &mut loaded).unwrap();
    let read = loaded.materials.get(ids[0]).unwrap();
    let mut want = m;
    // Colours travel as sRGB bytes: an sRGB byte triple comes back exactly.
    for (got, was) in [
        (read.specular_color, want.specular_color),
        (read.sheen_color, want.sheen_color),
        (read.attenuation_color, want.attenuation_color),
    ] {
        assert!((got.r - was.r).abs() < 1e-6 && (got.b - was.b).abs() < 1e-6);
    }
    want.specular_color = read.specular_color;
    want.sheen_color = read.sheen_color;
    want.attenuation_color = read.attenuation_color;
    want.color = read.color;
    assert_eq!(read, &want);
    // three's default distance, Infinity, is not written; JSON.stringify's null reads as it.
    let mut infinite = want.clone();
    infinite.attenuation_distance = f32::INFINITY;
    let id = assets.materials.add(infinite);
    let text = object_to_json(&[id], &assets).unwrap();
    assert!(!text.contains("attenuationDistance"));
    let nulled = text.replace(
        "\"thickness\":",
        "\"attenuationDistance\":null,\"thickness\":",
    );
    let ids = read_object_json(&nulled, &mut loaded).unwrap();
    assert!(loaded
        .materials
        .get(ids[0])
        .unwrap()
        .attenuation_distance
        .is_infinite());
}

#[test]
fn bad_documents_are_refused_with_a_message() {
    let (assets, m) = source();
    let text = object_to_json(&[m], &assets).unwrap();
    let refuse = |text: &str| {
        let mut a = Assets::new();
        let e = read_object_json(text, &mut a).unwrap_err().to_string();
        assert!(a.textures.is_empty() && a.programs.is_empty() && a.materials.is_empty());
        e
    };
    assert!(refuse(&text[..text.len() / 2]).starts_with("json: not JSON"));
    let e = refuse(&text.replace("\"version\":4.7", "\"version\":5.0"));
    assert!(e.contains("metadata.version is version 5.0"), "{e}");
    let first_texture = "00000000-0000-4000-8002-000000000000";
    let reference = format!("\"map\":\"{first_texture}\"");
    assert!(text.contains(&reference));
    let e = refuse(&text.replace(&reference, "\"map\":\"nope\""));
    assert!(e.contains("no texture has the uuid"), "{e}");
    let e = refuse(&text.replace("\"codeBits\"", "\"code\":[],\"codeBits\""));
    assert!(e.contains("both code and codeBits"), "{e}");
    let e = refuse(&text.replace("MeshStandardMaterial", "MeshToonMaterial"));
    assert!(
        e.contains("'MeshToonMaterial' is not a material type"),
        "{e}"
    );
}

#[test]
fn the_writer_refuses_a_texture_not_in_the_store() {
    let (mut assets, m) = source();
    assets.materials.get_mut(m).unwrap().map = Some(TextureId(9));
    let e = object_to_json(&[m], &assets).unwrap_err().to_string();
    assert!(
        e.contains("materials[0].map: no texture in the store has id 9"),
        "{e}"
    );
}
