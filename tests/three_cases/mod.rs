//! The three.js fidelity cases, shared by the CPU's test (`raster_three.rs`) and the GPU's
//! (`gpu_three.rs`): each case file of tools/three_cases/ (see README there) as a scene, the
//! renderer settings three.js used, and the bounds a render is held to against three.js's canvas
//! and float readbacks (`fidelity.rs`).

pub mod fidelity;
pub mod scenes;
pub mod scenes_physical;

use scenes::Case;
#[allow(unused_imports)] // the cases! list names each scene by its bare name
use scenes::*;
use scenes_physical::*;
use tsl::raster::{RenderSettings, Renderer, ToneMapping};

/// One case: the fixture's name, its scene and the renderer settings of its case file.
pub struct ThreeCase {
    /// tests/fixtures/three/NAME.png and NAME.json.
    pub name: &'static str,
    /// The scene.
    pub scene: fn() -> Case,
    /// The CPU renderer with the settings (size, time, tone mapping) three.js had.
    pub renderer: fn() -> Renderer,
}

fn plain() -> Renderer {
    Renderer::new(RenderSettings::new(scenes::W, scenes::H))
}

fn aces() -> Renderer {
    let mut renderer = plain();
    renderer
        .settings
        .set_tone_mapping(ToneMapping::AcesFilmic, 1.2);
    renderer
}

fn at_time_1_5() -> Renderer {
    let mut renderer = plain();
    renderer.settings.time = 1.5;
    renderer
}

macro_rules! cases {
    ($($name:ident $(with $settings:ident)?),* $(,)?) => {
        /// Every case, in the order of tools/three_cases/README.md.
        pub const CASES: &[ThreeCase] = &[$(ThreeCase {
            name: stringify!($name),
            scene: $name,
            renderer: cases!(@settings $($settings)?),
        }),*];
    };
    (@settings) => { plain };
    (@settings $settings:ident) => { $settings };
}

cases![
    unlit_color_node,
    textured_plane,
    standard_directional,
    point_decay,
    spot_phong,
    hemisphere_ambient,
    fog_linear,
    fog_exp2,
    vertex_colors,
    alpha_test,
    transparent,
    maps,
    tone_aces with aces,
    graph_nodes with at_time_1_5,
    mask_opacity,
    normal_material,
    physical_ior_specular,
    physical_sheen,
    physical_iridescence,
    physical_anisotropy,
    physical_maps,
    sss_thickness,
    physical_clearcoat_normal,
];

/// The case named `name`.
#[allow(dead_code)] // raster_three's tests name their cases; gpu_three runs them all
pub fn case(name: &str) -> &'static ThreeCase {
    CASES
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no three.js case {name}"))
}
