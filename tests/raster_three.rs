//! Fidelity to three.js r187: each scene here is built the same way as a case file of
//! tools/three_cases/ (see README there), which real three.js (WebGPURenderer on WebGL2, headless
//! Chromium, SwiftShader) rendered to tests/fixtures/three/NAME.png and NAME.json. The CPU
//! renderer's image is held to them as `three_cases/fidelity.rs` says; `gpu_three.rs` holds the
//! GPU renderer to the same.

mod three_cases;

use three_cases::fidelity::hold_to_three;
use three_cases::ThreeCase;

fn check(name: &str) {
    check_case(three_cases::case(name));
}

fn check_case(case: &'static ThreeCase) {
    let name = case.name;
    let scene = (case.scene)();
    let renderer = (case.renderer)();
    let linear = renderer
        .render_linear(&scene.scene, &scene.camera, &scene.assets)
        .unwrap();
    let image = renderer
        .render(&scene.scene, &scene.camera, &scene.assets)
        .unwrap();
    assert_eq!(
        image,
        renderer.settings.encode(&linear),
        "{name}: render is the output transform of render_linear"
    );
    hold_to_three(case, &scene, &renderer, "CPU", &image, &linear);
}

#[test]
fn an_unlit_colour_node_matches_three() {
    check("unlit_color_node");
}

#[test]
fn a_textured_plane_matches_three() {
    check("textured_plane");
}

#[test]
fn a_standard_sphere_under_a_directional_light_matches_three() {
    check("standard_directional");
}

#[test]
fn point_lights_with_decay_match_three() {
    check("point_decay");
}

#[test]
fn a_spot_light_on_phong_matches_three() {
    check("spot_phong");
}

#[test]
fn hemisphere_and_ambient_light_match_three() {
    check("hemisphere_ambient");
}

#[test]
fn linear_fog_matches_three() {
    check("fog_linear");
}

#[test]
fn exponential_fog_matches_three() {
    check("fog_exp2");
}

#[test]
fn vertex_colours_match_three() {
    check("vertex_colors");
}

#[test]
fn an_alpha_tested_cut_out_matches_three() {
    check("alpha_test");
}

#[test]
fn transparent_blending_matches_three() {
    check("transparent");
}

#[test]
fn normal_ao_and_emissive_maps_match_three() {
    check("maps");
}

#[test]
fn alpha_and_bump_maps_match_three() {
    check("alpha_bump");
}

#[test]
fn aces_tone_mapping_matches_three() {
    check("tone_aces");
}

#[test]
fn spec_000_graph_with_position_and_emissive_nodes_matches_three() {
    check("graph_nodes");
}

#[test]
fn mask_opacity_and_ao_nodes_match_three() {
    check("mask_opacity");
}

#[test]
fn the_normal_material_matches_three() {
    check("normal_material");
}

#[test]
fn a_light_mask_matches_three_s_lights_node() {
    check("light_mask");
}

#[test]
fn a_rect_area_light_matches_three() {
    check("rect_area");
}

#[test]
fn image_based_light_over_roughness_and_metalness_matches_three() {
    check("env_grid");
}

#[test]
fn the_environment_as_background_and_a_material_env_map_match_three() {
    check("env_background");
}

#[test]
fn directional_shadows_match_three() {
    check("shadow_directional");
}

#[test]
fn spot_shadows_match_three() {
    check("shadow_spot");
}

#[test]
fn point_shadows_match_three() {
    check("shadow_point");
}

#[test]
fn vsm_shadows_match_three() {
    check("shadow_vsm");
}

#[test]
fn physical_ior_and_specular_match_three() {
    check("physical_ior_specular");
}

#[test]
fn physical_sheen_matches_three() {
    check("physical_sheen");
}

#[test]
fn physical_iridescence_matches_three() {
    check("physical_iridescence");
}

#[test]
fn physical_anisotropy_matches_three() {
    check("physical_anisotropy");
}

