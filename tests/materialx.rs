//! The MaterialX loader (R-MTLX, docs/materialx.md) on the MaterialX
//! project's example documents in tools/three_cases/materialx/ (their values worked by hand into
//! what three.js r187's MaterialXLoader sets) and on small documents written here, and its
//! refusals. three.js's renders of the same documents are the `materialx_*` cases of
//! raster_three.rs.

use glam::Vec3;
use std::path::{Path, PathBuf};
use tsl::core::Color;
use tsl::raster::geometry::PlaneGeometry;
use tsl::raster::materialx::{
    load_materialx, load_materialx_slice, load_materialx_str, MaterialxError, MaterialxLimits,
};
use tsl::raster::*;

fn documents() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/three_cases/materialx")
}

fn load(name: &str) -> (Assets, tsl::raster::materialx::MaterialxRead) {
    let mut assets = Assets::new();
    let read = load_materialx(documents().join(name), &mut assets).unwrap();
    (assets, read)
}

fn load_text(
    text: &str,
) -> Result<(Assets, tsl::raster::materialx::MaterialxRead), MaterialxError> {
    let mut assets = Assets::new();
    let read = load_materialx_str(text, None, &mut assets, &MaterialxLimits::default())?;
    Ok((assets, read))
}

fn refusal(text: &str) -> String {
    match load_text(text) {
        Ok(_) => panic!("the document loaded:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn close(a: Color, b: [f32; 3]) -> bool {
    (a.r - b[0]).abs() < 1e-6 && (a.g - b[1]).abs() < 1e-6 && (a.b - b[2]).abs() < 1e-6
}

/// A document of one nodegraph `body` (no surface material, so a BASIC material).
fn graph_doc(body: &str) -> String {
    format!(
        "<?xml version=\"1.0\"?>\n<materialx version=\"1.39\" colorspace=\"lin_rec709\">\n<nodegraph name=\"NG\">\n{body}\n</nodegraph>\n</materialx>\n"
    )
}

/// The linear colour at the middle of a 4×4 render of a plane filling the view with `material`.
fn unlit_centre(assets: &mut Assets, material: MaterialId) -> [f32; 4] {
    let mut scene = Scene::new();
    let plane = assets.geometries.add(PlaneGeometry::new(4.0, 4.0).build());
    scene.add(Object::mesh(plane, material));
    let camera = Camera::perspective(50.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 1.0));
    let renderer = Renderer::new(RenderSettings::new(4, 4));
    let image = renderer.render_linear(&scene, &camera, assets).unwrap();
    image.pixel(2, 2).unwrap()
}

#[test]
fn gold_is_a_physical_material_of_the_document_s_values() {
    let (assets, read) = load("standard_surface_gold.mtlx");
    assert_eq!(read.names, ["Gold"]);
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!(m.kind, MaterialKind::Physical);
    // colorNode = base (1) * base_color; specular 1 and IOR 1.5 are the defaults.
    assert!(close(m.color, [0.944, 0.776, 0.373]), "{:?}", m.color);
    assert!(close(m.specular_color, [0.998, 0.981, 0.751]));
    assert_eq!((m.roughness, m.metalness), (0.02, 1.0));
    assert_eq!((m.specular_intensity, m.ior), (1.0, 1.5));
    assert_eq!((m.clearcoat, m.sheen, m.transmission), (0.0, 0.0, 0.0));
    assert!(!m.transparent);
    assert!(m.nodes.is_none(), "a document of values makes no program");
}

#[test]
fn velvet_and_jade_set_sheen_ior_and_anisotropy() {
    let (assets, read) = load("standard_surface_velvet.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    // base 0.8 * base_color; sheenNode = sheen (1) * sheen_color.
    assert!(close(m.color, [0.8 * 0.029, 0.0, 0.8 * 0.047]));
    assert_eq!((m.sheen, m.sheen_roughness), (1.0, 0.3));
    assert!(close(m.sheen_color, [0.404, 0.058, 1.0]));
    assert_eq!(
        (m.specular_intensity, m.ior, m.roughness),
        (0.0, 0.0, 0.693)
    );
    let (assets, read) = load("standard_surface_jade.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert!(close(m.color, [0.5 * 0.0603, 0.5 * 0.4398, 0.5 * 0.1916]));
    assert_eq!(
        (m.ior, m.anisotropy, m.anisotropy_rotation),
        (2.418, 0.5, 0.0)
    );
    assert_eq!(m.roughness, 0.25);
}

#[test]
fn a_graph_driven_colour_and_roughness_become_node_outputs() {
    let (assets, read) = load("standard_surface_marble_solid.mtlx");
    assert_eq!(read.names, ["Marble_3D"]);
    let m = assets.materials.get(read.ids[0]).unwrap();
    let program = assets.programs.get(m.nodes.unwrap()).unwrap();
    assert!(program.has_output(tsl::core::COLOR_NODE));
    assert!(!program.has_output(tsl::core::ROUGHNESS_NODE));
    assert_eq!(m.roughness, 0.1);
    let (assets, read) = load("standard_surface_wood_tiled.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    let program = assets.programs.get(m.nodes.unwrap()).unwrap();
    assert!(program.has_output(tsl::core::COLOR_NODE));
    assert!(program.has_output(tsl::core::ROUGHNESS_NODE));
    // The two images (after the nodegraph's fileprefix), each read once, repeating.
    assert_eq!(assets.textures.len(), 2);
    let t = assets.textures.iter().next().unwrap().1;
    assert_eq!(
        (t.wrap_s, t.wrap_t, t.flip_y),
        (Wrap::Repeat, Wrap::Repeat, false)
    );
    assert_eq!(
        t.color_space(),
        ColorSpace::Linear,
        "decoded after filtering, as three does"
    );
    // coat 0.1 with its roughness; anisotropy 0.5; specular 0.4.
    assert_eq!((m.clearcoat, m.clearcoat_roughness), (0.1, 0.2));
    assert_eq!((m.anisotropy, m.specular_intensity), (0.5, 0.4));
}

#[test]
fn a_document_without_a_surface_material_makes_a_basic_material_per_nodegraph() {
    // combine3 (0.1, 0.2, 0.3) times the interface's gain 2 = (0.2, 0.4, 0.6); its y squared is
    // 0.16; mix toward white by it: (0.2 + 0.8·0.16, 0.4 + 0.6·0.16, 0.6 + 0.4·0.16)
    // = (0.328, 0.496, 0.664); clamp to [0 (default), 0.5].
    let text = format!(
        "<?xml version=\"1.0\"?>\n<materialx version=\"1.39\">\n<nodegraph name=\"NG_math\">\n\
         <input name=\"gain\" type=\"float\" value=\"2\" />\n{}\n</nodegraph>\n</materialx>\n",
        r#"<combine3 name="c" type="color3">
          <input name="in1" type="float" value="0.1" /><input name="in2" type="float" value="0.2" />
          <input name="in3" type="float" value="0.3" />
        </combine3>
        <multiply name="m" type="color3">
          <input name="in1" type="color3" nodename="c" /><input name="in2" type="float" interfacename="gain" />
        </multiply>
        <separate3 name="s" type="multioutput"><input name="in" type="color3" nodename="m" /></separate3>
        <power name="p" type="float">
          <input name="in1" type="float" nodename="s" output="outy" /><input name="in2" type="float" value="2" />
        </power>
        <mix name="x" type="color3">
          <input name="bg" type="color3" nodename="m" /><input name="fg" type="color3" value="1, 1, 1" />
          <input name="mix" type="float" nodename="p" />
        </mix>
        <clamp name="k" type="color3">
          <input name="in" type="color3" nodename="x" /><input name="high" type="float" value="0.5" />
        </clamp>
        <output name="out" type="color3" nodename="k" />"#
    );
    let (mut assets, read) = load_text(&text).unwrap();
    assert_eq!(read.names, ["NG_math"]);
    let id = read.ids[0];
    assert_eq!(assets.materials.get(id).unwrap().kind, MaterialKind::Basic);
    let c = unlit_centre(&mut assets, id);
    for (got, want) in c.iter().zip([0.328, 0.496, 0.5, 1.0]) {
        assert!((got - want).abs() < 1e-5, "{c:?}");
    }
}

#[test]
fn channels_and_single_output_channels_read_components() {
    // channels "zyx" of (0.1, 0.2, 0.3), then `outx` of a constant (0.7, 0.8, 0.9) added to it.
    let text = graph_doc(
        r#"<constant name="c" type="color3"><input name="value" type="color3" value="0.1, 0.2, 0.3" /></constant>
        <constant name="d" type="color3"><input name="value" type="color3" value="0.7, 0.8, 0.9" /></constant>
        <add name="a" type="color3">
          <input name="in1" type="color3" nodename="c" channels="zyx" />
          <input name="in2" type="float" nodename="d" output="outx" />
        </add>
        <output name="out" type="color3" nodename="a" />"#,
    );
    let (mut assets, read) = load_text(&text).unwrap();
    let c = unlit_centre(&mut assets, read.ids[0]);
    for (got, want) in c.iter().zip([1.0, 0.9, 0.8]) {
        assert!((got - want).abs() < 1e-5, "{c:?}");
    }
}

#[test]
fn unsupported_and_refused_categories_are_named_with_their_line() {
    let e = refusal(&graph_doc(
        "<frobnicate name=\"f\" type=\"float\" />\n<output name=\"out\" type=\"float\" nodename=\"f\" />",
    ));
    assert!(
        e.contains("frobnicate") && e.contains("name=\"f\"") && e.contains("line 4"),
        "{e}"
    );
    let e = refusal(&graph_doc(
        "<normalmap name=\"n\" type=\"vector3\" />\n<output name=\"out\" type=\"vector3\" nodename=\"n\" />",
    ));
    assert!(e.contains("normalmap") && e.contains("tangents"), "{e}");
    let e = refusal(
        r#"<materialx version="1.39"><UsdPreviewSurface name="S" type="surfaceshader" />
        <surfacematerial name="M" type="material"><input name="surfaceshader" type="surfaceshader" nodename="S" /></surfacematerial></materialx>"#,
    );
    assert!(
        e.contains("UsdPreviewSurface") && e.contains("open_pbr_surface"),
        "{e}"
    );
}

#[test]
fn a_graph_driving_an_input_with_no_node_output_is_refused_by_name() {
    // standard_surface_brass_tiled drives coat_roughness with a graph; no node output takes it.
    let text = r#"<materialx version="1.39">
      <nodegraph name="NG"><constant name="r" type="float"><input name="value" type="float" value="0.3" /></constant>
        <output name="out_roughness" type="float" nodename="r" /></nodegraph>
      <standard_surface name="SR" type="surfaceshader">
        <input name="coat" type="float" value="1" />
        <input name="coat_roughness" type="float" nodegraph="NG" output="out_roughness" />
      </standard_surface>
      <surfacematerial name="M" type="material"><input name="surfaceshader" type="surfaceshader" nodename="SR" /></surfacematerial>
    </materialx>"#;
    let e = refusal(text);
    assert!(e.contains("coat_roughness") && e.contains("SR"), "{e}");
    // An input three.js ignores (subsurface_color) may be driven: it is ignored.
    let ignored = text.replace("coat_roughness", "subsurface_color");
    assert!(load_text(&ignored).is_ok());
}

#[test]
fn cycles_depth_and_size_are_bounded() {
    let e = refusal(&graph_doc(
        r#"<add name="a" type="float"><input name="in1" type="float" nodename="b" /></add>
        <add name="b" type="float"><input name="in1" type="float" nodename="a" /></add>
        <output name="out" type="float" nodename="a" />"#,
    ));
    assert!(e.contains("cycle"), "{e}");
    // A chain of 300 nodes is over the default depth of 256, refused without recursing further.
    let mut chain = String::from("<constant name=\"n0\" type=\"float\" />\n");
    for i in 1..300 {
        chain += &format!(
            "<add name=\"n{i}\" type=\"float\"><input name=\"in1\" type=\"float\" nodename=\"n{}\" /></add>\n",
            i - 1
        );
    }
    chain += "<output name=\"out\" type=\"float\" nodename=\"n299\" />";
    let doc = graph_doc(&chain);
    let e = refusal(&doc);
    assert!(e.contains("depth") && e.contains("256"), "{e}");
    let mut assets = Assets::new();
    let small = MaterialxLimits {
        elements: 100,
        ..MaterialxLimits::default()
    };
    let e = load_materialx_str(&doc, None, &mut assets, &small).unwrap_err();
    assert!(
        matches!(e, MaterialxError::OverLimit { limit: 100, .. }),
        "{e}"
    );
    let tiny = MaterialxLimits {
        bytes: 64,
        ..MaterialxLimits::default()
    };
    let e = load_materialx_str(&doc, None, &mut assets, &tiny).unwrap_err();
    assert!(e.to_string().contains("size in bytes"), "{e}");
    assert_eq!(assets.materials.len(), 0);
}

#[test]
fn malformed_documents_are_refused_with_the_reason() {
    for (text, words) in [
        ("<materialx><nodegraph></materialx>", "nodegraph"),
        ("<mtlx />", "not <materialx>"),
        (
            &*graph_doc("<output name=\"out\" type=\"color3\" nodename=\"missing\" />"),
            "missing",
        ),
        (
            &*graph_doc(
                "<constant name=\"c\" type=\"color3\"><input name=\"value\" type=\"color3\" value=\"0.5, x\" /></constant>\n<output name=\"out\" type=\"color3\" nodename=\"c\" />",
            ),
            "0.5, x",
        ),
        (
            &*graph_doc(
                "<image name=\"i\" type=\"color3\"><input name=\"file\" type=\"filename\" value=\"a.png\" /></image>\n<output name=\"out\" type=\"color3\" nodename=\"i\" />",
            ),
            "without a folder",
        ),
    ] {
        let e = refusal(text);
        assert!(e.contains(words), "{words:?} not in {e}");
    }
    let mut assets = Assets::new();
    let e = load_materialx_slice(b"\xff\xfe<", None, &mut assets, &MaterialxLimits::default());
    assert!(e.unwrap_err().to_string().contains("UTF-8"));
    let e = load_materialx(documents().join("absent.mtlx"), &mut assets).unwrap_err();
    assert!(matches!(e, MaterialxError::Io { .. }), "{e}");
    // An image the document names that is not there.
    let doc = graph_doc(
        "<image name=\"i\" type=\"color3\"><input name=\"file\" type=\"filename\" value=\"absent.png\" /></image>\n<output name=\"out\" type=\"color3\" nodename=\"i\" />",
    );
    let e = load_materialx_str(
        &doc,
        Some(&documents()),
        &mut assets,
        &MaterialxLimits::default(),
    );
    assert!(matches!(e, Err(MaterialxError::Io { .. })), "{e:?}");
}

#[test]
fn a_graph_driven_normal_that_is_the_surface_normal_changes_nothing() {
    // NORMAL_NODE is an offset added to the world normal (R-OUT-4): the loader writes
    // normalize(normal) − normal_world, zero when the graph gives the surface's own normal.
    let doc = |normal: &str| {
        format!(
            r#"<materialx version="1.39">
          <nodegraph name="NG"><normal name="n" type="vector3"><input name="space" type="string" value="world" /></normal>
            <output name="out_normal" type="vector3" nodename="n" /></nodegraph>
          <standard_surface name="SR" type="surfaceshader">
            <input name="base_color" type="color3" value="0.6, 0.3, 0.2" />{normal}
          </standard_surface>
          <surfacematerial name="M" type="material"><input name="surfaceshader" type="surfaceshader" nodename="SR" /></surfacematerial>
        </materialx>"#
        )
    };
    let render = |text: &str| {
        let (mut assets, read) = load_text(text).unwrap();
        let sphere = assets
            .geometries
            .add(tsl::raster::geometry::SphereGeometry::new(1.0, 32, 16).build());
        let mut scene = Scene::new();
        scene.add(Object::mesh(sphere, read.ids[0]));
        scene.add_light(Light::directional(Color::WHITE, 3.0, Vec3::ONE));
        let camera = Camera::perspective(45.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.2));
        let renderer = Renderer::new(RenderSettings::new(16, 16));
        (
            renderer.render_linear(&scene, &camera, &assets).unwrap(),
            assets,
            read,
        )
    };
    let (plain, ..) = render(&doc(""));
    let driven =
        doc(r#"<input name="normal" type="vector3" nodegraph="NG" output="out_normal" />"#);
    let (bent, assets, read) = render(&driven);
    let m = assets.materials.get(read.ids[0]).unwrap();
    let program = assets.programs.get(m.nodes.unwrap()).unwrap();
    assert!(program.has_output(tsl::core::NORMAL_NODE));
    for (a, b) in plain.pixels().iter().zip(bent.pixels()) {
        for k in 0..4 {
            assert!((a[k] - b[k]).abs() < 1e-4, "{a:?} {b:?}");
        }
    }
}

/// A document of one surface shader `shader` (its category and inputs) on a material, and an
/// optional displacement shader.
fn surface_doc(shader: &str, displacement: &str) -> String {
    let d = if displacement.is_empty() {
        String::new()
    } else {
        "<input name=\"displacementshader\" type=\"displacementshader\" nodename=\"D\" />"
            .to_string()
    };
    format!(
        "<materialx version=\"1.39\">{shader}{displacement}\
         <surfacematerial name=\"M\" type=\"material\">\
         <input name=\"surfaceshader\" type=\"surfaceshader\" nodename=\"S\" />{d}</surfacematerial></materialx>"
    )
}

#[test]
fn open_pbr_surface_maps_as_three_s_apply_open_pbr_surface() {
    let (assets, read) = load("open_pbr_coat.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!(m.kind, MaterialKind::Physical);
    // colorNode = base_weight (1) * base_color; roughnessNode = specular_roughness.
    assert!(close(m.color, [0.1, 0.6, 0.9]), "{:?}", m.color);
    assert_eq!((m.roughness, m.metalness, m.ior), (0.35, 0.0, 1.6));
    // clearcoat = clamp(coat_weight * ((1.45 - 1) / (1.45 + 1))^2 / 0.04, 0, 1), by hand:
    // (0.45 / 2.45)^2 = 0.033736, / 0.04 = 0.843399.
    assert!((m.clearcoat - 0.843399).abs() < 1e-5, "{}", m.clearcoat);
    assert_eq!(m.clearcoat_roughness, 0.05);

    let (assets, read) = load("open_pbr_fuzz.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert!(close(m.color, [0.9 * 0.9, 0.9 * 0.7, 0.9 * 0.3]));
    assert_eq!((m.metalness, m.specular_intensity), (0.6, 0.8));
    // sheenNode = fuzz_weight * fuzz_color; sheenRoughness = fuzz_roughness^1.5.
    assert_eq!(m.sheen, 1.0);
    assert!(close(m.sheen_color, [0.7 * 0.9, 0.7 * 0.3, 0.7 * 0.4]));
    assert!((m.sheen_roughness - 0.6f32.powf(1.5)).abs() < 1e-6);
    // The thin film's micrometres in nanometres; its ior unclamped.
    assert_eq!(m.iridescence, 1.0);
    assert_eq!(m.iridescence_thickness_range, [400.0, 400.0]);
    assert_eq!(m.iridescence_ior, 1.5);
    assert!(close(m.emissive, [0.2 * 0.15, 0.4 * 0.15, 0.15]));
    assert!(m.nodes.is_some(), "the roughness graph is a node output");

    // Transmission: attenuation colour, depth as thickness and distance (0 when thin-walled),
    // the dispersion from the scale and the Abbe number, double-sided and transparent.
    let shader = |thin: &str| {
        format!(
            "<open_pbr_surface name=\"S\" type=\"surfaceshader\">\
             <input name=\"transmission_weight\" type=\"float\" value=\"0.9\" />\
             <input name=\"transmission_color\" type=\"color3\" value=\"0.5, 0.8, 1\" />\
             <input name=\"transmission_depth\" type=\"float\" value=\"2\" />\
             <input name=\"transmission_dispersion_scale\" type=\"float\" value=\"0.5\" />\
             <input name=\"transmission_dispersion_abbe_number\" type=\"float\" value=\"40\" />\
             <input name=\"geometry_thin_walled\" type=\"boolean\" value=\"{thin}\" />\
             <input name=\"geometry_opacity\" type=\"float\" value=\"0.7\" /></open_pbr_surface>"
        )
    };
    let (assets, read) = load_text(&surface_doc(&shader("false"), "")).unwrap();
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!(
        (m.transmission, m.thickness, m.attenuation_distance),
        (0.9, 2.0, 2.0)
    );
    assert!(close(m.attenuation_color, [0.5, 0.8, 1.0]));
    assert_eq!(m.dispersion, 0.5 * 20.0 / 40.0);
    assert_eq!(
        (m.opacity, m.side, m.transparent),
        (0.7, Side::Double, true)
    );
    let (assets, read) = load_text(&surface_doc(&shader("true"), "")).unwrap();
    assert_eq!(assets.materials.get(read.ids[0]).unwrap().thickness, 0.0);
}

#[test]
fn gltf_pbr_maps_as_three_s_apply_gltf_pbr_surface() {
    let (assets, read) = load("gltf_pbr.mtlx");
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!(m.kind, MaterialKind::Physical);
    assert!(close(m.color, [0.8, 0.2, 0.25]));
    assert_eq!((m.roughness, m.metalness, m.ior), (0.45, 0.1, 1.7));
    assert!(close(m.specular_color, [1.0, 0.9, 0.6]));
    assert_eq!((m.clearcoat, m.clearcoat_roughness), (0.6, 0.15));
    // sheenNode = sheen_color, sheen enabled by a colour that is not black.
    assert_eq!((m.sheen, m.sheen_roughness), (1.0, 0.5));
    assert!(close(m.sheen_color, [0.3, 0.5, 0.9]));
    // emissiveNode = emissive * emissive_strength.
    assert!(close(m.emissive, [0.1, 0.2, 0.0]));
    assert!(!m.transparent && m.attenuation_distance.is_infinite());

    // MASK: the cutoff is the alpha test, the alpha the opacity, and the material stays opaque
    // (three makes only BLEND transparent); an authored attenuation colour alone gets distance 1.
    let mask = "<gltf_pbr name=\"S\" type=\"surfaceshader\">\
        <input name=\"alpha\" type=\"float\" value=\"0.4\" />\
        <input name=\"alpha_mode\" type=\"integer\" value=\"1\" />\
        <input name=\"alpha_cutoff\" type=\"float\" value=\"0.3\" />\
        <input name=\"attenuation_color\" type=\"color3\" value=\"1, 0.5, 0.5\" /></gltf_pbr>";
    let (assets, read) = load_text(&surface_doc(mask, "")).unwrap();
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!((m.alpha_test, m.opacity, m.transparent), (0.3, 0.4, false));
    assert_eq!(m.attenuation_distance, 1.0);
    // OPAQUE ignores the alpha; BLEND is transparent.
    let (assets, read) = load_text(&surface_doc(
        &mask.replace("value=\"1\"", "value=\"0\""),
        "",
    ))
    .unwrap();
    assert_eq!(assets.materials.get(read.ids[0]).unwrap().opacity, 1.0);
    let (assets, read) = load_text(&surface_doc(
        &mask.replace("value=\"1\"", "value=\"2\""),
        "",
    ))
    .unwrap();
    assert!(assets.materials.get(read.ids[0]).unwrap().transparent);
}

#[test]
fn surface_unlit_is_a_basic_material_of_emission_times_its_colour() {
    let unlit = "<surface_unlit name=\"S\" type=\"surfaceshader\">\
        <input name=\"emission\" type=\"float\" value=\"0.5\" />\
        <input name=\"emission_color\" type=\"color3\" value=\"1, 0.8, 0.4\" /></surface_unlit>";
    let (mut assets, read) = load_text(&surface_doc(unlit, "")).unwrap();
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert_eq!(m.kind, MaterialKind::Basic);
    let c = unlit_centre(&mut assets, read.ids[0]);
    for (got, want) in c.iter().zip([0.5, 0.4, 0.2, 1.0]) {
        assert!((got - want).abs() < 1e-5, "{c:?}");
    }
    // three.js blends a translucent one premultiplied, which this port has not.
    let e = refusal(&surface_doc(
        &unlit.replace(
            "</surface_unlit>",
            "<input name=\"opacity\" type=\"float\" value=\"0.5\" /></surface_unlit>",
        ),
        "",
    ));
    assert!(
        e.contains("premultiplied") && e.contains("surface_unlit"),
        "{e}"
    );
}

#[test]
fn a_displacement_shader_moves_vertices_along_the_normal_or_is_refused() {
    let unlit = "<surface_unlit name=\"S\" type=\"surfaceshader\" />";
    let scalar = "<displacement name=\"D\" type=\"displacementshader\">\
        <input name=\"displacement\" type=\"float\" value=\"0.25\" />\
        <input name=\"scale\" type=\"float\" value=\"2\" /></displacement>";
    let (assets, read) = load_text(&surface_doc(unlit, scalar)).unwrap();
    let m = assets.materials.get(read.ids[0]).unwrap();
    assert!(m.nodes.is_some(), "the displacement is the position node");
    // A zero displacement sets nothing.
    let zero = scalar.replace("0.25", "0");
    let (assets, read) = load_text(&surface_doc(unlit, &zero)).unwrap();
    assert!(assets.materials.get(read.ids[0]).unwrap().nodes.is_none());
    let vector = "<displacement name=\"D\" type=\"displacementshader\">\
        <input name=\"displacement\" type=\"vector3\" value=\"0, 0, 1\" /></displacement>";
    let e = refusal(&surface_doc(unlit, vector));
    assert!(e.contains("vector3") && e.contains("name=\"D\""), "{e}");
}
