//! three.js's `MeshPostProcessingMaterial` (its `examples/jsm/materials/`, up to r170; r187 no
//! longer ships it): a physical surface whose ambient occlusion is read from a screen-space pass's
//! target at the fragment's own pixel (R-READY-2, docs/requirements.md).
//!
//! three.js's material replaces the physical shader's `aomap_fragment` with
//!
//! ```glsl
//! float ambientOcclusion = texelFetch( tAoPassMap, ivec2( gl_FragCoord.xy * aoPassMapScale ), 0 ).r;
//! #ifdef USE_AOMAP
//!     ambientOcclusion = min( ambientOcclusion, texture2D( aoMap, vAoMapUv ).r );
//!     ambientOcclusion *= ( ambientOcclusion - 1.0 ) * aoMapIntensity + 1.0;
//! #endif
//! ```
//!
//! and lets the physical model dim its indirect light with it. Here the value is the program's
//! `AO_NODE`, which the physical shading applies the same way (the indirect diffuse light times
//! it, the indirect specular light by three's specular occlusion). The pass itself (three.js's
//! `GTAOPass` or `SSAOPass`, rendered before the colour pass) is not part of this port: the
//! caller draws or loads the occlusion image and gives it as a texture, best made with
//! [`ao_pass_texture`].
//!
//! ```
//! use tsl::materials::{ao_pass_texture, mesh_post_processing_program};
//! use tsl::core::Color;
//! use tsl::raster::{Assets, Image, Material};
//! let mut assets = Assets::new();
//! let image = Image::from_rgba8(1, 1, vec![128, 128, 128, 255]).unwrap();
//! let target = assets.textures.add(ao_pass_texture(image));
//! let occlusion = assets.programs.add(mesh_post_processing_program(target).unwrap());
//! let wall = Material::physical(Color::from_srgb8(200, 200, 200), 1.0, 0.0).with_nodes(occlusion);
//! assert_eq!(wall.nodes, Some(occlusion));
//! ```

use tsl_core::typed::prelude::*;
use tsl_core::{GraphError, NodeProgram, TextureId, AO_NODE};
use tsl_raster::{ColorSpace, Filter, Image, Texture};

/// `mesh_post_processing_program(target)`: the program whose `AO_NODE` is the red channel of
/// `target`'s texel at `floor(frag_coord().xy · aoPassMapScale)`, three.js's
/// `texelFetch( tAoPassMap, ivec2( gl_FragCoord.xy * aoPassMapScale ), 0 ).r`.
///
/// `gl_FragCoord` counts rows from the bottom of the picture and a texture with `flip_y` (the
/// default for an image) reads its bottom row at v = 0, so an image of the picture's size lines
/// up with the picture: its pixel (x, y) dims the picture's pixel (x, y). `aoPassMapScale`
/// (a float uniform, 1) scales the fragment's pixel to the target's: 0.5 for a target of half
/// the picture's size. The target is `tAoPassMap`, a texture uniform that
/// `NodeProgram::set_texture` changes.
///
/// A texel fetch is a read at the texel's centre here (this port's texture reads always
/// filter), which gives the texel itself as long as the read stays on the full-size level:
/// make the target with [`ao_pass_texture`] (no mip maps, as three.js's render targets).
pub fn mesh_post_processing_program(target: TextureId) -> Result<NodeProgram, GraphError> {
    occlusion_program(target, None)
}

/// [`mesh_post_processing_program`] with three.js's `aoMap` too: the occlusion is the lower of
/// the pass's and `ao_map`'s red channel at `uv()`, `ao`, times `(ao − 1) · aoMapIntensity + 1`,
/// as three.js's material writes it (so an `ao` of 0.5 at intensity 1 gives 0.25). The map is
/// read through the program, not `Material::ao_map` (a program's `AO_NODE` replaces that);
/// `aoMapIntensity` is a float uniform, 1.
pub fn mesh_post_processing_program_with_ao_map(
    target: TextureId,
    ao_map: TextureId,
) -> Result<NodeProgram, GraphError> {
    occlusion_program(target, Some(ao_map))
}

fn occlusion_program(
    target: TextureId,
    ao_map: Option<TextureId>,
) -> Result<NodeProgram, GraphError> {
    let scope = Scope::new();
    let pass = texture_uniform("tAoPassMap", target);
    let scale = uniform(1.0f32).set_name("aoPassMapScale");
    // texelFetch's integer texel, read at its centre.
    let texel = floor(frag_coord().xy().mul(scale));
    let at = texel.add(0.5).div(texture_size(pass, 0));
    let pass_ao = texture(pass, at).x();
    let ao = match ao_map {
        None => pass_ao,
        Some(map) => {
            let intensity = uniform(1.0f32).set_name("aoMapIntensity");
            let lower = min(pass_ao, texture(map, uv()).x());
            lower.mul(lower.sub(1.0).mul(intensity).add(1.0))
        }
    };
    scope.set(AO_NODE, ao)?;
    scope.compile()
}

/// A texture of an ambient occlusion pass's `image`, as three.js's render target holds it: its
/// bytes are linear data (no sRGB decoding) and it has no mip maps (linear filtering both ways),
/// so [`mesh_post_processing_program`]'s reads at texel centres give the texels exactly. Rows
/// run from the image's top, with `flip_y` on, so the image lines up with the picture.
pub fn ao_pass_texture(image: Image) -> Texture {
    let mut texture = Texture::new(image, ColorSpace::Linear);
    texture.min_filter = Filter::Linear;
    texture.mag_filter = Filter::Linear;
    texture
}
