//! three.js's `WoodNodeMaterial` (r187, `examples/jsm/materials/WoodNodeMaterial.js`): its
//! presets (`GetWoodPreset`), its colour program and its physical material (R-READY-1,
//! docs/requirements.md).
//!
//! ```
//! use tsl::materials::{wood_material, wood_preset, wood_program, WoodFinish, WoodGenus};
//! use tsl::raster::Assets;
//! let mut assets = Assets::new();
//! let params = wood_preset(WoodGenus::Walnut, WoodFinish::Gloss);
//! let program = assets.programs.add(wood_program(&params).unwrap());
//! let plank = assets.materials.add(wood_material(program, &params));
//! assert_eq!(assets.materials.get(plank).unwrap().clearcoat, 1.0);
//! ```

use super::wood_nodes::{wood_color, WoodUniforms};
use tsl_core::typed::prelude::*;
use tsl_core::{Color, GraphError, NodeProgram};
use tsl_raster::{Material, ProgramId};

/// The ten genuses of three.js's `WoodGenuses`, in its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WoodGenus {
    /// `teak`.
    Teak,
    /// `walnut`.
    Walnut,
    /// `white_oak`.
    WhiteOak,
    /// `pine`.
    Pine,
    /// `poplar`.
    Poplar,
    /// `maple`.
    Maple,
    /// `red_oak`.
    RedOak,
    /// `cherry`.
    Cherry,
    /// `cedar`.
    Cedar,
    /// `mahogany`.
    Mahogany,
}

impl WoodGenus {
    /// Every genus, in three.js's order (`WoodGenuses`).
    pub const ALL: [WoodGenus; 10] = [
        WoodGenus::Teak,
        WoodGenus::Walnut,
        WoodGenus::WhiteOak,
        WoodGenus::Pine,
        WoodGenus::Poplar,
        WoodGenus::Maple,
        WoodGenus::RedOak,
        WoodGenus::Cherry,
        WoodGenus::Cedar,
        WoodGenus::Mahogany,
    ];

    /// three.js's name of the genus (`'white_oak'`).
    pub fn name(self) -> &'static str {
        GRAINS[self as usize].0
    }

    /// The genus three.js names `name`, or `None`.
    pub fn from_name(name: &str) -> Option<WoodGenus> {
        WoodGenus::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// The four finishes of three.js's `Finishes`, in its order: each a clear coat over the wood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WoodFinish {
    /// `raw`: no clear coat.
    Raw,
    /// `matte`: a rough clear coat.
    Matte,
    /// `semigloss`.
    Semigloss,
    /// `gloss`: a smooth clear coat.
    Gloss,
}

impl WoodFinish {
    /// Every finish, in three.js's order (`Finishes`).
    pub const ALL: [WoodFinish; 4] = [
        WoodFinish::Raw,
        WoodFinish::Matte,
        WoodFinish::Semigloss,
        WoodFinish::Gloss,
    ];

