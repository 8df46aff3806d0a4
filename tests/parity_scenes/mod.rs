//! The parity scenes (tests/gpu_parity.rs, tests/gpu_native.rs): each scene function builds its
//! cases and hands each to `check` with its name, which draws it with the renderers under test
//! against the CPU renderer. `with_scenes!(m)` calls macro `m` with every scene's name.

use glam::Vec3;
use std::f32::consts::FRAC_PI_2;
use tsl_core::*;
use tsl_raster::*;

/// What a scene hands each of its cases to, with the case's name.
pub type Check<'a> = &'a mut dyn FnMut(Case, &str);

/// Calls `$m![...]` with the name of every scene function below.
macro_rules! with_scenes {
    ($m:ident) => {
        $m! {
            basic_colour_on_a_plane_and_a_sphere,
            a_colour_node_of_the_uv,
            vertex_colours_through_the_material_and_the_node,
            lambert_under_ambient_and_directional_light,
            phong_under_a_point_light,
            standard_under_hemisphere_directional_and_spot_lights,
            physical_with_clearcoat_under_point_and_spot_lights,
            flat_shading_on_a_standard_torus,
            transparent_double_sided_sphere_over_opaque_ones,
            an_opacity_node_and_an_alpha_test,
            a_discard_and_a_mask,
            a_depth_node_moves_a_surface_through_another,
            emissive_ao_and_normal_nodes_under_lights,
            an_output_node_reads_the_lit_colour,
            derivatives_of_the_position_and_the_uv,
            varyings_interpolate_per_vertex_values,
            a_colour_node_reads_the_local_position_and_normal,
            vec4_colour_and_output_nodes_with_alpha,
            noise_perlin_cell_worley_and_fractal,
            linear_fog_and_exp2_fog,
            the_uv_and_lit_shading_views_and_the_data_materials,
            an_orthographic_camera_and_tone_mapping,
            the_graph_example_at_a_time,
            a_position_node_moves_the_vertices,
            frag_coord_and_facing_on_double_and_back_sides,
            every_math_family_in_one_graph,
            a_loop_with_variables_and_a_break,
            depth_write_and_depth_test_off_and_a_mirrored_mesh,
            a_large_frame_of_many_small_triangles,
            a_colour_map_with_trilinear_mipmaps_and_a_uv_transform,
            every_texture_filter_and_wrap,
            normal_emissive_and_ao_maps_on_a_standard_surface,
            a_program_reads_textures_at_its_own_coordinates,
            a_program_reads_textures_at_levels_gradients_and_biases,
            a_program_fetches_texels_of_each_level,
            a_floor_to_the_horizon_takes_the_64_bit_edges,
            light_masks_with_and_without_a_node_program,
            rect_area_lights_on_standard_and_physical,
            shadows_of_each_light_through_each_filter,
            physical_extensions_and_their_maps,
            phong_scattering_with_a_thickness_map,
            sss_thickness_outputs_on_a_physical_surface,
            rect_area_lights_on_the_full_physical_model,
            environment_lighting_and_background,
            received_shadow_nodes_and_shadowed_extensions,
            transmitted_shadows_of_each_light,
            instanced_meshes_and_custom_attributes,
            roughness_metalness_and_alpha_test_nodes_and_a_sprite,
            points_and_lines_wide_and_thin,
            a_general_glsl_vertex_shader,
        }
    };
}

mod glsl;
mod points;

const N: u32 = 64;

/// A scene under construction.
pub struct Case {
    pub assets: Assets,
    pub scene: Scene,
    pub camera: Camera,
    pub settings: RenderSettings,
}

impl Case {
    pub fn new() -> Case {
        Case {
            assets: Assets::new(),
            scene: Scene::new(),
            camera: Camera::perspective(45.0, 0.1, 100.0)
                .at(Vec3::new(0.0, 1.2, 4.0))
                .looking_at(Vec3::new(0.0, 0.2, 0.0)),
            settings: RenderSettings::new(N, N),
        }
    }

    pub fn program(&mut self, g: &NodeGraph) -> ProgramId {
        self.assets
            .programs
            .add(g.compile().expect("the graph compiles"))
    }

    pub fn mesh(&mut self, geometry: Geometry, material: Material, at: Vec3) -> ObjectId {
        let geometry = self.assets.geometries.add(geometry);
        let material = self.assets.materials.add(material);
        self.scene.add(Object::mesh(geometry, material).at(at))
    }

    /// The graph's program on a sphere whose centre is `height` above the floor and on the floor
    /// itself: the scene of most single-program cases.
    pub fn sphere_and_floor(&mut self, g: &NodeGraph, height: f32) {
        let program = self.program(g);
        self.mesh(
            sphere(),
            shader_material(program),
            Vec3::new(0.0, height, 0.0),
        );
        self.floor(shader_material(program));
    }

    pub fn floor(&mut self, material: Material) {
        let geometry = self
            .assets
            .geometries
            .add(PlaneGeometry::new(6.0, 6.0).build());
        let material = self.assets.materials.add(material);
        self.scene
            .add(Object::mesh(geometry, material).rotated(-FRAC_PI_2, 0.0, 0.0));
    }
}

/// Under [`lights`], a 6×6 wall through the origin facing the camera and a standard box whose
/// front face lies in the wall's plane (coplanar surfaces: which one a pixel shows is decided by
/// the rounding of two depths that are equal in exact arithmetic).
#[allow(dead_code)] // gpu_host's and gpu_native's; gpu_parity draws the scenes alone
pub fn wall_and_box(c: &mut Case) {
    lights(&mut c.scene);
    c.mesh(
        PlaneGeometry::new(6.0, 6.0).build(),
        Material::lambert(Color::from_srgb8(120, 160, 120)),
        Vec3::ZERO,
    );
    c.mesh(
        BoxGeometry::new(0.6, 0.6, 0.6).build(),
        Material::standard(Color::from_srgb8(200, 60, 60), 0.4, 0.1),
        Vec3::new(0.0, 0.5, -0.3),
    );
}

pub fn sphere() -> Geometry {
    SphereGeometry::new(0.8, 24, 12).build()
}

fn lights(scene: &mut Scene) {
    scene.add_light(Light::ambient(Color::WHITE, 0.3));
    scene.add_light(Light::directional(
        Color::WHITE,
        2.0,
        Vec3::new(2.0, 4.0, 3.0),
    ));
}

pub fn basic_colour_on_a_plane_and_a_sphere(check: Check) {
    let mut c = Case::new();
    c.floor(Material::basic(Color::from_srgb8(90, 140, 200)));
    c.mesh(
        sphere(),
        Material::basic(Color::from_srgb8(230, 120, 40)),
        Vec3::new(0.0, 0.8, 0.0),
    );
    check(c, "basic colour");
}

pub fn a_colour_node_of_the_uv(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.join(&[g.uv(), g.float(0.25)]))
        .unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), shader_material(p), Vec3::new(0.0, 0.5, 0.0));
    c.floor(Material::basic(Color::from_srgb8(40, 40, 40)));
    check(c, "colour node of the uv");
}

fn lit_case(material: Material) -> Case {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.floor(Material::lambert(Color::from_srgb8(150, 150, 150)));
    c.mesh(sphere(), material, Vec3::new(0.0, 0.8, 0.0));
    c
}

pub fn vertex_colours_through_the_material_and_the_node(check: Check) {
    let mut c = Case::new();
    let ball = sphere();
    let colors = ball
        .normals()
        .unwrap_or_default()
        .iter()
        .map(|n| *n * 0.5 + 0.5)
        .collect();
    let ball = ball.with_colors(colors).unwrap();
    c.mesh(
        ball.clone(),
        Material {
            vertex_colors: true,
            ..Material::basic(Color::WHITE)
        },
        Vec3::new(-0.9, 0.6, 0.0),
    );
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.one_minus(g.swizzle(g.vertex_color(), "rgb")))
        .unwrap();
    let p = c.program(&g);
    c.mesh(ball, shader_material(p), Vec3::new(0.9, 0.6, 0.0));
    check(c, "vertex colours");
}

pub fn lambert_under_ambient_and_directional_light(check: Check) {
    check(
        lit_case(Material::lambert(Color::from_srgb8(200, 80, 60))),
        "lambert",
    );
}

pub fn phong_under_a_point_light(check: Check) {
    let mut c = lit_case(Material {
        shininess: 60.0,
        specular: Color::from_srgb8(120, 120, 120),
        ..Material::phong(Color::from_srgb8(60, 120, 220))
    });
    c.scene.add_light(Light::point(
        Color::from_srgb8(255, 220, 180),
        8.0,
        Vec3::new(-1.0, 2.0, 1.5),
    ));
    check(c, "phong, point light");
}

pub fn standard_under_hemisphere_directional_and_spot_lights(check: Check) {
    let mut c = lit_case(Material::standard(
        Color::from_srgb8(220, 200, 90),
        0.35,
        0.2,
    ));
    c.scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.8,
    ));
    c.scene.add_light(Light::spot(
        Color::WHITE,
        30.0,
        Vec3::new(1.5, 3.0, 1.0),
        Vec3::ZERO,
        0.5,
    ));
    check(c, "standard, hemisphere + directional + spot");
}

pub fn physical_with_clearcoat_under_point_and_spot_lights(check: Check) {
    let mut c = lit_case(Material {
        clearcoat: 0.8,
        clearcoat_roughness: 0.2,
        ..Material::physical(Color::from_srgb8(150, 20, 30), 0.6, 0.5)
    });
    c.scene
        .add_light(Light::point(Color::WHITE, 10.0, Vec3::new(1.0, 2.0, 2.0)));
    c.scene.add_light(Light::spot(
        Color::from_srgb8(200, 220, 255),
        25.0,
        Vec3::new(-2.0, 3.0, 1.0),
        Vec3::new(0.0, 0.5, 0.0),
        0.6,
    ));
    check(c, "physical clearcoat, point + spot");
}

