//! Screen reads on the CPU renderer (R-SCREEN-1): `viewport_texture` reads the opaque scene
//! behind the fragment, drawn first by the renderer (the scene and its values by hand in
//! `screen_reads_scene/`); the low-level call refuses such a program without a target; the lit
//! view reads white.

mod screen_reads_scene;

use screen_reads_scene::*;
use tsl::raster::*;

/// The bound per channel: the values are exact decimals through f32 arithmetic.
const BOUND: f32 = 1e-6;

#[test]
fn the_screen_behind_is_the_opaque_pass_without_the_reading_plane() {
    for transparent in [false, true] {
        let c = screen_case(transparent);
        let image = Renderer::new(c.settings.clone())
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap();
        check(&image, BOUND, &format!("CPU, transparent {transparent}"));
    }
}

#[test]
fn the_low_level_call_refuses_a_screen_read_without_a_target() {
    let c = screen_case(false);
    let renderer = Renderer::new(c.settings.clone());
    let refused = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::NoTransmissionTarget {
            object: 1,
            given: None
        })
    );
    assert!(
        refused.to_string().contains("no transmission target"),
        "{refused}"
    );
    // A target of another size is refused too.
    let small = Renderer::new(RenderSettings::new(16, 8));
    let target = small.opaque_pass(&c.scene, &c.camera, &c.assets).unwrap();
    let refused = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::NoTransmissionTarget {
            object: 1,
            given: Some((16, 8))
        })
    );
}

#[test]
fn the_low_level_call_reads_the_target_it_is_given() {
    let c = screen_case(false);
    let renderer = Renderer::new(c.settings.clone());
    let target = renderer
        .opaque_pass(&c.scene, &c.camera, &c.assets)
        .unwrap();
    // The opaque pass by hand: the half plane's colour on the left, the clear colour right.
    let left = target.sample(glam::Vec2::new(0.25, 0.5));
    let right = target.sample(glam::Vec2::new(0.75, 0.5));
    assert_eq!(left.truncate().to_array(), [1.0, 0.5, 0.0]);
    assert!(
        (right.truncate() - glam::Vec3::new(0.2, 0.4, 0.6))
            .abs()
            .max_element()
            <= BOUND
    );
    let image = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, Some(&target))
        .unwrap();
    check(&image, BOUND, "CPU, given target");
}

#[test]
fn the_lit_view_reads_white_and_needs_no_target() {
    let c = screen_case(false);
    let mut renderer = Renderer::new(c.settings.clone());
    renderer.settings.shading = Shading::Lit;
    let image = renderer
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap();
    // White × 0.5 on an unlit BASIC material: 0.5 everywhere.
    for p in image.pixels() {
        assert_eq!(&p[..3], &[0.5, 0.5, 0.5]);
    }
}

#[test]
fn a_backdrop_mixes_with_an_unlit_colour_by_its_alpha() {
    let c = backdrop_case(Material::basic(tsl::prelude::Color::linear(0.0, 0.0, 1.0)));
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check_with(&image, expected_backdrop, BOUND, "CPU backdrop");
}

#[test]
fn a_backdrop_and_transmission_lie_under_a_clearcoat_and_a_metal_takes_the_diffuse_off() {
    // R-SCREEN-2 and R-SCREEN-3 as three.js r187 draws them (screen_reads_scene's
    // layered_cases, by hand).
    for (who, c, want) in layered_cases() {
        let image = Renderer::new(c.settings.clone())
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap();
        check_columns(&image, &want, 1e-5, &format!("CPU {who}"));
    }
}

#[test]
fn a_backdrop_on_phong_scattering_is_refused() {
    // PHONG's subsurface scattering is three's SubsurfaceScatteringShader, a ShaderMaterial
    // without a backdrop: nothing to port.
    use tsl::prelude::Color;
    let mut material = Material::phong(Color::WHITE);
    material.set_scattering(Scattering::default()).unwrap();
    let c = backdrop_case(material);
    let refused = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::Material {
            object: 1,
            refusal: MaterialRefusal::BackdropOnLayers
        })
    );
}