    /// three.js's name of the finish (`'semigloss'`).
    pub fn name(self) -> &'static str {
        FINISHES[self as usize].0
    }

    /// The finish three.js names `name`, or `None`.
    pub fn from_name(name: &str) -> Option<WoodFinish> {
        WoodFinish::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// A preset of three.js's `GetWoodPreset`: the genus's grain and the finish's clear coat. The
/// fields have three.js's names in snake case; a program made with [`wood_program`] keeps the
/// grain's as uniforms of three.js's names (`centerSize`, ..., `transformationMatrix`), which
/// `NodeProgram::set_uniform` changes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WoodParams {
    /// The genus the preset was made from.
    pub genus: WoodGenus,
    /// The finish the preset was made with.
    pub finish: WoodFinish,
    /// `transformationMatrix`: maps the fragment's `position_local()` to the wood's space (the
    /// trunk runs along its z axis); the identity in every preset.
    pub transformation_matrix: glam::Mat4,
    /// `centerSize`: how far from the trunk's axis the warp grows to full strength.
    pub center_size: f32,
    /// `largeWarpScale`.
    pub large_warp_scale: f32,
    /// `largeGrainStretch`.
    pub large_grain_stretch: f32,
    /// `smallWarpStrength`.
    pub small_warp_strength: f32,
    /// `smallWarpScale`.
    pub small_warp_scale: f32,
    /// `fineWarpStrength`.
    pub fine_warp_strength: f32,
    /// `fineWarpScale`.
    pub fine_warp_scale: f32,
    /// `ringThickness`: the rings' spacing (the program divides one by it).
    pub ring_thickness: f32,
    /// `ringBias`: where in a ring the light wood turns dark, 0 to 1.
    pub ring_bias: f32,
    /// `ringSizeVariance`.
    pub ring_size_variance: f32,
    /// `ringVarianceScale`.
    pub ring_variance_scale: f32,
    /// `barkThickness`.
    pub bark_thickness: f32,
    /// `splotchScale`.
    pub splotch_scale: f32,
    /// `splotchIntensity`.
    pub splotch_intensity: f32,
    /// `cellScale`: the size of the pores' Voronoi cells.
    pub cell_scale: f32,
    /// `cellSize`.
    pub cell_size: f32,
    /// `darkGrainColor` (linear; the preset's is an sRGB hex code, decoded as three.js's
    /// `Color` decodes it).
    pub dark_grain_color: Color,
    /// `lightGrainColor` (linear, as `dark_grain_color`).
    pub light_grain_color: Color,
    /// `clearcoat`: the finish's clear coat, 0 (raw) or 1.
    pub clearcoat: f32,
    /// `clearcoatRoughness`: 0 raw, 1 matte, 0.4 semigloss, 0.1 gloss.
    pub clearcoat_roughness: f32,
    /// `clearcoatDarken`: 1 raw, 0.6 matte, 0.4 semigloss, 0.2 gloss. three.js's material
    /// builds its colour program once, with the darkening of the first preset it loads (teak,
    /// raw: 1), so no finish ever darkens the wood there; [`wood_program`] does the same and
    /// leaves this value unread. Multiply the colour by it yourself to darken.
    pub clearcoat_darken: f32,
}