pub fn flat_shading_on_a_standard_torus(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.mesh(
        TorusGeometry::new(0.7, 0.25, 10, 16).build(),
        Material {
            flat_shading: true,
            ..Material::standard(Color::from_srgb8(100, 200, 120), 0.5, 0.0)
        },
        Vec3::new(0.0, 0.5, 0.0),
    );
    check(c, "flat shading");
}

pub fn transparent_double_sided_sphere_over_opaque_ones(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.floor(Material::lambert(Color::from_srgb8(120, 160, 120)));
    c.mesh(
        BoxGeometry::new(0.6, 0.6, 0.6).build(),
        Material::lambert(Color::from_srgb8(200, 60, 60)),
        Vec3::new(0.0, 0.5, -0.3),
    );
    c.mesh(
        sphere(),
        Material {
            transparent: true,
            opacity: 0.45,
            side: Side::Double,
            ..Material::phong(Color::from_srgb8(80, 140, 255))
        },
        Vec3::new(0.2, 0.7, 0.3),
    );
    c.mesh(
        PlaneGeometry::new(1.0, 1.0).build(),
        Material {
            transparent: true,
            opacity: 0.6,
            ..Material::basic(Color::from_srgb8(250, 230, 40))
        },
        Vec3::new(-0.5, 0.6, 1.0),
    );
    check(c, "transparency, double-sided two passes");
}

pub fn an_opacity_node_and_an_alpha_test(check: Check) {
    let mut c = Case::new();
    c.floor(Material::basic(Color::from_srgb8(30, 60, 90)));
    let g = NodeGraph::new();
    g.set_output(OPACITY_NODE, g.swizzle(g.uv(), "x")).unwrap();
    let p = c.program(&g);
    c.mesh(
        sphere(),
        Material {
            transparent: true,
            ..Material::basic(Color::from_srgb8(255, 200, 100)).with_nodes(p)
        },
        Vec3::new(-0.9, 0.8, 0.0),
    );
    c.mesh(
        sphere(),
        Material {
            alpha_test: 0.5,
            ..Material::basic(Color::from_srgb8(100, 255, 200)).with_nodes(p)
        },
        Vec3::new(0.9, 0.8, 0.0),
    );
    check(c, "opacity node, alpha test");
}

pub fn a_discard_and_a_mask(check: Check) {
    let mut c = Case::new();
    c.floor(Material::basic(Color::from_srgb8(200, 200, 200)));
    let g = NodeGraph::new();
    g.If(g.less_than(
        g.fract(g.mul(g.swizzle(g.uv(), "y"), g.float(6.0))),
        g.float(0.4),
    ));
    g.Discard();
    g.End();
    g.set_output(COLOR_NODE, g.vec3(0.9, 0.3, 0.1)).unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), shader_material(p), Vec3::new(-0.9, 0.8, 0.0));
    let g = NodeGraph::new();
    g.set_output(
        MASK_NODE,
        g.step(
            g.float(0.5),
            g.fract(g.mul(g.swizzle(g.uv(), "x"), g.float(8.0))),
        ),
    )
    .unwrap();
    g.set_output(COLOR_NODE, g.vec3(0.1, 0.4, 0.9)).unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), shader_material(p), Vec3::new(0.9, 0.8, 0.0));
    check(c, "discard, mask");
}

pub fn a_depth_node_moves_a_surface_through_another(check: Check) {
    let mut c = Case::new();
    c.mesh(
        sphere(),
        Material::basic(Color::from_srgb8(60, 200, 90)),
        Vec3::new(0.3, 0.6, 0.0),
    );
    let g = NodeGraph::new();
    let fc = g.frag_coord();
    g.set_output(
        DEPTH_NODE,
        g.add(
            g.swizzle(fc, "z"),
            g.mul(
                g.sin(g.mul(g.swizzle(fc, "x"), g.float(0.3))),
                g.float(0.004),
            ),
        ),
    )
    .unwrap();
    g.set_output(COLOR_NODE, g.vec3(0.8, 0.2, 0.6)).unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), shader_material(p), Vec3::new(-0.3, 0.6, 0.1));
    check(c, "depth node");
}

pub fn emissive_ao_and_normal_nodes_under_lights(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.scene.add_light(Light::hemisphere(
        Color::from_srgb8(150, 180, 255),
        Color::from_srgb8(80, 60, 40),
        0.7,
    ));
    let g = NodeGraph::new();
    let p = g.position_world();
    g.set_output(
        EMISSIVE_NODE,
        g.mul(g.vec3(0.3, 0.1, 0.0), g.abs(g.sin(g.mul(p, g.float(4.0))))),
    )
    .unwrap();
    g.set_output(AO_NODE, g.swizzle(g.uv(), "y")).unwrap();
    g.set_output(
        NORMAL_NODE,
        g.mul(g.sin(g.mul(p, g.float(9.0))), g.float(0.3)),
    )
    .unwrap();
    let prog = c.program(&g);
    c.floor(Material::standard(Color::from_srgb8(128, 128, 128), 0.7, 0.0).with_nodes(prog));
    c.mesh(
        sphere(),
        Material::phong(Color::from_srgb8(200, 200, 220)).with_nodes(prog),
        Vec3::new(0.0, 0.8, 0.0),
    );
    check(c, "emissive, ao, normal nodes");
}

pub fn an_output_node_reads_the_lit_colour(check: Check) {
    let mut c = lit_case(Material::standard(
        Color::from_srgb8(200, 160, 120),
        0.4,
        0.0,
    ));
    let g = NodeGraph::new();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.7, 0.5)),
    )
    .unwrap();
    let p = c.program(&g);
    c.mesh(
        sphere(),
        Material::lambert(Color::WHITE).with_nodes(p),
        Vec3::new(1.2, 0.8, -0.5),
    );
    check(c, "output node, lit");
}

pub fn derivatives_of_the_position_and_the_uv(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let dx = g.dfdx(g.position_view());
    let dy = g.dfdy(g.uv());
    let w = g.fwidth(g.mul(g.swizzle(g.uv(), "x"), g.float(20.0)));
    g.set_output(
        COLOR_NODE,
        g.join(&[
            g.mul(g.length(dx), g.float(30.0)),
            g.mul(g.length(dy), g.float(20.0)),
            w,
        ]),
    )
    .unwrap();
    c.sphere_and_floor(&g, 0.6);
    check(c, "derivatives");
}

pub fn varyings_interpolate_per_vertex_values(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let v = g.varying(g.sin(g.mul(g.position_world(), g.float(5.0))));
    g.set_output(COLOR_NODE, g.add(g.mul(v, g.float(0.5)), g.float(0.5)))
        .unwrap();
    c.sphere_and_floor(&g, 0.6);
    check(c, "varyings");
}

/// R-VAL-18: the local position (after the position node) and normal read by fragment outputs,
/// as varyings.
pub fn a_colour_node_reads_the_local_position_and_normal(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    g.set_output(POSITION_NODE, g.mul(g.normal_local(), g.float(0.1)))
        .unwrap();
    let wave = g.sin(g.mul(g.position_local(), g.float(4.0)));
    let n = g.add(g.mul(g.normal_local(), g.float(0.5)), g.float(0.5));
    g.set_output(
        COLOR_NODE,
        g.mix(
            n,
            g.add(g.mul(wave, g.float(0.5)), g.float(0.5)),
            g.float(0.5),
        ),
    )
    .unwrap();
    g.set_output(
        EMISSIVE_NODE,
        g.mul(g.abs(g.dfdx(g.position_local())), g.float(4.0)),
    )
    .unwrap();
    c.sphere_and_floor(&g, 0.6);
    check(c, "local position and normal");
}

/// R-OUT-11 and R-OUT-12: a vec4 colour node whose alpha multiplies the opacity node, a float
/// colour node, and a vec4 output node with its own alpha, on transparent materials.
pub fn vec4_colour_and_output_nodes_with_alpha(check: Check) {
    let mut c = Case::new();
    let transparent = |p| Material {
        transparent: true,
        opacity: 0.7,
        ..shader_material(p)
    };
    let g = NodeGraph::new();
    let uv = g.uv();
    let alpha = g.swizzle(uv, "x");
    g.set_output(COLOR_NODE, g.join(&[uv, g.float(0.5), alpha]))
        .unwrap();
    g.set_output(OPACITY_NODE, g.swizzle(uv, "y")).unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), transparent(p), Vec3::new(-0.6, 0.6, 0.0));
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.swizzle(g.uv(), "y")).unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), transparent(p), Vec3::new(0.6, 0.6, 0.0));
    let g = NodeGraph::new();
    let lit = g.swizzle(g.lit(), "rgb");
    g.set_output(OUTPUT_NODE, g.join(&[lit, g.swizzle(g.uv(), "x")]))
        .unwrap();
    let p = c.program(&g);
    c.floor(transparent(p));
    // `lit()`'s alpha (R-VAL-12): the colour's alpha times the opacity, here uv.y · 0.7.
    let g = NodeGraph::new();
    g.set_output(
        COLOR_NODE,
        g.join(&[g.vec3(0.9, 0.6, 0.3), g.swizzle(g.uv(), "y")]),
    )
    .unwrap();
    let lit = g.lit();
    let alpha = g.mul(g.swizzle(lit, "a"), g.swizzle(g.uv(), "x"));
    g.set_output(OUTPUT_NODE, g.join(&[g.swizzle(lit, "rgb"), alpha]))
        .unwrap();
    let p = c.program(&g);
    c.mesh(sphere(), transparent(p), Vec3::new(0.0, 0.3, 0.6));
    check(c, "vec4 colour and output nodes");
}

pub fn noise_perlin_cell_worley_and_fractal(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let p = g.mul(g.position_world(), g.float(3.0));
    let perlin = g.add(g.mul(g.perlin_noise_vec3(p), g.float(0.5)), g.float(0.5));
    let cell = g.cell_noise(g.swizzle(p, "xz"));
    let worley = g.mx_worley_noise_vec3(p, g.float(1.0), g.float(1.0));
    let fractal = g.mx_fractal_noise_float(p, 3, g.float(2.0), g.float(0.5), g.float(0.5));
    g.set_output(
        COLOR_NODE,
        g.join(&[
            g.swizzle(perlin, "x"),
            g.mix(cell, g.swizzle(worley, "x"), g.float(0.5)),
            g.add(g.mul(fractal, g.float(0.5)), g.float(0.5)),
        ]),
    )
    .unwrap();
    c.sphere_and_floor(&g, 0.7);
    check(c, "noise");
}