#[test]
fn a_backdrop_material_is_not_in_the_opaque_pass() {
    // three.js's RenderList puts a material with a backdrop node in the transparent list, which
    // its opaque pass leaves out: a BASIC plane with a constant backdrop over the right half,
    // between the opaque plane and the reading plane, is not read.
    use tsl::prelude::{vec3, Scope, BACKDROP_NODE};
    let mut c = screen_case(false);
    let scope = Scope::new();
    scope.set(BACKDROP_NODE, vec3(1.0, 1.0, 1.0)).unwrap();
    let program = c.assets.programs.add(scope.compile().unwrap());
    let geometry = c
        .assets
        .geometries
        .add(PlaneGeometry::new(2.0, 2.0).build());
    let veil = c
        .assets
        .materials
        .add(Material::basic(tsl::prelude::Color::WHITE).with_nodes(program));
    c.scene
        .add(Object::mesh(geometry, veil).at(glam::Vec3::new(1.0, 0.0, -0.5)));
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check(&image, BOUND, "CPU, backdrop veil");
}

#[test]
fn a_transparent_mesh_is_not_in_the_opaque_pass() {
    // A half-transparent white plane over the right half, between the opaque plane and the
    // reading plane: the reading plane covers it, and it is not in the pass, so every pixel is
    // still the worked value.
    use tsl::prelude::Color;
    let mut c = screen_case(false);
    let geometry = c
        .assets
        .geometries
        .add(PlaneGeometry::new(2.0, 2.0).build());
    let veil = c.assets.materials.add(Material {
        transparent: true,
        opacity: 0.5,
        ..Material::basic(Color::WHITE)
    });
    c.scene
        .add(Object::mesh(geometry, veil).at(glam::Vec3::new(1.0, 0.0, -0.5)));
    let image = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap();
    check(&image, BOUND, "CPU, transparent veil");
}

#[test]
fn a_transmissive_surface_reads_the_opaque_pass_bicubically() {
    // R-SCREEN-3: the values by hand (screen_reads_scene's transmission_case).
    for (color, transmission, want) in transmission_checks() {
        let c = transmission_case(color, transmission);
        let image = Renderer::new(c.settings.clone())
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap();
        check_with(
            &image,
            want,
            1e-5,
            &format!("CPU transmission {transmission}"),
        );
    }
}

#[test]
fn transmission_without_a_target_or_with_bad_numbers_or_a_backdrop_is_refused() {
    use tsl::prelude::Color;
    // The low-level call without a target (R-SCREEN-3, as R-SCREEN-1).
    let c = transmission_case(Color::WHITE, 1.0);
    let refused = Renderer::new(c.settings.clone())
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::NoTransmissionTarget {
            object: 1,
            given: None
        })
    );
    // What the transmission cannot be drawn with.
    let glass = || Material {
        transmission: 1.0,
        ..Material::physical(Color::WHITE, 0.5, 0.0)
    };
    let refusals = [
        (
            Material {
                dispersion: f32::INFINITY,
                ..glass()
            },
            MaterialRefusal::TransmissionNotFinite,
        ),
        (
            Material {
                thickness: f32::NAN,
                ..glass()
            },
            MaterialRefusal::TransmissionNotFinite,
        ),
    ];
    for (material, refusal) in refusals {
        let mut c = transmission_case(Color::WHITE, 1.0);
        let front = c.scene.objects()[1].mesh.unwrap().material;
        *c.assets.materials.get_mut(front).unwrap() = material;
        let refused = Renderer::new(c.settings.clone())
            .render_linear(&c.scene, &c.camera, &c.assets)
            .unwrap_err();
        assert_eq!(
            refused,
            RenderError::Refused(Refusal::Material { object: 1, refusal }),
        );
    }
    // A program's BACKDROP_NODE on a transmissive material.
    let mut c = backdrop_case(glass());
    let refused = Renderer::new(c.settings.clone())
        .render_linear(&c.scene, &c.camera, &c.assets)
        .unwrap_err();
    assert_eq!(
        refused,
        RenderError::Refused(Refusal::Material {
            object: 1,
            refusal: MaterialRefusal::TransmissionWithBackdrop
        }),
    );
    // The lit view reads the screen as white and needs no target.
    c = transmission_case(Color::WHITE, 1.0);
    let mut settings = c.settings.clone();
    settings.shading = Shading::Lit;
    let image = Renderer::new(settings)
        .render_linear_with_target(&c.scene, &c.camera, &c.assets, None)
        .unwrap();
    for p in image.pixels() {
        assert!(
            (p[0] - 1.0).abs() < 1e-6 && (p[2] - 1.0).abs() < 1e-6,
            "{p:?}"
        );
    }
}