/// A genus's grain: three.js's `woodParams[genus]`, with its name. The order of the numbers is
/// the file's: `centerSize`, `largeWarpScale`, `largeGrainStretch`, `smallWarpStrength`,
/// `smallWarpScale`, `fineWarpStrength`, `fineWarpScale`, `ringThickness`, `ringBias`,
/// `ringSizeVariance`, `ringVarianceScale`, `barkThickness`, `splotchScale`, `splotchIntensity`,
/// `cellScale`, `cellSize`; then `darkGrainColor` and `lightGrainColor` as sRGB hex codes.
type Grain = (&'static str, [f32; 16], u32, u32);

/// The grains, indexed by [`WoodGenus`] (three.js writes `ringThickness` as `1 / n`).
#[rustfmt::skip]
const GRAINS: [Grain; 10] = [
    ("teak", [1.11, 0.32, 0.24, 0.059, 2.0, 0.006, 32.8, 1.0 / 34.0, 0.03, 0.03, 4.4, 0.3, 0.2, 0.541, 910.0, 0.1], 0x0c0504, 0x926c50),
    ("walnut", [1.07, 0.42, 0.34, 0.016, 10.3, 0.028, 12.7, 1.0 / 32.0, 0.08, 0.03, 5.5, 0.98, 1.84, 0.97, 710.0, 0.31], 0x311e13, 0x523424),
    ("white_oak", [1.23, 0.21, 0.21, 0.034, 2.44, 0.01, 14.3, 1.0 / 34.0, 0.82, 0.16, 1.4, 0.7, 0.2, 0.541, 800.0, 0.28], 0x8b4c21, 0xc57e43),
    ("pine", [1.23, 0.21, 0.18, 0.041, 2.44, 0.006, 23.2, 1.0 / 24.0, 0.1, 0.07, 5.0, 0.35, 0.51, 3.32, 1480.0, 0.07], 0xc58355, 0xd19d61),
    ("poplar", [1.43, 0.33, 0.18, 0.04, 4.3, 0.004, 33.6, 1.0 / 37.0, 0.07, 0.03, 3.8, 0.3, 1.92, 0.71, 830.0, 0.04], 0x716347, 0x998966),
    ("maple", [1.4, 0.38, 0.25, 0.067, 2.5, 0.005, 33.6, 1.0 / 35.0, 0.1, 0.07, 4.6, 0.61, 0.46, 1.49, 800.0, 0.03], 0xb08969, 0xbc9d7d),
    ("red_oak", [1.21, 0.24, 0.25, 0.044, 2.54, 0.01, 14.5, 1.0 / 34.0, 0.92, 0.03, 5.6, 1.01, 0.28, 3.48, 800.0, 0.25], 0xaf613b, 0xe0a27a),
    ("cherry", [1.33, 0.11, 0.33, 0.024, 2.48, 0.01, 15.3, 1.0 / 36.0, 0.02, 0.04, 6.5, 0.09, 1.27, 1.24, 1530.0, 0.15], 0x913f27, 0xb45837),
    ("cedar", [1.11, 0.39, 0.12, 0.061, 1.9, 0.006, 4.8, 1.0 / 25.0, 0.01, 0.07, 6.7, 0.1, 0.61, 2.54, 630.0, 0.19], 0x9a5b49, 0xae745e),
    ("mahogany", [1.25, 0.26, 0.29, 0.044, 2.54, 0.01, 15.3, 1.0 / 38.0, 0.01, 0.33, 1.2, 0.07, 0.77, 1.39, 1400.0, 0.23], 0x501d12, 0x6d3722),
];

/// The finishes, indexed by [`WoodFinish`]: name, `clearcoat`, `clearcoatRoughness`,
/// `clearcoatDarken` (`GetWoodPreset`'s switch).
const FINISHES: [(&str, f32, f32, f32); 4] = [
    ("raw", 0.0, 0.0, 1.0),
    ("matte", 1.0, 1.0, 0.6),
    ("semigloss", 1.0, 0.4, 0.4),
    ("gloss", 1.0, 0.1, 0.2),
];

/// three.js's `GetWoodPreset(genus, finish)`: the genus's grain with the finish's clear coat.
pub fn wood_preset(genus: WoodGenus, finish: WoodFinish) -> WoodParams {
    let (_, g, dark, light) = GRAINS[genus as usize];
    let (_, clearcoat, clearcoat_roughness, clearcoat_darken) = FINISHES[finish as usize];
    WoodParams {
        genus,
        finish,
        transformation_matrix: glam::Mat4::IDENTITY,
        center_size: g[0],
        large_warp_scale: g[1],
        large_grain_stretch: g[2],
        small_warp_strength: g[3],
        small_warp_scale: g[4],
        fine_warp_strength: g[5],
        fine_warp_scale: g[6],
        ring_thickness: g[7],
        ring_bias: g[8],
        ring_size_variance: g[9],
        ring_variance_scale: g[10],
        bark_thickness: g[11],
        splotch_scale: g[12],
        splotch_intensity: g[13],
        cell_scale: g[14],
        cell_size: g[15],
        dark_grain_color: Color::from_hex(dark),
        light_grain_color: Color::from_hex(light),
        clearcoat,
        clearcoat_roughness,
        clearcoat_darken,
    }
}

/// The wood's colour program, three.js's `colorNode`: `wood(transformationMatrix ·
/// positionLocal, ...)` with `params`'s grain as uniforms of three.js's names (`centerSize`,
/// `largeWarpScale`, `largeGrainStretch`, `smallWarpStrength`, `smallWarpScale`,
/// `fineWarpStrength`, `fineWarpScale`, `ringThickness`, `ringBias`, `ringSizeVariance`,
/// `ringVarianceScale`, `barkThickness`, `splotchScale`, `splotchIntensity`, `cellScale`,
/// `cellSize`, `darkGrainColor`, `lightGrainColor`, `transformationMatrix`). Its only output is
/// `COLOR_NODE`. The file's `voronoi3d` is WGSL text; this is the TSL form the file keeps beside
/// it, which three.js's WebGL back end runs too.
///
/// An error is the compiler's (a program over its limits), never expected of these fixed graphs.
pub fn wood_program(params: &WoodParams) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let u = WoodUniforms::new(params);
    let p = u
        .transformation_matrix
        .mul(position_local().extend(1.0))
        .xyz();
    // three's colour node ends in `.mul( params.clearcoatDarken )` of its first preset: 1, so
    // nothing to multiply (see `WoodParams::clearcoat_darken`).
    scope.color_node(wood_color(p, &u))?;
    scope.compile()
}

/// three.js's `WoodNodeMaterial` for `params`: a PHYSICAL material (white, roughness 1,
/// metalness 0, as `MeshPhysicalMaterial`'s defaults) whose colour is `program`'s (made with
/// [`wood_program`]) under the finish's clear coat (`clearcoat`, `clearcoat_roughness`).
pub fn wood_material(program: ProgramId, params: &WoodParams) -> Material {
    Material {
        clearcoat: params.clearcoat,
        clearcoat_roughness: params.clearcoat_roughness,
        ..Material::physical(Color::WHITE, 1.0, 0.0).with_nodes(program)
    }
}