pub fn linear_fog_and_exp2_fog(check: Check) {
    for (name, fog) in [
        (
            "linear fog",
            Fog::Linear {
                color: Color::from_srgb8(180, 190, 200),
                near: 3.0,
                far: 8.0,
            },
        ),
        (
            "exp2 fog",
            Fog::Exp2 {
                color: Color::from_srgb8(200, 180, 160),
                density: 0.2,
            },
        ),
    ] {
        let mut c = lit_case(Material::phong(Color::from_srgb8(200, 60, 60)));
        c.scene.fog = Some(fog);
        check(c, name);
    }
}

pub fn the_uv_and_lit_shading_views_and_the_data_materials(check: Check) {
    let mut c = lit_case(Material::standard(Color::from_srgb8(200, 60, 60), 0.5, 0.0));
    c.settings.shading = Shading::Uv;
    check(c, "uv shading view");
    let mut c = lit_case(Material::phong(Color::from_srgb8(200, 60, 60)));
    c.settings.shading = Shading::Lit;
    check(c, "lit shading view");
    let mut c = Case::new();
    c.mesh(sphere(), Material::normals(), Vec3::new(-0.9, 0.6, 0.0));
    c.mesh(sphere(), Material::depth(), Vec3::new(0.9, 0.6, 0.0));
    check(c, "normals and depth materials");
}

pub fn an_orthographic_camera_and_tone_mapping(check: Check) {
    let mut c = lit_case(Material::standard(
        Color::from_srgb8(240, 200, 120),
        0.3,
        0.6,
    ));
    c.camera = Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 20.0)
        .at(Vec3::new(2.0, 3.0, 4.0))
        .looking_at(Vec3::new(0.0, 0.5, 0.0));
    c.settings.set_tone_mapping(ToneMapping::AcesFilmic, 1.2);
    check(c, "orthographic, ACES");
}

pub fn the_graph_example_at_a_time(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let tint = g.named_uniform("tint", Color::from_srgb8(255, 120, 40));
    let wave = g.sin(g.mul(g.time(), g.float(2.0)));
    let mixed = g.mix(
        g.swizzle(g.vertex_color(), "rgb"),
        tint,
        g.mul(wave, g.float(0.5)),
    );
    g.set_output(COLOR_NODE, mixed).unwrap();
    g.set_output(
        OUTPUT_NODE,
        g.mul(g.swizzle(g.lit(), "rgb"), g.vec3(1.0, 0.9, 0.8)),
    )
    .unwrap();
    let p = c.program(&g);
    lights(&mut c.scene);
    c.scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.6,
    ));
    c.floor(Material {
        roughness: 0.4,
        ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(p)
    });
    c.mesh(
        sphere(),
        Material {
            roughness: 0.4,
            ..Material::new(MaterialKind::Standard, Color::WHITE).with_nodes(p)
        },
        Vec3::new(0.0, 0.8, 0.0),
    );
    c.settings.time = 1.3;
    check(c, "graph example, time 1.3");
}

pub fn a_position_node_moves_the_vertices(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    let g = NodeGraph::new();
    let n = g.normal_local();
    let wave = g.sin(g.mul(g.swizzle(g.position_local(), "y"), g.float(10.0)));
    g.set_output(POSITION_NODE, g.mul(n, g.mul(wave, g.float(0.12))))
        .unwrap();
    let p = c.program(&g);
    c.mesh(
        sphere(),
        Material::lambert(Color::from_srgb8(220, 180, 90)).with_nodes(p),
        Vec3::new(0.0, 0.7, 0.0),
    );
    check(c, "position node");
}

pub fn frag_coord_and_facing_on_double_and_back_sides(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let fc = g.frag_coord();
    g.set_output(
        COLOR_NODE,
        g.join(&[
            g.fract(g.div(g.swizzle(fc, "x"), g.float(16.0))),
            g.front_facing(),
            g.gl_front_facing(),
        ]),
    )
    .unwrap();
    let p = c.program(&g);
    c.mesh(
        TorusGeometry::new(0.6, 0.2, 8, 20).build(),
        Material {
            side: Side::Double,
            ..shader_material(p)
        },
        Vec3::new(-0.9, 0.6, 0.0),
    );
    c.mesh(
        sphere(),
        Material {
            side: Side::Back,
            ..shader_material(p)
        },
        Vec3::new(0.9, 0.6, 0.0),
    );
    check(c, "frag coord, facing");
}

pub fn every_math_family_in_one_graph(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let p = g.position_world();
    let n = g.normal_view();
    let x = g.swizzle(p, "x");
    let y = g.swizzle(p, "y");
    let a = g.add(
        g.mul(g.atan2(y, g.add(x, g.float(0.01))), g.float(0.1)),
        g.mul(
            g.asin(g.clamp(x, g.float(-1.0), g.float(1.0))),
            g.float(0.2),
        ),
    );
    let b = g.add(
        g.mul(
            g.acos(g.clamp(y, g.float(-1.0), g.float(1.0))),
            g.float(0.1),
        ),
        g.mul(g.atan(x), g.float(0.2)),
    );
    let e = g.add(
        g.mul(g.exp(g.negate(g.abs(x))), g.float(0.3)),
        g.mul(g.log(g.add(g.abs(y), g.float(1.0))), g.float(0.3)),
    );
    let f = g.add(
        g.mul(g.pow(g.abs(x), g.float(1.5)), g.float(0.2)),
        g.mul(g.exp2(g.negate(g.abs(y))), g.float(0.2)),
    );
    let h = g.add(
        g.mul(g.log2(g.add(g.abs(x), g.float(1.0))), g.float(0.2)),
        g.mul(g.inverse_sqrt(g.add(g.abs(y), g.float(1.0))), g.float(0.2)),
    );
    let r = g.reflect(g.normalize(g.position_view()), n);
    let rr = g.refract(g.normalize(g.position_view()), n, g.float(0.7));
    let ff = g.faceforward(n, g.vec3(0.0, 0.0, -1.0), n);
    let cr = g.cross(n, g.vec3(0.0, 1.0, 0.0));
    let d = g.add(g.distance(p, g.vec3(0.0, 1.0, 0.0)), g.dot(r, rr));
    let tr = g.add(g.tan(g.mul(x, g.float(0.5))), g.sqrt(g.abs(y)));
    let cmp = g.select(
        g.logical_and(
            g.greater_than(x, g.float(0.0)),
            g.less_than_equal(y, g.float(0.9)),
        ),
        g.float(0.2),
        g.select(
            g.logical_or(g.equal(x, g.float(0.5)), g.not_equal(y, y)),
            g.float(0.9),
            g.select(
                g.logical_xor(g.greater_than_equal(x, y), g.logical_not(g.less_than(y, x))),
                g.float(0.5),
                g.float(0.7),
            ),
        ),
    );
    let m = g.add(
        g.mul(g.smoothstep(g.float(-0.5), g.float(0.5), x), g.float(0.3)),
        g.mul(g.step(g.float(0.0), y), g.float(0.1)),
    );
    let rnd = g.add(
        g.add(
            g.floor(g.mul(x, g.float(3.0))),
            g.ceil(g.mul(y, g.float(2.0))),
        ),
        g.add(
            g.round(g.mul(x, g.float(5.0))),
            g.trunc(g.mul(y, g.float(4.0))),
        ),
    );
    let misc = g.add(
        g.add(g.sign(x), g.modulo(g.mul(y, g.float(7.0)), g.float(1.3))),
        g.add(
            g.degrees(g.radians(g.reciprocal(g.add(g.abs(x), g.float(2.0))))),
            g.saturate(g.mul(y, g.float(3.0))),
        ),
    );
    let red = g.fract(g.add(g.add(a, b), g.add(e, f)));
    let green = g.fract(g.add(g.add(h, d), g.add(tr, g.swizzle(g.add(ff, cr), "y"))));
    let blue = g.fract(g.add(g.add(cmp, m), g.mul(g.add(rnd, misc), g.float(0.1))));
    g.set_output(
        COLOR_NODE,
        g.max(
            g.min(g.join(&[red, green, blue]), g.vec3(1.0, 1.0, 1.0)),
            g.vec3(0.0, 0.0, 0.0),
        ),
    )
    .unwrap();
    c.sphere_and_floor(&g, 0.7);
    check(c, "every math family");
}

pub fn a_loop_with_variables_and_a_break(check: Check) {
    let mut c = Case::new();
    let g = NodeGraph::new();
    let acc = g.Var(g.float(0.0));
    let i = g.Loop(6);
    g.assign(
        acc,
        g.add(
            g.get(acc),
            g.mul(
                g.sin(g.mul(g.swizzle(g.position_world(), "x"), i)),
                g.float(0.15),
            ),
        ),
    );
    g.If(g.greater_than(g.get(acc), g.float(0.6)));
    g.Break();
    g.End();
    g.End();
    g.set_output(
        COLOR_NODE,
        g.join(&[g.fract(g.get(acc)), g.float(0.4), g.float(0.6)]),
    )
    .unwrap();
    c.sphere_and_floor(&g, 0.7);
    check(c, "loop, variables, break");
}

pub fn depth_write_and_depth_test_off_and_a_mirrored_mesh(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.floor(Material::lambert(Color::from_srgb8(140, 140, 140)));
    c.mesh(
        sphere(),
        Material {
            depth_write: false,
            ..Material::lambert(Color::from_srgb8(200, 100, 50))
        },
        Vec3::new(-0.6, 0.7, 0.0),
    );
    c.mesh(
        sphere(),
        Material {
            depth_test: false,
            ..Material::lambert(Color::from_srgb8(50, 100, 200))
        },
        Vec3::new(0.6, 0.7, -1.5),
    );
    let geometry = c
        .assets
        .geometries
        .add(TorusGeometry::new(0.5, 0.2, 8, 16).build());
    let material = c
        .assets
        .materials
        .add(Material::phong(Color::from_srgb8(90, 200, 90)));
    c.scene.add(
        Object::mesh(geometry, material)
            .at(Vec3::new(0.0, 1.4, 0.5))
            .scaled(Vec3::new(-1.0, 1.0, 1.0)),
    );
    check(c, "depth write/test off, mirrored");
}

