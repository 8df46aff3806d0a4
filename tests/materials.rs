//! The ready materials of `tsl::materials` (R-READY, docs/requirements.md): the wood presets
//! against three.js r187's `GetWoodPreset` (each number as `WoodNodeMaterial.js` writes it, read
//! back from the program's uniforms by three's names), and the post-processing material's ambient
//! occlusion against values worked out by hand. The wood's picture is held to three.js's render in
//! `tests/tsl_oracle.rs` (`the_wood_boxes_match_three`, `the_wood_finishes_match_three`).

mod ao_wall;

use ao_wall::{hold_to_hand, wall, AoCase, AO_CASES, SIZE};
use tsl::core::{Color, NodeProgram};
use tsl::materials::*;
use tsl::raster::*;

/// A value of `woodParams` as the JS file writes it.
#[derive(Clone, Copy, Debug)]
enum Js {
    /// A number.
    Num(f64),
    /// A colour string `'#rrggbb'`, as its hex code.
    Hex(u32),
}
use Js::{Hex, Num};

/// `woodParams` of three r187's `examples/jsm/materials/WoodNodeMaterial.js`, transcribed field
/// by field with the file's names (its `transformationMatrix` is the identity in every preset).
#[rustfmt::skip]
const WOOD_PARAMS: &[(&str, &[(&str, Js)])] = &[
    ("teak", &[
        ("centerSize", Num(1.11)),
        ("largeWarpScale", Num(0.32)),
        ("largeGrainStretch", Num(0.24)),
        ("smallWarpStrength", Num(0.059)),
        ("smallWarpScale", Num(2.0)),
        ("fineWarpStrength", Num(0.006)),
        ("fineWarpScale", Num(32.8)),
        ("ringThickness", Num(1.0 / 34.0)),
        ("ringBias", Num(0.03)),
        ("ringSizeVariance", Num(0.03)),
        ("ringVarianceScale", Num(4.4)),
        ("barkThickness", Num(0.3)),
        ("splotchScale", Num(0.2)),
        ("splotchIntensity", Num(0.541)),
        ("cellScale", Num(910.0)),
        ("cellSize", Num(0.1)),
        ("darkGrainColor", Hex(0x0c0504)),
        ("lightGrainColor", Hex(0x926c50)),
    ]),
    ("walnut", &[
        ("centerSize", Num(1.07)),
        ("largeWarpScale", Num(0.42)),
        ("largeGrainStretch", Num(0.34)),
        ("smallWarpStrength", Num(0.016)),
        ("smallWarpScale", Num(10.3)),
        ("fineWarpStrength", Num(0.028)),
        ("fineWarpScale", Num(12.7)),
        ("ringThickness", Num(1.0 / 32.0)),
        ("ringBias", Num(0.08)),
        ("ringSizeVariance", Num(0.03)),
        ("ringVarianceScale", Num(5.5)),
        ("barkThickness", Num(0.98)),
        ("splotchScale", Num(1.84)),
        ("splotchIntensity", Num(0.97)),
        ("cellScale", Num(710.0)),
        ("cellSize", Num(0.31)),
        ("darkGrainColor", Hex(0x311e13)),
        ("lightGrainColor", Hex(0x523424)),
    ]),
    ("white_oak", &[
        ("centerSize", Num(1.23)),
        ("largeWarpScale", Num(0.21)),
        ("largeGrainStretch", Num(0.21)),
        ("smallWarpStrength", Num(0.034)),
        ("smallWarpScale", Num(2.44)),
        ("fineWarpStrength", Num(0.01)),
        ("fineWarpScale", Num(14.3)),
        ("ringThickness", Num(1.0 / 34.0)),
        ("ringBias", Num(0.82)),
        ("ringSizeVariance", Num(0.16)),
        ("ringVarianceScale", Num(1.4)),
        ("barkThickness", Num(0.7)),
        ("splotchScale", Num(0.2)),
        ("splotchIntensity", Num(0.541)),
        ("cellScale", Num(800.0)),
        ("cellSize", Num(0.28)),
        ("darkGrainColor", Hex(0x8b4c21)),
        ("lightGrainColor", Hex(0xc57e43)),
    ]),
    ("pine", &[
        ("centerSize", Num(1.23)),
        ("largeWarpScale", Num(0.21)),
        ("largeGrainStretch", Num(0.18)),
        ("smallWarpStrength", Num(0.041)),
        ("smallWarpScale", Num(2.44)),
        ("fineWarpStrength", Num(0.006)),
        ("fineWarpScale", Num(23.2)),
        ("ringThickness", Num(1.0 / 24.0)),
        ("ringBias", Num(0.1)),
        ("ringSizeVariance", Num(0.07)),
        ("ringVarianceScale", Num(5.0)),
        ("barkThickness", Num(0.35)),
        ("splotchScale", Num(0.51)),
        ("splotchIntensity", Num(3.32)),
        ("cellScale", Num(1480.0)),
        ("cellSize", Num(0.07)),
        ("darkGrainColor", Hex(0xc58355)),
        ("lightGrainColor", Hex(0xd19d61)),
    ]),
    ("poplar", &[
        ("centerSize", Num(1.43)),
        ("largeWarpScale", Num(0.33)),
        ("largeGrainStretch", Num(0.18)),
        ("smallWarpStrength", Num(0.04)),
        ("smallWarpScale", Num(4.3)),
        ("fineWarpStrength", Num(0.004)),
        ("fineWarpScale", Num(33.6)),
        ("ringThickness", Num(1.0 / 37.0)),
        ("ringBias", Num(0.07)),
        ("ringSizeVariance", Num(0.03)),
        ("ringVarianceScale", Num(3.8)),
        ("barkThickness", Num(0.3)),
        ("splotchScale", Num(1.92)),
        ("splotchIntensity", Num(0.71)),
        ("cellScale", Num(830.0)),
        ("cellSize", Num(0.04)),
        ("darkGrainColor", Hex(0x716347)),
        ("lightGrainColor", Hex(0x998966)),
    ]),
    ("maple", &[
        ("centerSize", Num(1.4)),
        ("largeWarpScale", Num(0.38)),
        ("largeGrainStretch", Num(0.25)),
        ("smallWarpStrength", Num(0.067)),
        ("smallWarpScale", Num(2.5)),
        ("fineWarpStrength", Num(0.005)),
        ("fineWarpScale", Num(33.6)),
        ("ringThickness", Num(1.0 / 35.0)),
        ("ringBias", Num(0.1)),
        ("ringSizeVariance", Num(0.07)),
        ("ringVarianceScale", Num(4.6)),
        ("barkThickness", Num(0.61)),
        ("splotchScale", Num(0.46)),
        ("splotchIntensity", Num(1.49)),
        ("cellScale", Num(800.0)),
        ("cellSize", Num(0.03)),
        ("darkGrainColor", Hex(0xb08969)),
        ("lightGrainColor", Hex(0xbc9d7d)),
    ]),
    ("red_oak", &[
        ("centerSize", Num(1.21)),
        ("largeWarpScale", Num(0.24)),
        ("largeGrainStretch", Num(0.25)),
        ("smallWarpStrength", Num(0.044)),
        ("smallWarpScale", Num(2.54)),
        ("fineWarpStrength", Num(0.01)),
        ("fineWarpScale", Num(14.5)),
        ("ringThickness", Num(1.0 / 34.0)),
        ("ringBias", Num(0.92)),
        ("ringSizeVariance", Num(0.03)),
        ("ringVarianceScale", Num(5.6)),
        ("barkThickness", Num(1.01)),
        ("splotchScale", Num(0.28)),
        ("splotchIntensity", Num(3.48)),
        ("cellScale", Num(800.0)),
        ("cellSize", Num(0.25)),
        ("darkGrainColor", Hex(0xaf613b)),
        ("lightGrainColor", Hex(0xe0a27a)),
    ]),
    ("cherry", &[
        ("centerSize", Num(1.33)),
        ("largeWarpScale", Num(0.11)),
        ("largeGrainStretch", Num(0.33)),
        ("smallWarpStrength", Num(0.024)),
        ("smallWarpScale", Num(2.48)),
        ("fineWarpStrength", Num(0.01)),
        ("fineWarpScale", Num(15.3)),
        ("ringThickness", Num(1.0 / 36.0)),
        ("ringBias", Num(0.02)),
        ("ringSizeVariance", Num(0.04)),
        ("ringVarianceScale", Num(6.5)),
        ("barkThickness", Num(0.09)),
        ("splotchScale", Num(1.27)),
        ("splotchIntensity", Num(1.24)),
        ("cellScale", Num(1530.0)),
        ("cellSize", Num(0.15)),
        ("darkGrainColor", Hex(0x913f27)),
        ("lightGrainColor", Hex(0xb45837)),
    ]),
    ("cedar", &[
        ("centerSize", Num(1.11)),
        ("largeWarpScale", Num(0.39)),
        ("largeGrainStretch", Num(0.12)),
        ("smallWarpStrength", Num(0.061)),
        ("smallWarpScale", Num(1.9)),
        ("fineWarpStrength", Num(0.006)),
        ("fineWarpScale", Num(4.8)),
        ("ringThickness", Num(1.0 / 25.0)),
        ("ringBias", Num(0.01)),
        ("ringSizeVariance", Num(0.07)),
        ("ringVarianceScale", Num(6.7)),
        ("barkThickness", Num(0.1)),
        ("splotchScale", Num(0.61)),
        ("splotchIntensity", Num(2.54)),
        ("cellScale", Num(630.0)),
        ("cellSize", Num(0.19)),
        ("darkGrainColor", Hex(0x9a5b49)),
        ("lightGrainColor", Hex(0xae745e)),
    ]),
    ("mahogany", &[
        ("centerSize", Num(1.25)),
        ("largeWarpScale", Num(0.26)),
        ("largeGrainStretch", Num(0.29)),
        ("smallWarpStrength", Num(0.044)),
        ("smallWarpScale", Num(2.54)),
        ("fineWarpStrength", Num(0.01)),
        ("fineWarpScale", Num(15.3)),
        ("ringThickness", Num(1.0 / 38.0)),
        ("ringBias", Num(0.01)),
        ("ringSizeVariance", Num(0.33)),
        ("ringVarianceScale", Num(1.2)),
        ("barkThickness", Num(0.07)),
        ("splotchScale", Num(0.77)),
        ("splotchIntensity", Num(1.39)),
        ("cellScale", Num(1400.0)),
        ("cellSize", Num(0.23)),
        ("darkGrainColor", Hex(0x501d12)),
        ("lightGrainColor", Hex(0x6d3722)),
    ]),
];

