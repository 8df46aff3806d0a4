//! The three.js fidelity cases, shared by the CPU's test (`raster_three.rs`) and the GPU's
//! (`gpu_three.rs`): each case file of tools/three_cases/ (see README there) as a scene, the
//! renderer settings three.js used, and the bounds a render is held to against three.js's canvas
//! and float readbacks (`fidelity.rs`).

pub mod fidelity;
pub mod scenes;
pub mod scenes_alphabump;
pub mod scenes_cube;
pub mod scenes_deform;
pub mod scenes_envgpu;
pub mod scenes_envmap;
pub mod scenes_fullmodel;
pub mod scenes_gltf;
pub mod scenes_instancing;
pub mod scenes_materialx;
pub mod scenes_outputs;
pub mod scenes_physical;
pub mod scenes_points;
pub mod scenes_ready;
pub mod scenes_rectmask;
pub mod scenes_screen;
pub mod scenes_shadow;
pub mod scenes_shadownodes;
pub mod scenes_sky;
pub mod scenes_sprites;
pub mod scenes_transmission;
pub mod scenes_volume;

use scenes::Case;
use tsl::raster::{OutputColorSpace, RenderSettings, Renderer, ToneMapping};

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
    ($($name:ident $(in $module:ident)? $(with $settings:ident)?),* $(,)?) => {
        /// Every case, in the order of tools/three_cases/README.md.
        pub const CASES: &[ThreeCase] = &[$(ThreeCase {
            name: stringify!($name),
            scene: cases!(@scene $name $($module)?),
            renderer: cases!(@settings $($settings)?),
        }),*];
    };
    (@scene $name:ident) => { scenes::$name };
    (@scene $name:ident $module:ident) => { $module::$name };
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
    alpha_bump in scenes_alphabump,
    tone_aces with aces,
    graph_nodes with at_time_1_5,
    mask_opacity,
    normal_material,
    light_mask,
    rect_area,
    env_grid in scenes_envmap,
    env_background in scenes_envmap,
    shadow_directional with shadows_pcf,
    shadow_spot with shadows_pcf,
    shadow_point with shadows_pcf,
    shadow_vsm with shadows_vsm,
    physical_ior_specular,
    physical_sheen,
    physical_iridescence,
    physical_anisotropy,
    physical_maps,
    sss_thickness,
    physical_clearcoat_normal,
    rect_physical in scenes_fullmodel,
    env_sharp in scenes_envgpu,
    env_physical in scenes_envgpu,
    shadow_received_node in scenes_shadownodes with shadows_pcf,
    shadow_alpha_test in scenes_shadownodes with shadows_pcf,
    shadow_transmitted in scenes_shadownodes with shadows_transmitted,
    backdrop_color_node in scenes_screen,
    backdrop_filter in scenes_screen,
    volume_point in scenes_volume,
    volume_shadow in scenes_volume with shadows_pcf,
    instanced_colors in scenes_instancing,
    attribute_color in scenes_instancing,
    transmission_sphere in scenes_transmission,
    transmission_map in scenes_transmission,
    transmission_double in scenes_transmission,
    transmission_dispersion in scenes_transmission,
    transmission_layers in scenes_transmission,
    outputs_lit in scenes_outputs,
    outputs_env in scenes_outputs,
    outputs_alpha_test in scenes_outputs,
    outputs_alpha_shadow in scenes_outputs with shadows_pcf,
    sprite_basic in scenes_sprites,
    points_colors in scenes_points,
    lines_colors in scenes_points,
    points_shadow in scenes_points with shadows_pcf,
    gltf_boxes in scenes_gltf,
    gltf_vertex_colors in scenes_gltf,
    gltf_texcoords in scenes_gltf,
    gltf_alpha_modes in scenes_gltf,
    gltf_texture_transform in scenes_gltf,
    gltf_metal_rough in scenes_gltf,
    gltf_clearcoat_sheen in scenes_gltf,
    gltf_normal_tangent in scenes_gltf,
    gltf_unlit in scenes_gltf,
    materialx_gold in scenes_materialx,
    materialx_velvet in scenes_materialx,
    materialx_jade in scenes_materialx,
    materialx_marble in scenes_materialx,
    materialx_wood in scenes_materialx,
    materialx_openpbr_coat in scenes_materialx,
    materialx_openpbr_fuzz in scenes_materialx,
    materialx_gltf_pbr in scenes_materialx,
    materialx_unlit_displaced in scenes_materialx,
    sky in scenes_sky,
    morph_targets in scenes_deform,
    skinning in scenes_deform,
    displacement_map in scenes_deform,
    toon_shaders in scenes_ready,
    toon_shader_1 in scenes_ready,
    volume_shader in scenes_ready with linear_output,
    cube_texture in scenes_cube,
];

/// The classic WebGLRenderer's canvas of a ShaderMaterial that writes its colour as it is (no
/// `colorspace_fragment`): a linear output, no sRGB encoding.
fn linear_output() -> Renderer {
    let mut renderer = plain();
    renderer.settings.output.color_space = OutputColorSpace::Linear;
    renderer
}

/// `renderer.shadowMap.enabled = true` (PCF, three.js's default type).
fn shadows_pcf() -> Renderer {
    let mut renderer = plain();
    renderer.settings.shadow_map_enabled = true;
    renderer
}

/// `renderer.shadowMap.enabled = true` with `shadowMap.transmitted = true`.
fn shadows_transmitted() -> Renderer {
    let mut renderer = shadows_pcf();
    renderer.settings.shadow_map_transmitted = true;
    renderer
}

/// `renderer.shadowMap.enabled = true` with `VSMShadowMap`.
fn shadows_vsm() -> Renderer {
    let mut renderer = shadows_pcf();
    renderer.settings.shadow_map_type = tsl::raster::ShadowMapType::Vsm;
    renderer
}

/// The case named `name`.
#[allow(dead_code)] // raster_three's tests name their cases; gpu_three runs them all
pub fn case(name: &str) -> &'static ThreeCase {
    CASES
        .iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no three.js case {name}"))
}