pub fn a_large_frame_of_many_small_triangles(check: Check) {
    let mut c = lit_case(Material::standard(
        Color::from_srgb8(180, 180, 200),
        0.5,
        0.1,
    ));
    c.mesh(
        SphereGeometry::new(0.3, 64, 32).build(),
        Material::phong(Color::from_srgb8(220, 120, 60)),
        Vec3::new(1.0, 0.4, 0.8),
    );
    c.settings.width = 160;
    c.settings.height = 90;
    check(c, "160×90, many small triangles");
}

/// A `size`×`size` sRGB test card: a checker of two colours with a gradient and a few thin
/// lines, so that every mip level differs.
fn card(size: u32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let check = ((x / 8) + (y / 8)) % 2 == 0;
            let line = x % 16 == 3 || y % 23 == 5;
            let (r, g, b) = if line {
                (250, 250, 250)
            } else if check {
                (220, (x * 255 / size) as u8, 40)
            } else {
                (30, 80, (y * 255 / size) as u8)
            };
            data.extend([r, g, b, 255 - (x % 32) as u8]);
        }
    }
    Image::from_rgba8(size, size, data).unwrap()
}

/// A tangent-space normal map of bumps.
fn bumps(size: u32) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = (x as f32 / size as f32, y as f32 / size as f32);
            let nx = (u * 25.0).sin() * 0.5;
            let ny = (v * 19.0).cos() * 0.5;
            let n = Vec3::new(nx, ny, 1.0).normalize();
            let byte = |c: f32| ((c * 0.5 + 0.5) * 255.0).round() as u8;
            data.extend([byte(n.x), byte(n.y), byte(n.z), 255]);
        }
    }
    Image::from_rgba8(size, size, data).unwrap()
}

fn tilted_floor(c: &mut Case, material: Material) {
    let geometry = c
        .assets
        .geometries
        .add(PlaneGeometry::new(8.0, 8.0).build());
    let material = c.assets.materials.add(material);
    c.scene
        .add(Object::mesh(geometry, material).rotated(-1.3, 0.0, 0.2));
    c.camera = Camera::perspective(50.0, 0.1, 100.0)
        .at(Vec3::new(0.0, 1.0, 4.0))
        .looking_at(Vec3::new(0.0, 0.0, -2.0));
}

pub fn a_colour_map_with_trilinear_mipmaps_and_a_uv_transform(check: Check) {
    let mut c = Case::new();
    let mut texture = Texture::new(card(64), ColorSpace::Srgb);
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::MirroredRepeat;
    texture.repeat = glam::Vec2::new(3.0, 2.0);
    texture.rotation = 0.3;
    texture.offset = glam::Vec2::new(0.1, 0.05);
    let map = c.assets.textures.add(texture);
    tilted_floor(
        &mut c,
        Material {
            map: Some(map),
            ..Material::basic(Color::WHITE)
        },
    );
    check(c, "colour map, trilinear mipmaps, uv transform");
}

pub fn every_texture_filter_and_wrap(check: Check) {
    for (i, (mag, min, wrap)) in [
        (Filter::Nearest, Filter::Nearest, Wrap::Repeat),
        (Filter::Linear, Filter::Linear, Wrap::ClampToEdge),
        (
            Filter::Nearest,
            Filter::NearestMipmapNearest,
            Wrap::MirroredRepeat,
        ),
        (Filter::Linear, Filter::LinearMipmapNearest, Wrap::Repeat),
        (Filter::Nearest, Filter::NearestMipmapLinear, Wrap::Repeat),
    ]
    .into_iter()
    .enumerate()
    {
        let mut c = Case::new();
        let mut texture = Texture::new(card(32), ColorSpace::Linear);
        texture.mag_filter = mag;
        texture.min_filter = min;
        texture.wrap_s = wrap;
        texture.wrap_t = wrap;
        texture.flip_y = i % 2 == 0;
        texture.repeat = glam::Vec2::new(4.0, 4.0);
        let map = c.assets.textures.add(texture);
        tilted_floor(
            &mut c,
            Material {
                map: Some(map),
                ..Material::basic(Color::WHITE)
            },
        );
        check(c, &format!("filters {mag:?}/{min:?}, {wrap:?}"));
    }
}

pub fn normal_emissive_and_ao_maps_on_a_standard_surface(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.scene
        .add_light(Light::point(Color::WHITE, 6.0, Vec3::new(-1.0, 1.5, 1.0)));
    c.scene.add_light(Light::hemisphere(
        Color::from_srgb8(180, 200, 255),
        Color::from_srgb8(60, 50, 40),
        0.5,
    ));
    let normal = c
        .assets
        .textures
        .add(Texture::new(bumps(64), ColorSpace::Linear));
    let glow = c
        .assets
        .textures
        .add(Texture::new(card(16), ColorSpace::Srgb));
    let ao = c
        .assets
        .textures
        .add(Texture::new(card(32), ColorSpace::Linear));
    let material = Material {
        normal_map: Some(normal),
        normal_scale: glam::Vec2::new(1.0, -0.8),
        emissive: Color::from_srgb8(60, 30, 0),
        emissive_map: Some(glow),
        ao_map: Some(ao),
        ao_map_intensity: 0.7,
        ..Material::standard(Color::from_srgb8(200, 200, 200), 0.45, 0.1)
    };
    c.mesh(sphere(), material.clone(), Vec3::new(-0.8, 0.7, 0.0));
    c.mesh(
        sphere(),
        Material {
            flat_shading: true,
            side: Side::Double,
            ..material
        },
        Vec3::new(0.9, 0.7, 0.0),
    );
    check(c, "normal, emissive and ao maps");
}

pub fn a_program_reads_textures_at_its_own_coordinates(check: Check) {
    let mut c = Case::new();
    let mut texture = Texture::new(card(64), ColorSpace::Srgb);
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::Repeat;
    let card_id = c.assets.textures.add(texture);
    let other = c
        .assets
        .textures
        .add(Texture::new(bumps(32), ColorSpace::Linear));
    let g = NodeGraph::new();
    let uv = g.mul(g.uv(), g.vec2(3.0, 2.0));
    let warped = g.add(uv, g.mul(g.sin(g.swizzle(uv, "yx")), g.float(0.2)));
    let a = g.texture(card_id, warped);
    let b = g.texture(g.texture_uniform("bumps", other), g.uv());
    g.set_output(
        COLOR_NODE,
        g.mix(g.swizzle(a, "xyz"), g.swizzle(b, "xyz"), g.float(0.3)),
    )
    .unwrap();
    g.set_output(OPACITY_NODE, g.swizzle(a, "w")).unwrap();
    let p = c.program(&g);
    tilted_floor(
        &mut c,
        Material {
            transparent: true,
            ..shader_material(p)
        },
    );
    c.mesh(sphere(), shader_material(p), Vec3::new(0.0, 0.2, -1.0));
    check(c, "program textures");
}

pub fn a_program_reads_textures_at_levels_gradients_and_biases(check: Check) {
    // A mipmapped card (trilinear) read at a level across the floor (0 to 6, past the last of
    // the 64-texel chain's 7 at the far edge), at gradients that stretch the footprint along u,
    // and at the surface's own level plus a bias, by id and through a uniform.
    let mut c = Case::new();
    let mut texture = Texture::new(card(64), ColorSpace::Srgb);
    texture.wrap_s = Wrap::Repeat;
    texture.wrap_t = Wrap::MirroredRepeat;
    texture.min_filter = Filter::LinearMipmapLinear;
    let card_id = c.assets.textures.add(texture);
    let g = NodeGraph::new();
    let uv = g.uv();
    let level = g.texture_level(
        card_id,
        g.mul(uv, g.float(2.0)),
        g.mul(g.swizzle(uv, "x"), g.float(7.0)),
    );
    let ddx = g.vec2(0.05, 0.0);
    let ddy = g.mul(g.vec2(0.0, 0.01), g.swizzle(uv, "y"));
    let grad = g.texture_grad(card_id, g.add(uv, g.vec2(0.3, 0.1)), ddx, ddy);
    let bias = g.texture_bias(g.texture_uniform("card", card_id), uv, g.float(1.5));
    let sum = g.add(
        g.add(g.mul(level, g.float(0.4)), g.mul(grad, g.float(0.3))),
        g.mul(bias, g.float(0.3)),
    );
    g.set_output(COLOR_NODE, g.swizzle(sum, "xyz")).unwrap();
    let p = c.program(&g);
    tilted_floor(&mut c, shader_material(p));
    c.mesh(sphere(), shader_material(p), Vec3::new(0.0, 0.2, -1.0));
    check(c, "program texture levels");
}

pub fn a_program_fetches_texels_of_each_level(check: Check) {
    // texelFetch: one texel of a flipped (three's default), trilinear card, unfiltered, of level
    // 0, 1 or 2 in bands across v; the texel grid of each level is stretched a quarter past each
    // side, so that the margins read outside the level (transparent black).
    let mut c = Case::new();
    let card_id = c
        .assets
        .textures
        .add(Texture::new(card(64), ColorSpace::Srgb));
    let g = NodeGraph::new();
    let uv = g.uv();
    let level = g.floor(g.mul(g.swizzle(uv, "y"), g.float(3.0)));
    let side = g.div(g.float(64.0), g.exp2(level));
    let texel = g.floor(g.sub(
        g.mul(uv, g.mul(side, g.float(1.5))),
        g.mul(side, g.float(0.25)),
    ));
    let read = g.texture_fetch(card_id, texel, level);
    g.set_output(COLOR_NODE, g.swizzle(read, "xyz")).unwrap();
    let p = c.program(&g);
    tilted_floor(&mut c, shader_material(p));
    c.mesh(sphere(), shader_material(p), Vec3::new(0.0, 0.2, -1.0));
    check(c, "program texel fetches");
}