/// `GetWoodPreset`'s switch: finish, clearcoat, clearcoatRoughness, clearcoatDarken.
const FINISHES: [(&str, f32, f32, f32); 4] = [
    ("gloss", 1.0, 0.1, 0.2),
    ("semigloss", 1.0, 0.4, 0.4),
    ("matte", 1.0, 1.0, 0.6),
    ("raw", 0.0, 0.0, 1.0),
];

/// three's `new Color( '#rrggbb' )`: each byte decoded with the sRGB transfer function.
fn srgb_hex(hex: u32) -> [f64; 3] {
    let decode = |b: u32| {
        let c = f64::from(b & 0xff) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    [decode(hex >> 16), decode(hex >> 8), decode(hex)]
}

/// The params field three's `name` is, read from `p`.
fn field(p: &WoodParams, name: &str) -> Vec<f32> {
    let c = |c: Color| vec![c.r, c.g, c.b];
    match name {
        "centerSize" => vec![p.center_size],
        "largeWarpScale" => vec![p.large_warp_scale],
        "largeGrainStretch" => vec![p.large_grain_stretch],
        "smallWarpStrength" => vec![p.small_warp_strength],
        "smallWarpScale" => vec![p.small_warp_scale],
        "fineWarpStrength" => vec![p.fine_warp_strength],
        "fineWarpScale" => vec![p.fine_warp_scale],
        "ringThickness" => vec![p.ring_thickness],
        "ringBias" => vec![p.ring_bias],
        "ringSizeVariance" => vec![p.ring_size_variance],
        "ringVarianceScale" => vec![p.ring_variance_scale],
        "barkThickness" => vec![p.bark_thickness],
        "splotchScale" => vec![p.splotch_scale],
        "splotchIntensity" => vec![p.splotch_intensity],
        "cellScale" => vec![p.cell_scale],
        "cellSize" => vec![p.cell_size],
        "darkGrainColor" => c(p.dark_grain_color),
        "lightGrainColor" => c(p.light_grain_color),
        other => panic!("no field {other}"),
    }
}

fn expected(value: Js) -> Vec<f64> {
    match value {
        Num(x) => vec![x],
        Hex(h) => srgb_hex(h).to_vec(),
    }
}

fn assert_close(got: &[f32], want: &[f64], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (g, w) in got.iter().zip(want) {
        assert!(
            (f64::from(*g) - w).abs() <= 1e-6 * w.abs().max(1.0),
            "{what}: {g} where three.js has {w}"
        );
    }
}

#[test]
fn every_preset_has_three_s_numbers_in_its_params_and_its_program_s_uniforms() {
    assert_eq!(WoodGenus::ALL.len(), WOOD_PARAMS.len());
    for (genus, (name, values)) in WoodGenus::ALL.into_iter().zip(WOOD_PARAMS) {
        assert_eq!(genus.name(), *name, "three's WoodGenuses order");
        assert_eq!(WoodGenus::from_name(name), Some(genus));
        assert_eq!(values.len(), 18, "{name}: every field but the matrix");
        let params = wood_preset(genus, WoodFinish::Raw);
        let program: NodeProgram = wood_program(&params).unwrap();
        for &(key, value) in values.iter() {
            let want = expected(value);
            assert_close(&field(&params, key), &want, &format!("{name}.{key}"));
            let uniform = program
                .uniform(key)
                .unwrap_or_else(|| panic!("{name}: no uniform {key}"));
            assert_close(&uniform, &want, &format!("{name}: uniform {key}"));
        }
        let matrix = program.uniform("transformationMatrix").unwrap();
        assert_eq!(matrix, glam::Mat4::IDENTITY.to_cols_array().to_vec());
        assert_eq!(params.transformation_matrix, glam::Mat4::IDENTITY);
    }
}

#[test]
fn every_finish_is_three_s_clear_coat_on_every_genus() {
    for (name, clearcoat, roughness, darken) in FINISHES {
        let finish = WoodFinish::from_name(name).unwrap();
        assert_eq!(finish.name(), name);
        for genus in WoodGenus::ALL {
            let p = wood_preset(genus, finish);
            assert_eq!((p.genus, p.finish), (genus, finish));
            assert_eq!(
                (p.clearcoat, p.clearcoat_roughness, p.clearcoat_darken),
                (clearcoat, roughness, darken),
                "{} {name}",
                genus.name()
            );
            // The grain does not depend on the finish.
            assert_eq!(
                p.center_size,
                wood_preset(genus, WoodFinish::Raw).center_size
            );
        }
    }
    assert_eq!(WoodFinish::from_name("satin"), None);
    assert_eq!(WoodGenus::from_name("oak"), None);
}

#[test]
fn the_wood_material_is_physical_under_the_finish_s_clear_coat() {
    let mut assets = Assets::new();
    let params = wood_preset(WoodGenus::Cherry, WoodFinish::Semigloss);
    let program = assets.programs.add(wood_program(&params).unwrap());
    let m = wood_material(program, &params);
    // MeshPhysicalMaterial's defaults under the preset's clearcoat and clearcoatRoughness.
    assert_eq!(m.kind, MaterialKind::Physical);
    assert_eq!((m.roughness, m.metalness), (1.0, 0.0));
    assert_eq!(m.color, Color::WHITE);
    assert_eq!((m.clearcoat, m.clearcoat_roughness), (1.0, 0.4));
    assert_eq!(m.nodes, Some(program));
}

#[test]
fn a_wood_uniform_changes_by_three_s_name() {
    let params = wood_preset(WoodGenus::Teak, WoodFinish::Raw);
    let mut program = wood_program(&params).unwrap();
    program.set_uniform("ringThickness", 1.0f32 / 50.0).unwrap();
    assert_eq!(program.uniform("ringThickness"), Some(vec![1.0 / 50.0]));
    program
        .set_uniform("darkGrainColor", Color::linear(0.1, 0.2, 0.3))
        .unwrap();
    assert_eq!(program.uniform("darkGrainColor"), Some(vec![0.1, 0.2, 0.3]));
    // A name three's material does not have is refused.
    assert!(program.set_uniform("ringThicknes", 0.1f32).is_err());
}

// ---- the post-processing material's ambient occlusion (the wall of `ao_wall/`) ----

/// Render `case`'s wall on the CPU and hold each pixel to the value worked out by hand.
fn on_the_cpu(case: &AoCase) {
    let mut assets = Assets::new();
    let program = (case.program)(&mut assets);
    let (scene, camera) = wall(program, &mut assets);
    let renderer = Renderer::new(RenderSettings::new(SIZE, SIZE));
    let image = renderer.render_linear(&scene, &camera, &assets).unwrap();
    hold_to_hand(case, &image);
}

#[test]
fn the_pass_dims_each_pixel_by_its_own_texel() {
    on_the_cpu(&AO_CASES[0]);
}

#[test]
fn a_half_size_pass_is_read_at_half_the_pixel_by_ao_pass_map_scale() {
    on_the_cpu(&AO_CASES[1]);
}

#[test]
fn an_ao_map_takes_the_lower_value_and_applies_its_intensity_as_three_does() {
    on_the_cpu(&AO_CASES[2]);
}

#[test]
fn the_pass_is_a_texture_uniform_that_set_texture_changes() {
    on_the_cpu(&AO_CASES[3]);
}