#[test]
fn physical_maps_match_three() {
    check("physical_maps");
}

#[test]
fn sss_thickness_outputs_match_three() {
    check("sss_thickness");
}

#[test]
fn physical_clearcoat_normal_map_matches_three() {
    check("physical_clearcoat_normal");
}

#[test]
fn rect_area_lights_on_the_full_physical_model_match_three() {
    check("rect_physical");
}

#[test]
fn a_sharp_equirectangular_background_matches_three() {
    check("env_sharp");
}

#[test]
fn the_full_physical_model_under_an_environment_matches_three() {
    check("env_physical");
}

#[test]
fn received_shadow_node_matches_three() {
    check("shadow_received_node");
}

#[test]
fn shadow_alpha_test_matches_three() {
    check("shadow_alpha_test");
}

#[test]
fn transmitted_shadows_match_three() {
    check("shadow_transmitted");
}

#[test]
fn viewport_texture_in_a_colour_node_matches_three() {
    check("backdrop_color_node");
}

#[test]
fn backdrop_nodes_match_three() {
    check("backdrop_filter");
}

#[test]
fn physical_transmission_matches_three() {
    // R-SCREEN-3: two transmissive spheres (roughness 0.2 and 0.6, thickness 1, attenuation).
    check("transmission_sphere");
}

#[test]
fn physical_transmission_and_thickness_maps_match_three() {
    // R-SCREEN-3: transmissionMap's red and thicknessMap's green, on a sphere and a thin pane.
    check("transmission_map");
}

#[test]
fn double_sided_transmission_matches_three() {
    // R-SCREEN-3: three's transparentDoublePass, the back faces drawn (reading the opaque pass)
    // before the front faces, which read them.
    check("transmission_double");
}

#[test]
fn transmission_dispersion_matches_three() {
    // R-SCREEN-3: `dispersion`, the screen read once per colour channel at its own ior.
    check("transmission_dispersion");
}

#[test]
fn transmission_on_layers_matches_three() {
    // R-SCREEN-3: transmission under metalness (the material's and METALNESS_NODE's), a
    // clearcoat, sheen and thickness scattering; three mixes it into the total diffuse light
    // before the model's finish lays the clearcoat over it.
    check("transmission_layers");
}

#[test]
fn a_volume_lit_by_a_point_light_matches_three() {
    check("volume_point");
}

#[test]
fn cube_and_array_textures_match_three() {
    // R-CUBE-1, R-CUBE-2: cubeTexture by a direction and by reflectVector, and a
    // DataArrayTexture's layer by `depth`.
    check("cube_texture");
}

#[test]
fn a_spot_light_s_shadow_at_each_step_of_a_volume_matches_three() {
    check("volume_shadow");
}

#[test]
fn instanced_meshes_with_instance_colours_and_instance_index_match_three() {
    check("instanced_colors");
}

#[test]
fn custom_attributes_match_three() {
    check("attribute_color");
}

/// R-OUT-17: ROUGHNESS_NODE and METALNESS_NODE by uv, and the roughness and metalness maps.
#[test]
fn roughness_and_metalness_nodes_under_a_directional_light_match_three() {
    check("outputs_lit");
}

/// R-OUT-17: the nodes' roughness and metalness feed the environment's light too.
#[test]
fn roughness_and_metalness_nodes_under_an_environment_match_three() {
    check("outputs_env");
}

/// R-OUT-18: ALPHA_TEST_NODE replaces the material's threshold on BASIC, STANDARD and LAMBERT.
#[test]
fn alpha_test_nodes_match_three() {
    check("outputs_alpha_test");
}

/// R-OUT-18: the shadow pass keeps the material's `alpha_test`, as three r187's does.
#[test]
fn the_shadow_pass_ignores_the_alpha_test_node_as_three_does() {
    check("outputs_alpha_shadow");
}