pub fn a_floor_to_the_horizon_takes_the_64_bit_edges(check: Check) {
    // Its corners lie far off screen, so its edge functions outgrow 32 bits over a tile and the
    // shader evaluates them in 64-bit arithmetic (the unit test in gpu/raster.rs checks that this
    // scene's bins hold both kinds).
    let mut c = Case::new();
    let g = NodeGraph::new();
    let p = g.position_world();
    let checker = g.fract(g.mul(
        g.add(g.floor(g.swizzle(p, "x")), g.floor(g.swizzle(p, "z"))),
        g.float(0.5),
    ));
    g.set_output(
        COLOR_NODE,
        g.join(&[checker, g.float(0.3), g.one_minus(checker)]),
    )
    .unwrap();
    let prog = c.program(&g);
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(200.0, 200.0).build());
    let paint = c.assets.materials.add(shader_material(prog));
    c.scene
        .add(Object::mesh(floor, paint).rotated(-1.5, 0.0, 0.0));
    c.mesh(
        SphereGeometry::new(0.5, 8, 6).build(),
        Material::basic(Color::from_srgb8(200, 200, 90)),
        Vec3::new(0.0, 0.5, 0.0),
    );
    c.camera = Camera::perspective(50.0, 0.1, 500.0)
        .at(Vec3::new(0.0, 1.0, 4.0))
        .looking_at(Vec3::new(0.0, 0.0, -2.0));
    check(c, "floor to the horizon, 64-bit edges");
}

/// Every kind of light, and four materials each lit by a light mask of its own (R-MASK-4): all
/// the lights on the floor, the directional and point lights on a standard sphere, the ambient
/// and hemisphere lights on a phong box with a colour node, the rect light alone on a physical
/// torus, and no light at all on a lambert sphere (its colour node's emissive shows).
pub fn light_masks_with_and_without_a_node_program(check: Check) {
    let mut c = Case::new();
    let lights = [
        Light::ambient(Color::from_srgb8(60, 60, 80), 1.0),
        Light::hemisphere(
            Color::from_srgb8(120, 160, 255),
            Color::from_srgb8(80, 50, 20),
            1.0,
        ),
        Light::directional(Color::WHITE, 2.0, Vec3::new(2.0, 4.0, 3.0)),
        Light::point(
            Color::from_srgb8(255, 120, 60),
            8.0,
            Vec3::new(-1.5, 1.5, 1.5),
        ),
        Light::spot(
            Color::from_srgb8(120, 255, 140),
            20.0,
            Vec3::new(1.5, 3.0, 1.0),
            Vec3::ZERO,
            0.5,
        ),
        Light::rect_area(
            Color::from_srgb8(255, 240, 200),
            5.0,
            1.5,
            0.8,
            Vec3::new(0.0, 2.0, -1.0),
            Vec3::new(0.0, 0.0, 0.5),
        ),
    ];
    for light in lights {
        c.scene.add_light(light);
    }
    let mask = |indices: &[usize]| lights_of(indices).expect("places below 64");
    c.floor(Material::standard(
        Color::from_srgb8(150, 150, 150),
        0.5,
        0.0,
    ));
    c.mesh(
        SphereGeometry::new(0.5, 24, 12).build(),
        Material {
            lights: mask(&[2, 3]),
            ..Material::standard(Color::from_srgb8(200, 200, 255), 0.4, 0.2)
        },
        Vec3::new(-1.0, 0.5, 0.0),
    );
    let g = NodeGraph::new();
    g.set_output(COLOR_NODE, g.join(&[g.uv(), g.float(0.6)]))
        .unwrap();
    let program = c.program(&g);
    c.mesh(
        BoxGeometry::new(0.6, 0.6, 0.6).build(),
        Material {
            lights: mask(&[0, 1]),
            ..Material::phong(Color::WHITE).with_nodes(program)
        },
        Vec3::new(1.0, 0.3, 0.0),
    );
    c.mesh(
        TorusGeometry::new(0.4, 0.15, 12, 24).build(),
        Material {
            lights: mask(&[5]),
            clearcoat: 0.5,
            ..Material::physical(Color::from_srgb8(230, 140, 60), 0.3, 0.3)
        },
        Vec3::new(0.0, 0.5, -0.5),
    );
    let e = NodeGraph::new();
    e.set_output(EMISSIVE_NODE, e.vec3(0.2, 0.05, 0.1)).unwrap();
    let glow = c.program(&e);
    c.mesh(
        SphereGeometry::new(0.3, 16, 8).build(),
        Material {
            lights: mask(&[]),
            ..Material::lambert(Color::WHITE).with_nodes(glow)
        },
        Vec3::new(0.0, 0.3, 1.0),
    );
    check(c, "light masks");
}

/// Two rect area lights (R-RECT-3) over a standard floor, a physical sphere with a clearcoat,
/// a metal standard sphere and a lambert box that three's Lambert model leaves to the ambient.
pub fn rect_area_lights_on_standard_and_physical(check: Check) {
    let mut c = Case::new();
    c.scene
        .add_light(Light::ambient(Color::from_srgb8(30, 30, 30), 1.0));
    c.scene.add_light(Light::rect_area(
        Color::from_srgb8(255, 230, 200),
        6.0,
        2.0,
        1.0,
        Vec3::new(0.0, 1.8, -0.8),
        Vec3::new(0.0, 0.0, 0.3),
    ));
    c.scene.add_light(Light::rect_area(
        Color::from_srgb8(120, 180, 255),
        4.0,
        0.6,
        1.6,
        Vec3::new(2.0, 1.0, 1.0),
        Vec3::new(0.0, 0.5, 0.0),
    ));
    c.floor(Material::standard(
        Color::from_srgb8(140, 140, 140),
        0.3,
        0.0,
    ));
    c.mesh(
        sphere(),
        Material {
            clearcoat: 0.7,
            clearcoat_roughness: 0.15,
            ..Material::physical(Color::from_srgb8(220, 90, 40), 0.35, 0.1)
        },
        Vec3::new(-0.5, 0.8, 0.0),
    );
    c.mesh(
        SphereGeometry::new(0.4, 24, 12).build(),
        Material::standard(Color::from_srgb8(240, 240, 250), 0.15, 1.0),
        Vec3::new(1.0, 0.4, 0.5),
    );
    c.mesh(
        BoxGeometry::new(0.5, 0.5, 0.5).build(),
        Material::lambert(Color::from_srgb8(60, 160, 255)),
        Vec3::new(-1.4, 0.25, 0.8),
    );
    check(c, "rect area lights");

    // Head-on through an orthographic camera: the view is along the plane's normal at every
    // pixel, where LTC_Evaluate takes any tangent (docs/differences.md).
    let mut c = Case::new();
    c.camera = Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 10.0).at(Vec3::new(0.0, 0.0, 3.0));
    c.scene.add_light(Light::rect_area(
        Color::WHITE,
        3.0,
        1.5,
        1.0,
        Vec3::new(0.5, 0.0, 1.0),
        Vec3::new(0.0, 0.0, 0.0),
    ));
    c.mesh(
        PlaneGeometry::new(4.0, 4.0).build(),
        Material::physical(Color::from_srgb8(200, 200, 200), 0.4, 0.0),
        Vec3::ZERO,
    );
    check(c, "rect area light head-on");
}

/// A directional, a spot and a point light casting the shadows of a sphere moved by a position
/// node and of a double-sided torus onto a Lambert floor, a Phong wall and a Standard box that
/// receive them, through each filter (R-SHADOW-2, R-SHADOW-3).
pub fn shadows_of_each_light_through_each_filter(check: Check) {
    for (filter, name) in [
        (ShadowMapType::Basic, "shadows, Basic"),
        (ShadowMapType::Pcf, "shadows, PCF"),
        (ShadowMapType::Vsm, "shadows, VSM"),
    ] {
        let mut c = Case::new();
        c.settings.shadow_map_enabled = true;
        c.settings.shadow_map_type = filter;
        let g = NodeGraph::new();
        let wave = g.sin(g.mul(g.swizzle(g.position_local(), "y"), g.float(8.0)));
        g.set_output(
            POSITION_NODE,
            g.mul(g.normal_local(), g.mul(wave, g.float(0.1))),
        )
        .unwrap();
        let p = c.program(&g);
        let ball = c.mesh(
            sphere(),
            Material::standard(Color::from_srgb8(200, 120, 60), 0.5, 0.0).with_nodes(p),
            Vec3::new(-0.5, 0.8, 0.2),
        );
        let ring = c.mesh(
            TorusGeometry::new(0.35, 0.12, 8, 20).build(),
            Material {
                side: Side::Double,
                ..Material::phong(Color::from_srgb8(90, 160, 220))
            },
            Vec3::new(0.7, 0.9, 0.0),
        );
        let cube = c.mesh(
            BoxGeometry::new(0.5, 0.5, 0.5).build(),
            Material::standard(Color::from_srgb8(220, 220, 220), 0.7, 0.0),
            Vec3::new(0.2, 0.25, 0.9),
        );
        for (id, cast, receive) in [(ball, true, false), (ring, true, true), (cube, true, true)] {
            let o = c.scene.object_mut(id).unwrap();
            o.cast_shadow = cast;
            o.receive_shadow = receive;
        }
        c.scene
            .object_mut(ring)
            .unwrap()
            .transform
            .set_euler(1.0, 0.3, 0.0);
        let floor = c
            .assets
            .geometries
            .add(PlaneGeometry::new(6.0, 6.0).build());
        let paint = c
            .assets
            .materials
            .add(Material::lambert(Color::from_srgb8(230, 230, 230)));
        c.scene.add(
            Object::mesh(floor, paint)
                .rotated(-FRAC_PI_2, 0.0, 0.0)
                .shadows(false, true),
        );
        let wall = c
            .assets
            .geometries
            .add(PlaneGeometry::new(6.0, 3.0).build());
        let paint = c
            .assets
            .materials
            .add(Material::phong(Color::from_srgb8(200, 210, 230)));
        c.scene.add(
            Object::mesh(wall, paint)
                .at(Vec3::new(0.0, 1.5, -1.2))
                .shadows(false, true),
        );
        let mut sun = LightShadow::directional();
        sun.map_size = glam::UVec2::splat(256);
        sun.normal_bias = 0.01;
        c.scene.add_light(
            Light::directional(Color::WHITE, 1.5, Vec3::new(1.0, 3.0, 2.0)).with_shadow(sun),
        );
        let mut spot = LightShadow::perspective();
        spot.map_size = glam::UVec2::new(256, 128);
        spot.bias = -0.0005;
        spot.radius = 2.0;
        spot.intensity = 0.7;
        c.scene.add_light(
            Light::spot(
                Color::from_srgb8(255, 230, 200),
                12.0,
                Vec3::new(-1.5, 2.5, 1.5),
                Vec3::ZERO,
                0.6,
            )
            .with_shadow(spot),
        );
        let mut bulb = LightShadow::perspective();
        bulb.map_size = glam::UVec2::splat(128);
        c.scene.add_light(
            Light::point(
                Color::from_srgb8(200, 220, 255),
                3.0,
                Vec3::new(0.3, 1.8, 1.0),
            )
            .with_shadow(bulb),
        );
        c.scene.add_light(Light::ambient(Color::WHITE, 0.2));
        check(c, name);
    }
}

/// MeshPhysical's extensions (ior and specular, sheen, iridescence, anisotropy, the clearcoat's
/// maps), each with its maps, on four spheres under a point, a spot, an ambient, a hemisphere
/// and a directional light.
pub fn physical_extensions_and_their_maps(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.scene
        .add_light(Light::point(Color::WHITE, 8.0, Vec3::new(1.0, 2.0, 2.0)));
    c.scene.add_light(Light::spot(
        Color::from_srgb8(200, 220, 255),
        20.0,
        Vec3::new(-2.0, 3.0, 1.0),
        Vec3::new(0.0, 0.5, 0.0),
        0.6,
    ));
    c.scene.add_light(Light::hemisphere(
        Color::from_srgb8(140, 160, 200),
        Color::from_srgb8(60, 40, 20),
        0.8,
    ));
    let a = c
        .assets
        .textures
        .add(Texture::new(card(32), ColorSpace::Linear));
    let b = c
        .assets
        .textures
        .add(Texture::new(card(16), ColorSpace::Srgb));
    let base = |r, g, b, roughness, metalness| {
        Material::physical(Color::from_srgb8(r, g, b), roughness, metalness)
    };
    let materials = [
        Material {
            ior: 2.0,
            specular_intensity: 0.7,
            specular_color: Color::from_srgb8(255, 180, 120),
            specular_intensity_map: Some(a),
            specular_color_map: Some(b),
            ..base(40, 80, 160, 0.3, 0.2)
        },
        Material {
            sheen: 1.0,
            sheen_color: Color::from_srgb8(255, 120, 200),
            sheen_roughness: 0.6,
            sheen_color_map: Some(b),
            sheen_roughness_map: Some(a),
            clearcoat: 0.8,
            clearcoat_roughness: 0.4,
            clearcoat_map: Some(a),
            clearcoat_roughness_map: Some(b),
            ..base(40, 30, 80, 0.7, 0.0)
        },
        Material {
            iridescence: 1.0,
            iridescence_ior: 1.6,
            iridescence_thickness_range: [150.0, 700.0],
            iridescence_thickness_map: Some(a),
            ..base(30, 30, 30, 0.3, 0.4)
        },
        Material {
            anisotropy: 0.9,
            anisotropy_rotation: 0.5,
            anisotropy_map: Some(a),
            ..base(200, 200, 210, 0.45, 1.0)
        },
    ];
    for (i, material) in materials.into_iter().enumerate() {
        let x = -1.5 + i as f32;
        c.mesh(
            SphereGeometry::new(0.45, 32, 16).build(),
            material,
            Vec3::new(x, 0.5, 0.0),
        );
    }
    check(c, "physical extensions and maps");
}

/// PHONG's subsurface scattering with a thickness map, lit from behind and in front.
pub fn phong_scattering_with_a_thickness_map(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.scene.add_light(Light::point(
        Color::from_srgb8(255, 200, 150),
        12.0,
        Vec3::new(0.3, 0.8, -1.5),
    ));
    let map = c
        .assets
        .textures
        .add(Texture::new(card(32), ColorSpace::Linear));
    let mut skin = Material::phong(Color::from_srgb8(255, 200, 180));
    skin.set_scattering(Scattering {
        map: Some(map),
        color: Color::from_srgb8(255, 100, 50),
        ambient: 0.2,
        ..Scattering::default()
    })
    .unwrap();
    c.mesh(
        TorusGeometry::new(0.6, 0.25, 24, 32).build(),
        skin,
        Vec3::new(0.0, 0.6, 0.0),
    );
    check(c, "phong scattering");
}

/// MeshSSSNodeMaterial as the spec's example: THICKNESS_COLOR_NODE a colour times a texture's
/// red channel, THICKNESS_SCALE_NODE 16, on a PHYSICAL sphere with a clearcoat, lit from behind;
/// and a second sphere with all five numbers set by nodes that vary over the surface.
pub fn sss_thickness_outputs_on_a_physical_surface(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.scene.add_light(Light::point(
        Color::from_srgb8(255, 220, 200),
        6.0,
        Vec3::new(0.0, 0.8, -1.8),
    ));
    let map = c
        .assets
        .textures
        .add(Texture::new(card(32), ColorSpace::Linear));
    let g = NodeGraph::new();
    let thickness = g.swizzle(g.texture(map, g.uv()), "r");
    g.set_output(
        THICKNESS_COLOR_NODE,
        g.mul(g.vec3(1.0, 0.4, 0.2), thickness),
    )
    .unwrap();
    g.set_output(THICKNESS_SCALE_NODE, g.float(16.0)).unwrap();
    let skin = c.assets.programs.add(g.compile().unwrap());
    let g = NodeGraph::new();
    let u = g.swizzle(g.uv(), "x");
    g.set_output(THICKNESS_COLOR_NODE, g.vec3(0.3, 0.8, 0.5))
        .unwrap();
    g.set_output(THICKNESS_DISTORTION_NODE, g.mul(u, g.float(0.5)))
        .unwrap();
    g.set_output(THICKNESS_AMBIENT_NODE, g.float(0.2)).unwrap();
    g.set_output(THICKNESS_ATTENUATION_NODE, g.float(0.4))
        .unwrap();
    g.set_output(
        THICKNESS_POWER_NODE,
        g.add(g.mul(u, g.float(4.0)), g.float(1.0)),
    )
    .unwrap();
    g.set_output(THICKNESS_SCALE_NODE, g.float(5.0)).unwrap();
    let jade = c.assets.programs.add(g.compile().unwrap());
    c.mesh(
        SphereGeometry::new(0.5, 32, 16).build(),
        Material {
            clearcoat: 0.6,
            clearcoat_roughness: 0.2,
            ..Material::physical(Color::from_srgb8(255, 200, 180), 0.5, 0.0)
        }
        .with_nodes(skin),
        Vec3::new(-0.6, 0.5, 0.0),
    );
    c.mesh(
        SphereGeometry::new(0.5, 32, 16).build(),
        Material::physical(Color::from_srgb8(60, 120, 80), 0.4, 0.0).with_nodes(jade),
        Vec3::new(0.6, 0.5, 0.0),
    );
    check(c, "sss thickness outputs");
}

/// Rect area lights on materials of the full physical model: a sheen, `ior` with a specular
/// colour and intensity on a part metal (`specularF90` below 1), a clearcoat with a clearcoat
/// normal map, and iridescence with anisotropy (which `directRectArea` leaves out).
pub fn rect_area_lights_on_the_full_physical_model(check: Check) {
    let mut c = Case::new();
    c.scene
        .add_light(Light::ambient(Color::from_srgb8(30, 30, 30), 1.0));
    c.scene.add_light(Light::rect_area(
        Color::from_srgb8(255, 230, 200),
        6.0,
        2.5,
        1.2,
        Vec3::new(0.0, 1.8, 1.5),
        Vec3::new(0.0, 0.4, 0.0),
    ));
    c.scene.add_light(Light::rect_area(
        Color::from_srgb8(120, 180, 255),
        4.0,
        0.6,
        1.6,
        Vec3::new(2.0, 1.0, -1.0),
        Vec3::new(0.0, 0.5, 0.0),
    ));
    c.floor(Material::standard(
        Color::from_srgb8(140, 140, 140),
        0.3,
        0.0,
    ));
    let bumps = c
        .assets
        .textures
        .add(Texture::new(card(32), ColorSpace::Linear));
    let base = |r, g, b, roughness, metalness| {
        Material::physical(Color::from_srgb8(r, g, b), roughness, metalness)
    };
    let small = || SphereGeometry::new(0.4, 24, 12).build();
    let materials = [
        Material {
            sheen: 1.0,
            sheen_color: Color::from_srgb8(255, 100, 170),
            sheen_roughness: 0.3,
            ..base(40, 40, 70, 0.5, 0.0)
        },
        Material {
            ior: 2.0,
            specular_intensity: 0.6,
            specular_color: Color::from_srgb8(140, 200, 255),
            ..base(140, 70, 30, 0.25, 0.3)
        },
        Material {
            clearcoat: 1.0,
            clearcoat_roughness: 0.1,
            clearcoat_normal_map: Some(bumps),
            ..base(40, 70, 170, 0.5, 0.0)
        },
        Material {
            iridescence: 0.8,
            anisotropy: 0.6,
            ..base(200, 170, 100, 0.35, 0.5)
        },
    ];
    for (material, x) in materials.into_iter().zip([-1.2, -0.4, 0.4, 1.2]) {
        c.mesh(small(), material, Vec3::new(x, 0.4, 0.0));
    }
    check(c, "rect area lights, full physical model");
}