/// R-SPRITE-1 to R-SPRITE-3: sprites with node materials (uv colour, rotation, centre, no size
/// attenuation, a map with alpha) over a plane.
#[test]
fn sprites_match_three() {
    check("sprite_basic");
}

#[test]
fn size_one_points_with_a_colour_node_and_vertex_colours_match_three() {
    check("points_colors");
}

#[test]
fn one_pixel_lines_strips_segments_and_an_indexed_closed_line_match_three() {
    check("lines_colors");
}

/// R-PRIM-5: a light's view draws the depth of points (1 texel wide, as three's WebGL2 backend
/// draws every point) and 1-texel lines, which shadow a floor under PCF.
#[test]
fn points_and_lines_cast_shadows_as_three() {
    check("points_shadow");
}

#[test]
fn a_gltf_model_loaded_as_three_s_gltf_loader_loads_it_matches_three() {
    check("gltf_boxes");
}

#[test]
fn gltf_sample_box_vertex_colors_matches_three() {
    check("gltf_vertex_colors");
}

#[test]
fn gltf_sample_texture_coordinate_test_matches_three() {
    check("gltf_texcoords");
}

#[test]
fn gltf_sample_alpha_blend_mode_test_matches_three() {
    check("gltf_alpha_modes");
}

#[test]
fn gltf_sample_texture_transform_test_matches_three() {
    check("gltf_texture_transform");
}

#[test]
fn gltf_sample_metal_rough_spheres_matches_three() {
    check("gltf_metal_rough");
}

#[test]
fn gltf_sample_clearcoat_and_sheen_test_matches_three() {
    check("gltf_clearcoat_sheen");
}

#[test]
fn gltf_sample_normal_tangent_test_matches_three() {
    check("gltf_normal_tangent");
}

#[test]
fn gltf_sample_unlit_test_matches_three() {
    check("gltf_unlit");
}

#[test]
fn materialx_documents_match_three() {
    for name in [
        "materialx_gold",
        "materialx_velvet",
        "materialx_jade",
        "materialx_marble",
        "materialx_wood",
    ] {
        check(name);
    }
}

/// The surface shaders beside standard_surface that three's MaterialXLoader maps, and a
/// displacement shader.
#[test]
fn materialx_surfaces_beside_standard_surface_match_three() {
    for name in [
        "materialx_openpbr_coat",
        "materialx_openpbr_fuzz",
        "materialx_gltf_pbr",
        "materialx_unlit_displaced",
    ] {
        check(name);
    }
}

/// The sky of `examples/sky.rs` (a `#[tsl_fn]` of `position_world()` and four uniforms on the back
/// faces of a sphere), with a hemisphere-lit ground and ball.
#[test]
fn the_typed_sky_example_matches_three() {
    check("sky");
}

#[test]
fn morph_targets_match_three() {
    check("morph_targets");
}

#[test]
fn skinning_matches_three() {
    check("skinning");
}

#[test]
fn a_displacement_map_matches_three() {
    check("displacement_map");
}

/// R-READY-5: three r187's ToonShader2, ToonShaderHatching and ToonShaderDotted, three's GLSL
/// through `tsl::materials::toon_shaders`, against the classic WebGLRenderer's ShaderMaterials
/// (their `linearToOutputTexel`, sRGB, against the output transform's encoding).
#[test]
fn the_toon_shaders_match_three() {
    check("toon_shaders");
}

/// R-READY-5: ToonShader1, whose vertex shader reads `modelMatrix[0].xyz` (the world normal).
#[test]
fn toon_shader_1_matches_three() {
    check("toon_shader_1");
}

/// R-READY-6: `volume_render_shader` in both styles on a 16³ R8 volume, against three r187's
/// VolumeRenderShader1 as webgl2_materials_texture3d draws it (a linear output, as the classic
/// renderer writes the shader's colour as it is).
#[test]
fn the_volume_shader_matches_three() {
    check("volume_shader");
}