/// A 64×32 sky for the environment scene: a hue that turns with the longitude (so that each
/// cube face and seam differs), brighter above the horizon, and a small hot sun.
fn sky() -> std::sync::Arc<Environment> {
    let (w, h) = (64u32, 32u32);
    let data = (0..w * h)
        .flat_map(|k| {
            let (x, y) = ((k % w) as f32 / w as f32, (k / w) as f32 / h as f32);
            let turn = x * std::f32::consts::TAU;
            let up = if y > 0.5 { 1.5 } else { 0.3 };
            let sun = if (x - 0.3).abs() < 0.04 && (y - 0.75).abs() < 0.06 {
                20.0
            } else {
                0.0
            };
            [
                up * (0.5 + 0.5 * turn.cos()) + sun,
                up * (0.5 + 0.5 * (turn + 2.1).cos()) + sun,
                up * (0.5 + 0.5 * (turn + 4.2).cos()) + sun,
                1.0,
            ]
        })
        .collect();
    let image = EquirectImage::from_rgba_f32(w, h, data).expect("the sky's size and data");
    std::sync::Arc::new(Environment::from_equirect(&image).expect("the sky's PMREM"))
}

/// Environment lighting (R-ENV-6): the scene's environment on STANDARD spheres from mirror to
/// rough and a clearcoat PHYSICAL one, a material's own `env_map` on a rough metal, and the
/// background drawn from the environment, blurred, through a perspective and an orthographic
/// camera.
pub fn environment_lighting_and_background(check: Check) {
    let environment = sky();
    for (name, orthographic) in [("perspective", false), ("orthographic", true)] {
        let mut c = Case::new();
        c.scene.environment = Some(environment.clone());
        c.scene.environment_intensity = 0.8;
        c.scene.background_environment = Some(BackgroundEnvironment {
            blurriness: 0.3,
            intensity: 0.9,
            ..BackgroundEnvironment::new(environment.clone())
        });
        if orthographic {
            c.camera = Camera::orthographic(-2.0, 2.0, 2.0, -2.0, 0.1, 100.0)
                .at(Vec3::new(0.0, 1.2, 4.0))
                .looking_at(Vec3::new(0.0, 0.2, 0.0));
        }
        c.scene.add_light(Light::directional(
            Color::WHITE,
            1.0,
            Vec3::new(1.0, 2.0, 1.0),
        ));
        let own = sky();
        let materials = [
            Material::standard(Color::from_srgb8(230, 230, 230), 0.0, 1.0),
            Material::standard(Color::from_srgb8(200, 80, 60), 0.5, 0.0),
            Material {
                clearcoat: 1.0,
                clearcoat_roughness: 0.2,
                ..Material::physical(Color::from_srgb8(40, 90, 200), 0.7, 0.3)
            },
            Material {
                env_map: Some(own.clone()),
                env_map_intensity: 1.3,
                ..Material::standard(Color::from_srgb8(255, 200, 120), 0.35, 1.0)
            },
        ];
        for (i, material) in materials.into_iter().enumerate() {
            let x = -1.5 + i as f32;
            c.mesh(
                SphereGeometry::new(0.45, 32, 16).build(),
                material,
                Vec3::new(x, 0.5, 0.0),
            );
        }
        check(c, &format!("environment lighting and background, {name}"));
    }
    // The full physical model under the environment (R-ENV-7): sheen, film, anisotropy (the
    // bent normal), ior and specular with a clearcoat.
    let mut c = Case::new();
    c.scene.environment = Some(environment.clone());
    c.scene.background_environment = Some(BackgroundEnvironment::new(environment));
    let base = |r, g, b, roughness, metalness| {
        Material::physical(Color::from_srgb8(r, g, b), roughness, metalness)
    };
    let materials = [
        Material {
            sheen: 1.0,
            sheen_color: Color::from_srgb8(255, 120, 200),
            sheen_roughness: 0.5,
            ..base(40, 30, 80, 0.7, 0.0)
        },
        Material {
            iridescence: 1.0,
            iridescence_ior: 1.6,
            iridescence_thickness_range: [150.0, 500.0],
            ..base(30, 30, 30, 0.25, 0.5)
        },
        Material {
            anisotropy: 0.8,
            anisotropy_rotation: 0.4,
            ..base(200, 200, 210, 0.4, 1.0)
        },
        Material {
            ior: 2.0,
            specular_intensity: 0.7,
            specular_color: Color::from_srgb8(255, 180, 120),
            clearcoat: 0.8,
            clearcoat_roughness: 0.2,
            ..base(40, 80, 160, 0.5, 0.2)
        },
    ];
    for (i, material) in materials.into_iter().enumerate() {
        c.mesh(
            SphereGeometry::new(0.45, 32, 16).build(),
            material,
            Vec3::new(-1.5 + i as f32, 0.5, 0.0),
        );
    }
    check(c, "environment lighting in the full physical model");
}

/// Shadows on the full physical model (a sheen sphere), PHONG's scattering (a torus) and a
/// MeshSSS box, and RECEIVED_SHADOW_NODE (R-SHADOW-5): a Lambert floor whose shadows turn red
/// as three's `shadow.mix(color(0xff0000), 1)`, and a Standard wall whose node reads each light's
/// shadow; under a directional and a spot light that cast shadows and a point light that casts
/// none.
pub fn received_shadow_nodes_and_shadowed_extensions(check: Check) {
    let mut c = Case::new();
    c.settings.shadow_map_enabled = true;
    let sheen = c.mesh(
        sphere(),
        Material {
            sheen: 1.0,
            sheen_color: Color::from_srgb8(255, 200, 120),
            ..Material::physical(Color::from_srgb8(120, 160, 220), 0.4, 0.0)
        },
        Vec3::new(-0.6, 0.7, 0.3),
    );
    let mut skin = Material::phong(Color::from_srgb8(255, 200, 180));
    skin.set_scattering(Scattering {
        color: Color::from_srgb8(255, 100, 50),
        ambient: 0.2,
        ..Scattering::default()
    })
    .unwrap();
    let ring = c.mesh(
        TorusGeometry::new(0.35, 0.12, 12, 24).build(),
        skin,
        Vec3::new(0.7, 0.9, 0.0),
    );
    let g = NodeGraph::new();
    g.set_output(THICKNESS_COLOR_NODE, g.vec3(1.0, 0.4, 0.2))
        .unwrap();
    g.set_output(THICKNESS_SCALE_NODE, g.float(16.0)).unwrap();
    let sss = c.program(&g);
    let cube = c.mesh(
        BoxGeometry::new(0.5, 0.5, 0.5).build(),
        Material::physical(Color::from_srgb8(220, 220, 220), 0.5, 0.0).with_nodes(sss),
        Vec3::new(0.2, 0.25, 0.9),
    );
    for id in [sheen, ring, cube] {
        let o = c.scene.object_mut(id).unwrap();
        o.cast_shadow = true;
        o.receive_shadow = true;
    }
    let g = NodeGraph::new();
    g.set_output(
        RECEIVED_SHADOW_NODE,
        g.mix(g.vec3(1.0, 0.0, 0.0), g.float(1.0), g.shadow()),
    )
    .unwrap();
    let red = c.program(&g);
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::lambert(Color::from_srgb8(230, 230, 230)).with_nodes(red));
    c.scene.add(
        Object::mesh(floor, paint)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .shadows(false, true),
    );
    // The shadow squared and tinted by the height: a node of the shadow and of the surface.
    let g = NodeGraph::new();
    let height = g.swizzle(g.position_world(), "y");
    let tint = g.vec3(0.3, 0.5, 1.0);
    g.set_output(
        RECEIVED_SHADOW_NODE,
        g.mix(
            g.mul(tint, g.fract(height)),
            g.float(1.0),
            g.mul(g.shadow(), g.shadow()),
        ),
    )
    .unwrap();
    let wavy = c.program(&g);
    let wall = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 3.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_srgb8(200, 210, 230), 0.6, 0.0).with_nodes(wavy));
    c.scene.add(
        Object::mesh(wall, paint)
            .at(Vec3::new(0.0, 1.5, -1.2))
            .shadows(false, true),
    );
    let mut sun = LightShadow::directional();
    sun.map_size = glam::UVec2::splat(256);
    sun.normal_bias = 0.01;
    c.scene.add_light(
        Light::directional(Color::WHITE, 1.5, Vec3::new(1.0, 3.0, 2.0)).with_shadow(sun),
    );
    c.scene.add_light(Light::point(
        Color::from_srgb8(200, 220, 255),
        3.0,
        Vec3::new(0.3, 1.8, 1.0),
    ));
    let mut spot = LightShadow::perspective();
    spot.map_size = glam::UVec2::new(256, 128);
    spot.bias = -0.0005;
    spot.intensity = 0.7;
    c.scene.add_light(
        Light::spot(
            Color::from_srgb8(255, 230, 200),
            12.0,
            Vec3::new(-1.5, 2.5, 1.5),
            Vec3::ZERO,
            0.6,
        )
        .with_shadow(spot),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.2));
    check(c, "received shadow nodes and shadowed extensions");
}

/// Transmitted shadow maps (R-SHADOW-8) from a directional, a spot and a point light (the cube's
/// colours): an orange `CAST_SHADOW_NODE` sphere, a half-clear blue box, a plain torus (opaque
/// black), onto a Lambert floor and a Standard wall whose received shadow node reads the
/// coloured shadow.
pub fn transmitted_shadows_of_each_light(check: Check) {
    let mut c = Case::new();
    c.settings.shadow_map_enabled = true;
    c.settings.shadow_map_transmitted = true;
    let cast = |c: &mut Case, rgba: [f32; 4]| {
        let g = NodeGraph::new();
        g.set_output(CAST_SHADOW_NODE, g.vec4(rgba[0], rgba[1], rgba[2], rgba[3]))
            .unwrap();
        c.program(&g)
    };
    let orange = cast(&mut c, [1.0, 0.4, 0.0, 1.0]);
    let ball = c.mesh(
        sphere(),
        Material::standard(Color::from_srgb8(200, 120, 60), 0.5, 0.0).with_nodes(orange),
        Vec3::new(-0.5, 0.8, 0.2),
    );
    let blue = cast(&mut c, [0.2, 0.4, 1.0, 0.5]);
    let cube = c.mesh(
        BoxGeometry::new(0.5, 0.5, 0.5).build(),
        Material::phong(Color::from_srgb8(220, 220, 220)).with_nodes(blue),
        Vec3::new(0.2, 0.25, 0.9),
    );
    let ring = c.mesh(
        TorusGeometry::new(0.35, 0.12, 8, 20).build(),
        Material::phong(Color::from_srgb8(90, 160, 220)),
        Vec3::new(0.7, 0.9, 0.0),
    );
    for id in [ball, cube, ring] {
        let o = c.scene.object_mut(id).unwrap();
        o.cast_shadow = true;
        o.receive_shadow = true;
    }
    let floor = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 6.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::lambert(Color::from_srgb8(230, 230, 230)));
    c.scene.add(
        Object::mesh(floor, paint)
            .rotated(-FRAC_PI_2, 0.0, 0.0)
            .shadows(false, true),
    );
    let g = NodeGraph::new();
    g.set_output(
        RECEIVED_SHADOW_NODE,
        g.mix(g.vec3(0.2, 0.0, 0.3), g.float(1.0), g.shadow()),
    )
    .unwrap();
    let tint = c.program(&g);
    let wall = c
        .assets
        .geometries
        .add(PlaneGeometry::new(6.0, 3.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::from_srgb8(200, 210, 230), 0.6, 0.0).with_nodes(tint));
    c.scene.add(
        Object::mesh(wall, paint)
            .at(Vec3::new(0.0, 1.5, -1.2))
            .shadows(false, true),
    );
    let mut sun = LightShadow::directional();
    sun.map_size = glam::UVec2::splat(256);
    c.scene.add_light(
        Light::directional(Color::WHITE, 1.2, Vec3::new(1.0, 3.0, 2.0)).with_shadow(sun),
    );
    let mut spot = LightShadow::perspective();
    spot.map_size = glam::UVec2::new(256, 128);
    spot.bias = -0.0005;
    c.scene.add_light(
        Light::spot(
            Color::from_srgb8(255, 230, 200),
            10.0,
            Vec3::new(-1.5, 2.5, 1.5),
            Vec3::ZERO,
            0.6,
        )
        .with_shadow(spot),
    );
    let mut bulb = LightShadow::perspective();
    bulb.map_size = glam::UVec2::splat(128);
    c.scene.add_light(
        Light::point(
            Color::from_srgb8(200, 220, 255),
            3.0,
            Vec3::new(0.3, 1.8, 1.0),
        )
        .with_shadow(bulb),
    );
    c.scene.add_light(Light::ambient(Color::WHITE, 0.2));
    check(c, "transmitted shadows of each light");
}

/// An instanced mesh of boxes with colours and a node of `instance_index()` under lights, beside a
/// floor whose colour node reads custom attributes (one of them spanning both lanes, one missing
/// from the geometry), cut by the near plane (R-INST-1..3, R-ATTR-1, R-ATTR-2).
pub fn instanced_meshes_and_custom_attributes(check: Check) {
    let mut c = Case::new();
    c.camera = Camera::perspective(60.0, 0.5, 100.0)
        .at(Vec3::new(0.0, 0.8, 2.2))
        .looking_at(Vec3::new(0.0, 0.0, 0.0));
    lights(&mut c.scene);
    let g = NodeGraph::new();
    let k = g.div(g.instance_index(), g.float(5.0));
    g.set_output(
        EMISSIVE_NODE,
        g.join(&[g.mul(k, g.float(0.3)), g.float(0.0), g.float(0.1)]),
    )
    .unwrap();
    let glow = c.program(&g);
    let matrices = (0..6)
        .map(|i| {
            glam::Mat4::from_scale_rotation_translation(
                Vec3::splat(0.3 + 0.05 * i as f32),
                glam::Quat::from_euler(glam::EulerRot::XYZ, 0.5 * i as f32, 0.3 * i as f32, 0.0),
                Vec3::new(i as f32 * 0.5 - 1.25, 0.3, -0.4 * (i % 2) as f32),
            )
        })
        .collect();
    let colours = (0..6)
        .map(|i| Color::linear(1.0 - i as f32 / 6.0, 0.3 + i as f32 / 10.0, 0.5))
        .collect();
    let instances = Instances::new(matrices)
        .unwrap()
        .with_colors(colours)
        .unwrap();
    let cube = c
        .assets
        .geometries
        .add(BoxGeometry::new(1.0, 1.0, 1.0).build());
    let paint = c
        .assets
        .materials
        .add(Material::standard(Color::WHITE, 0.5, 0.0).with_nodes(glow));
    c.scene.add(Object::instanced_mesh(cube, paint, instances));
    let g = NodeGraph::new();
    let a = g.named_attribute("a", ValueType::Vec2);
    let b = g.named_attribute("b", ValueType::Vec4);
    let none = g.named_attribute("none", ValueType::Vec2);
    let rgb = g.add(
        g.mul(g.swizzle(b, "xyz"), g.swizzle(b, "w")),
        g.join(&[a, g.swizzle(none, "x")]),
    );
    g.set_output(COLOR_NODE, g.mul(rgb, g.float(0.5))).unwrap();
    let floor = c.program(&g);
    let plane = PlaneGeometry {
        width: 8.0,
        height: 8.0,
        width_segments: 4,
        height_segments: 4,
    }
    .build();
    let n = plane.positions().len();
    let plane = plane
        .with_attribute("a", 2, (0..2 * n).map(|i| (i % 7) as f32 / 7.0).collect())
        .unwrap()
        .with_attribute("b", 3, (0..3 * n).map(|i| (i % 5) as f32 / 5.0).collect())
        .unwrap();
    c.mesh(plane, shader_material(floor), Vec3::ZERO);
    if let Some(o) = c.scene.objects().len().checked_sub(1) {
        if let Some(object) = c.scene.object_mut(ObjectId(o as u32)) {
            object.transform.set_euler(-FRAC_PI_2, 0.0, 0.0);
        }
    }
    check(c, "instanced meshes and custom attributes");
}

/// ROUGHNESS_NODE and METALNESS_NODE on STANDARD and on PHYSICAL's full model (a sheen), the
/// roughness and metalness maps, ALPHA_TEST_NODE on a LAMBERT sphere (R-OUT-17, R-OUT-18), and a
/// turned sprite with a colour node (R-SPRITE-1), under the ambient and directional lights.
pub fn roughness_metalness_and_alpha_test_nodes_and_a_sprite(check: Check) {
    let mut c = Case::new();
    lights(&mut c.scene);
    c.floor(Material::standard(
        Color::from_srgb8(120, 120, 130),
        0.7,
        0.0,
    ));
    let g = NodeGraph::new();
    g.set_output(ROUGHNESS_NODE, g.swizzle(g.uv(), "x"))
        .unwrap();
    g.set_output(METALNESS_NODE, g.swizzle(g.uv(), "y"))
        .unwrap();
    let p = c.program(&g);
    c.mesh(
        sphere(),
        Material::standard(Color::from_srgb8(220, 140, 80), 1.0, 0.0).with_nodes(p),
        Vec3::new(-1.2, 0.8, 0.0),
    );
    c.mesh(
        sphere(),
        Material {
            sheen: 0.5,
            sheen_color: Color::from_srgb8(80, 120, 255),
            ..Material::physical(Color::from_srgb8(200, 200, 90), 1.0, 0.0).with_nodes(p)
        },
        Vec3::new(0.0, 0.8, -0.6),
    );
    let map = c
        .assets
        .textures
        .add(Texture::new(card(64), ColorSpace::Linear));
    c.mesh(
        sphere(),
        Material {
            roughness_map: Some(map),
            metalness_map: Some(map),
            ..Material::standard(Color::from_srgb8(160, 200, 220), 0.9, 0.9)
        },
        Vec3::new(1.2, 0.8, 0.0),
    );
    let g = NodeGraph::new();
    g.set_output(ALPHA_TEST_NODE, g.swizzle(g.uv(), "y"))
        .unwrap();
    g.set_output(
        OPACITY_NODE,
        g.fract(g.mul(g.swizzle(g.uv(), "x"), g.float(4.0))),
    )
    .unwrap();
    let p = c.program(&g);
    c.mesh(
        sphere(),
        Material::lambert(Color::from_srgb8(120, 220, 120)).with_nodes(p),
        Vec3::new(-0.6, 0.5, 1.2),
    );
    let g = NodeGraph::new();
    let uv = g.uv();
    g.set_output(
        COLOR_NODE,
        g.join(&[g.swizzle(uv, "x"), g.float(0.3), g.swizzle(uv, "y")]),
    )
    .unwrap();
    let p = c.program(&g);
    let paint = c
        .assets
        .materials
        .add(Material::sprite(Color::WHITE).with_nodes(p));
    let mut sprite = Object::sprite(paint)
        .at(Vec3::new(0.8, 0.4, 1.2))
        .scaled(Vec3::new(0.8, 0.5, 1.0));
    if let Some(s) = sprite.sprite.as_mut() {
        s.rotation = 0.6;
        s.center = glam::Vec2::new(0.3, 0.6);
    }
    c.scene.add(sprite);
    check(c, "roughness, metalness and alpha test nodes, a sprite");
}

/// A GLSL vertex shader beyond the forms (tests/parity_scenes/glsl.rs).
pub fn a_general_glsl_vertex_shader(check: Check) {
    glsl::a_general_glsl_vertex_shader(check);
}

/// Points and lines (tests/parity_scenes/points.rs).
pub fn points_and_lines_wide_and_thin(check: Check) {
    points::points_and_lines_wide_and_thin(check);
}
