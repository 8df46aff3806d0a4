//! The records the host writes and the shaders read, described once: each is a `#[repr(C)]`
//! struct of 32-bit words, which the host fills by field name and casts to bytes, and whose
//! field offsets `contract.rs` writes out as the WGSL constants (`raster_layout.wgsl`,
//! `interp_layout.wgsl`). Every buffer is an array of 32-bit words on the WGSL side (floats
//! bitcast), so a field's constant is its offset in words.
//!
//! The strides and offsets are those the shaders have always read; the `_reserved` words keep
//! them (a stride is the record's size, so they pad a record to it).

use bytemuck::{Pod, Zeroable};
use tsl_core::Output;

/// The program's outputs in the order the shader runs them (the CPU's shading order), which is
/// the order of [`PassRecord::start`] and [`PassRecord::count`].
pub(crate) const STAGES: [Output; 8] = [
    Output::Depth,
    Output::Normal,
    Output::Mask,
    Output::Color,
    Output::Opacity,
    Output::Emissive,
    Output::Ao,
    Output::Output,
];

/// The thickness outputs (MeshSSSNodeMaterial's), which a PHYSICAL pass runs after
/// [`STAGES`]' outputs but the last (`Output::Output`), in the order of
/// [`PassRecord::thickness_start`] and [`PassRecord::thickness_count`]; the shader numbers them
/// on from `STAGES.len()`.
pub(crate) const THICKNESS_STAGES: [Output; 6] = [
    Output::ThicknessColor,
    Output::ThicknessDistortion,
    Output::ThicknessAmbient,
    Output::ThicknessAttenuation,
    Output::ThicknessPower,
    Output::ThicknessScale,
];

/// The backdrop outputs (R-SCREEN-2), which a pass runs after the thickness outputs, in the
/// order of [`PassRecord::backdrop_start`] and [`PassRecord::backdrop_count`]; the shader numbers
/// them on from `STAGE_RECEIVED_SHADOW`.
pub(crate) const BACKDROP_STAGES: [Output; 2] = [Output::Backdrop, Output::BackdropAlpha];

/// The outputs that replace a material's numbers (R-OUT-17, R-OUT-18): the alpha test's
/// threshold, then STANDARD and PHYSICAL roughness and metalness, in the order of
/// [`PassRecord::variant_start`] and [`PassRecord::variant_count`]. The shader numbers them on
/// from the backdrop stages and runs them after `Output::Opacity`, before `Output::Emissive`
/// (whose material part holds the alpha test).
pub(crate) const VARIANT_STAGES: [Output; 3] =
    [Output::AlphaTest, Output::Roughness, Output::Metalness];

/// The most direct lights of a lighting whose shadows a pass's `RECEIVED_SHADOW_NODE` shapes on
/// the GPU (the shader keeps the node's value for each light of the fragment).
pub(crate) const MAX_RECEIVED_LIGHTS: usize = 8;

/// No texture: a map's id where the material has none.
pub(crate) const NONE: u32 = u32::MAX;

/// A record of 32-bit words whose fields the WGSL reads by constant: `PREFIX` + the field's name
/// in capitals is the constant of its first word, `STRIDE` the constant of its size in words.
/// (Only the generator, a test, reads the names.)
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) trait Record: Pod {
    /// The WGSL constant of the record's size in words.
    const STRIDE: &'static str;
    /// The prefix of its field constants (`P_` for a pass: `P_FLAGS`).
    const PREFIX: &'static str;
    /// Where the record is, for the generated file's comment.
    const TITLE: &'static str;
    /// Every field, padding included (named from `_`), with its first word.
    const FIELDS: &'static [(&'static str, usize)];

    /// The record's size in words.
    fn words() -> usize {
        std::mem::size_of::<Self>() / 4
    }
}

/// Declares a record struct and its [`Record`] table from one list of fields.
macro_rules! record {
    (
        $(#[$doc:meta])*
        struct $name:ident: $stride:literal, $prefix:literal {
            $($(#[$fdoc:meta])* $field:ident: $ty:ty,)*
        }
    ) => {
        $(#[$doc])*
        #[repr(C)]
        #[derive(Clone, Copy, Debug, Pod, Zeroable)]
        pub(crate) struct $name {
            $($(#[$fdoc])* pub $field: $ty,)*
        }

        impl Record for $name {
            const STRIDE: &'static str = $stride;
            const PREFIX: &'static str = $prefix;
            const TITLE: &'static str = concat!("`", stringify!($name), "` (gpu/layout.rs)");
            const FIELDS: &'static [(&'static str, usize)] = &[
                $((stringify!($field), std::mem::offset_of!($name, $field) / 4),)*
            ];
        }
    };
}

/// Declares `u32` constants and a table of them, named in Rust as in WGSL.
macro_rules! codes {
    ($(#[$doc:meta])* $table:ident { $($(#[$cdoc:meta])* $name:ident = $value:expr,)* }) => {
        $($(#[$cdoc])* pub(crate) const $name: u32 = $value;)*
        $(#[$doc])*
        #[cfg_attr(not(test), allow(dead_code))]
        pub(crate) const $table: &[(&str, u32)] = &[$((stringify!($name), $name),)*];
    };
}

record! {
    /// The frame's constants: word 0 of the rasterizer's `frame` buffer. The light blocks
    /// ([`BlockRecord`], one per light mask) follow it from `LIGHTS_AT`, then the LTC tables.
    struct FrameRecord: "LIGHTS_AT", "F_" {
        /// The image's width in pixels.
        width: u32,
        /// Its height.
        height: u32,
        /// Tiles per row.
        tiles_x: u32,
        /// The shading view (`SHADING_*`).
        shading: u32,
        /// 1 for an orthographic camera.
        ortho: u32,
        /// The fog (`FOG_*`).
        fog: u32,
        /// The word where the [`ShadowRecord`]s start (after the light blocks and the LTC tables).
        shadows_at: u32,
        /// Unused (once the hemisphere lights' count, now `K_HEMIS`).
        _reserved_hemis: u32,
        /// The clear colour, linear RGBA.
        clear: [f32; 4],
        /// The fog's colour.
        fog_color: [f32; 3],
        /// The fog's near distance, or its density.
        fog_a: f32,
        /// The fog's far distance.
        fog_b: f32,
        /// The view's rotation inverted (view to world), columns.
        view_to_world: [f32; 9],
        /// The view's rotation (world to view), columns.
        world_to_view: [f32; 9],
        /// Unused (once the ambient sum, now each light block's `K_AMBIENT`).
        _reserved_ambient: [f32; 3],
        /// The word of the bins buffer where the entries start.
        entries_at: u32,
        /// The word of this buffer where the LTC tables start (`LTC_1` then `LTC_2`, 64 × 64
        /// RGBA each), after the light blocks; 0 when no block has a rect area light.
        ltc_at: u32,
        /// The word of this buffer where the background's [`BackgroundRecord`] lies, `NONE`
        /// when the background is not drawn from an environment.
        background: u32,
        /// The word of this buffer where the frame's [`EnvRecord`]s start (each pass names
        /// its environment by index, `P_ENV`).
        envs_at: u32,
        /// Unused, so that the DFG table starts at word 64.
        _reserved: [u32; 22],
        /// The DFG table, 16 × 16 (scale, bias), rows of roughness for each `dot(n, v)`.
        dfg: [[f32; 2]; 256],
        /// The world-to-view matrix's translation (with `world_to_view`, where a volume's ray
        /// steps lie in view space).
        view_offset: [f32; 3],
        /// The camera's position in the world (three.js's `cameraPosition`).
        camera_position: [f32; 3],
        /// The word of this buffer where the [`VolumeRecord`]s start, one per volume id (the
        /// volumes a program's `texture_3d` reads); `NONE` without volumes.
        volumes_at: u32,
        /// How many volume records (the largest volume id plus one; 0 without volumes).
        volume_count: u32,
        /// The camera's projection, columns (a transmissive surface projects the point where
        /// its refracted ray leaves with it, R-SCREEN-3).
        projection: [f32; 16],
        /// The texture id of the frame's transmission target (the opaque pass with its mip
        /// chain, R-SCREEN-3), `NONE` without one.
        screen: u32,
        /// The texture id a back face of a transmissive material reads: the opaque pass without
        /// the back faces of the double-sided transmissive meshes (R-SCREEN-3), `screen` where
        /// there are none.
        screen_back: u32,
        /// 1 when the frame is the capture of the opaque scene's depth for a VOLUME material's
        /// scene-depth gate (R-VOL-5, gpu/scene_depth.rs): the kernel writes each pixel's depth
        /// buffer, (window depth, 0, 0, 1), in place of its colour.
        depth_capture: u32,
        /// The word of this buffer where the opaque scene's camera-axis distances start, one
        /// `f32` a pixel, rows from the top (R-VOL-5); `NONE` when no pass is gated.
        scene_depth_at: u32,
    }
}

record! {
    /// A hemisphere light, in view space.
    struct HemiRecord: "HEMI_STRIDE", "H_" {
        /// The sky colour.
        sky: [f32; 3],
        /// The ground colour.
        ground: [f32; 3],
        /// The direction up.
        up: [f32; 3],
    }
}

record! {
    /// A direct light, in view space.
    struct LightRecord: "LIGHT_STRIDE", "L_" {
        /// `LIGHT_DIRECTIONAL`, `LIGHT_POINT` or `LIGHT_SPOT`.
        kind: u32,
        /// A point or spot light's position; the direction to a directional light.
        vector: [f32; 3],
        /// The colour times the intensity.
        color: [f32; 3],
        /// A spot light's axis.
        axis: [f32; 3],
        /// A spot light's cone cosine.
        cone_cos: f32,
        /// A spot light's penumbra cosine.
        penumbra_cos: f32,
        /// A point or spot light's cut-off distance.
        cutoff: f32,
        /// A point or spot light's decay exponent.
        decay: f32,
        /// Its shadow's index among the [`ShadowRecord`]s, from `F_SHADOWS_AT`; `NONE` without a
        /// shadow.
        shadow: u32,
        /// Unused, to a stride of 16.
        _reserved: [u32; 1],
    }
}

record! {
    /// A shadow-casting light's map (`frame/shadow`), in the frame buffer after the light blocks
    /// and the LTC tables; its texels (and VSM's moments) follow the records, at absolute words.
    struct ShadowRecord: "SHADOW_STRIDE", "S_" {
        /// `SHADOW_FLAT` (directional, spot) or `SHADOW_CUBE` (point).
        kind: u32,
        /// The filter: `SHADOW_BASIC`, `SHADOW_PCF` or `SHADOW_VSM`.
        filter: u32,
        /// The map's (a cube face's) width in texels.
        width: u32,
        /// Its height.
        height: u32,
        /// `shadow.bias`.
        bias: f32,
        /// `shadow.normalBias`.
        normal_bias: f32,
        /// `shadow.radius`.
        radius: f32,
        /// `shadow.intensity`.
        intensity: f32,
        /// A cube's near plane.
        near: f32,
        /// A cube's far plane.
        far: f32,
        /// The word of the first depth (rows from the top; a cube's six faces one after another).
        map: u32,
        /// The word of VSM's first (mean, deviation) pair; `NONE` without.
        moments: u32,
        /// View space to the map's (flat) or to world less the light's position (cube), columns.
        matrix: [f32; 16],
        /// A cube's face cameras' axes in world space (x, y, z columns), faces +x, −x, +y, −y,
        /// +z, −z.
        axes: [[f32; 9]; 6],
        /// The word of a transmitted map's first colour (4 floats a texel, rows from the top; a
        /// cube's six faces one after another); `NONE` without.
        colors: u32,
        /// Unused, to a stride of 84.
        _reserved: [u32; 1],
    }
}

record! {
    /// The head of a light block: the lights of one light mask (R-MASK-4). Its hemisphere lights
    /// ([`HemiRecord`]) follow it, then its direct lights ([`LightRecord`]), then its rect area
    /// lights ([`RectRecord`]).
    struct BlockRecord: "BLOCK_STRIDE", "K_" {
        /// The ambient lights' sum.
        ambient: [f32; 3],
        /// How many hemisphere lights.
        hemis: u32,
        /// How many direct lights.
        direct: u32,
        /// How many rect area lights.
        rects: u32,
        /// Unused, to a stride of 8.
        _reserved: [u32; 2],
    }
}

record! {
    /// A rect area light, in view space (R-RECT-1).
    struct RectRecord: "RECT_STRIDE", "A_" {
        /// Its centre.
        position: [f32; 3],
        /// Half its width along its local x.
        half_width: [f32; 3],
        /// Half its height along its local y.
        half_height: [f32; 3],
        /// The colour times the intensity.
        color: [f32; 3],
    }
}

record! {
    /// A pass: its draw's material and program.
    struct PassRecord: "PASS_STRIDE", "P_" {
        /// `FL_*` bits.
        flags: u32,
        /// `FACES_*`: which faces the pass draws.
        faces: u32,
        /// The material's kind (`KIND_*`).
        kind: u32,
        /// The material's side (`SIDE_*`).
        side: u32,
        /// The program's first word in the words buffer.
        base: u32,
        /// The first instruction of each stage's output, in `STAGES` order.
        start: [u32; 8],
        /// The instruction count of each (0 without one).
        count: [u32; 8],
        /// The material's colour.
        color: [f32; 3],
        /// Its opacity.
        opacity: f32,
        /// Its alpha test.
        alpha_test: f32,
        /// Its emissive colour times its intensity.
        emissive: [f32; 3],
        /// Its specular colour.
        specular: [f32; 3],
        /// Its shininess.
        shininess: f32,
        /// Its roughness.
        roughness: f32,
        /// Its metalness.
        metalness: f32,
        /// Its clearcoat.
        clearcoat: f32,
        /// Its clearcoat's roughness.
        cc_roughness: f32,
        /// The maps' uv transform, columns (identity without one).
        uv_matrix: [f32; 9],
        /// The colour map's texture id, `NONE` without one.
        map: u32,
        /// The normal map's.
        normal_map: u32,
        /// The emissive map's.
        emissive_map: u32,
        /// The ao map's.
        ao_map: u32,
        /// The normal map's scale.
        normal_scale: [f32; 2],
        /// The ao map's intensity.
        ao_intensity: f32,
        /// PHYSICAL `specularColor` (the material's, before the ior; with `FL_PHYSICAL_EXT`).
        specular_color: [f32; 3],
        /// PHYSICAL `ior`.
        ior: f32,
        /// PHYSICAL `specularIntensity`.
        specular_intensity: f32,
        /// The sheen colour (`sheenColor · sheen`).
        sheen: [f32; 3],
        /// The sheen roughness before its map; −1 without a sheen layer.
        sheen_roughness: f32,
        /// The iridescence strength; 0 without a film.
        iridescence: f32,
        /// The film's index of refraction.
        iridescence_ior: f32,
        /// The film's thickness range in nanometres (min, max).
        iridescence_thickness: [f32; 2],
        /// The anisotropy vector `anisotropy · (cos rotation, sin rotation)`; zero without.
        anisotropy: [f32; 2],
        /// The extensions' maps' texture ids (`NONE` without): specular intensity, specular
        /// colour, sheen colour, sheen roughness, iridescence thickness, anisotropy, clearcoat,
        /// clearcoat roughness, and PHONG's thickness map.
        ext_maps: [u32; 9],
        /// PHONG's scattering colour (with `FL_SCATTERING`).
        thickness_color: [f32; 3],
        /// Its distortion, ambient, attenuation, power and scale; with `FL_SSS`, the values of
        /// the thickness outputs the program does not set (three's defaults).
        thickness: [f32; 5],
        /// The first instruction of each thickness output, in `THICKNESS_STAGES` order.
        thickness_start: [u32; 6],
        /// The instruction count of each (0 without one).
        thickness_count: [u32; 6],
        /// The clearcoat normal map's texture id, `NONE` without one (read after `ext_maps`).
        cc_normal_map: u32,
        /// Its scale.
        cc_normal_scale: [f32; 2],
        /// Where the light block of the material's light mask starts ([`BlockRecord`]), in
        /// words from `LIGHTS_AT`.
        lights: u32,
        /// The index of the environment's [`EnvRecord`] from `F_ENVS_AT` (the material's
        /// `env_map`, else the scene's environment), `NONE` without one.
        env: u32,
        /// Its intensity (`env_map_intensity`, else the scene's `environment_intensity`).
        env_intensity: f32,
        /// The first instruction of `RECEIVED_SHADOW_NODE`, where the pass receives shadows.
        received_start: u32,
        /// Its instruction count (0 without one, or where the pass receives no shadow).
        received_count: u32,
        /// The first instruction of `BACKDROP_NODE` and `BACKDROP_ALPHA_NODE`, in
        /// `BACKDROP_STAGES` order (R-SCREEN-2).
        backdrop_start: [u32; 2],
        /// Their instruction counts (0 without one).
        backdrop_count: [u32; 2],
        /// The instance's colour (three.js's `instanceColor`, R-INST-2), white for a plain mesh:
        /// it multiplies the diffuse colour.
        instance_color: [f32; 3],
        /// A VOLUME material's ray steps.
        volume_steps: u32,
        /// three.js's `modelRadius`: the mesh's bounding sphere's radius in world space.
        model_radius: f32,
        /// The first instruction of OFFSET_NODE on a VOLUME pass.
        offset_start: u32,
        /// Its instruction count (0 without one).
        offset_count: u32,
        /// The first instruction of SCATTERING_NODE on a VOLUME pass.
        scattering_start: u32,
        /// Its instruction count (0 without one).
        scattering_count: u32,
        /// How many times a VOLUME pass multiplies each light gathered at a ray step by the
        /// light's shadow there (R-VOL-4, `shade/volume_shadow.rs` `volume_shadow_times`): 0, 1
        /// or 2.
        volume_shadows: u32,
        /// PHYSICAL `transmission` (R-SCREEN-3); 0 on a pass that is not transmissive.
        transmission: f32,
        /// PHYSICAL `thickness` (the volume's, in local units; not the SSS `thickness`).
        volume_thickness: f32,
        /// PHYSICAL `attenuationDistance` (infinity: no tint).
        attenuation_distance: f32,
        /// PHYSICAL `attenuationColor`.
        attenuation_color: [f32; 3],
        /// The lengths of the model matrix's columns (three's `modelScale`).
        model_scale: [f32; 3],
        /// The texture ids of `transmissionMap` and `thicknessMap`, `NONE` without.
        transmission_maps: [u32; 2],
        /// The first instruction of ALPHA_TEST_NODE, ROUGHNESS_NODE and METALNESS_NODE, in
        /// `VARIANT_STAGES` order (R-OUT-17, R-OUT-18).
        variant_start: [u32; 3],
        /// Their instruction counts (0 without one; the roughness and metalness on a STANDARD or
        /// PHYSICAL pass only).
        variant_count: [u32; 3],
        /// The roughness map's texture id (its green channel), `NONE` without one.
        roughness_map: u32,
        /// The metalness map's texture id (its blue channel), `NONE` without one.
        metalness_map: u32,
        /// Unused.
        _reserved_volume: u32,
        /// PHYSICAL `dispersion` (R-SCREEN-3): 0 reads the screen once, above it once per
        /// colour channel.
        dispersion: f32,
        /// How the draw's vertices are joined (`PRIMITIVE_*`, R-PRIM-1): a point's or a line's
        /// texture reads take their own level and read the screen as white (R-PRIM-7, R-PRIM-8).
        primitive: u32,
        /// The alpha map's texture id (its first component multiplies the opacity where no
        /// OPACITY_NODE replaces both), `NONE` without one.
        alpha_map: u32,
        /// The bump map's texture id (its first component is the height), `NONE` without one
        /// or where a normal map takes its place.
        bump_map: u32,
        /// The bump map's `bumpScale`.
        bump_scale: f32,
    }
}

record! {
    /// A screen triangle (`raster/setup.rs` `Tri` and its weight planes). The edge functions
    /// are 64-bit integers as (lo, hi) pairs, WGSL having no `i64`.
    struct TriRecord: "TRI_STRIDE", "T_" {
        /// The edge functions at the centre of the bounding box's first pixel.
        e0: [[u32; 2]; 3],
        /// Each edge's step one pixel right (a · 256).
        sa: [[u32; 2]; 3],
        /// Each edge's step one pixel down (b · 256).
        sb: [[u32; 2]; 3],
        /// The fill rule's bias of each edge.
        bias: [u32; 3],
        /// The bounding box: first x, first y, end x, end y.
        bbox: [u32; 4],
        /// One over the doubled area.
        inv_area: f32,
        /// Unused (once the corners' 1/w, which the planes replaced).
        _reserved_inv_w: [u32; 3],
        /// The corners' depths.
        z: [f32; 3],
        /// The original corners' weights at each screen corner.
        weights: [[f32; 3]; 3],
        /// The original corners: global vertex indices.
        corners: [u32; 3],
        /// 1 where the triangle faces the camera.
        front: u32,
        /// The shading's weight planes: 3 numerators and a denominator, each (c, a, b).
        planes: [[f32; 3]; 4],
        /// The planes' origin pixel (x, y).
        origin: [i32; 2],
        /// Each edge's step right as `i32` where it fits (for a bin entry's 32-bit edges).
        sa32: [i32; 3],
        /// Each edge's step down as `i32`.
        sb32: [i32; 3],
        /// Unused, to a stride of 72.
        _reserved: [u32; 7],
    }
}

record! {
    /// A placed vertex (`raster/draw.rs` `Vertex`): floats.
    struct VertRecord: "VERT_STRIDE", "V_" {
        /// World position.
        world: [f32; 3],
        /// View position.
        view: [f32; 3],
        /// View normal.
        normal_view: [f32; 3],
        /// Texture coordinate.
        uv: [f32; 2],
        /// Vertex colour (its alpha is `alpha`, at the end).
        color: [f32; 3],
        /// Model-space position after the position node (a fragment's `position_local()`).
        local: [f32; 3],
        /// Model-space normal (a fragment's `normal_local()`).
        normal_local: [f32; 3],
        /// The custom attributes' 8 floats (lanes `Custom0` to `Custom2`; R-ATTR-1).
        custom: [f32; 8],
        /// `point_coord()` at the corner of a point's square (zero elsewhere; R-PRIM-3).
        point_coord: [f32; 2],
        /// The vertex colour's alpha (1 for RGB colours).
        alpha: f32,
        /// three's `v_tangentView` (zero without geometry tangents).
        tangent: [f32; 3],
        /// three's `v_bitangentView` (zero without geometry tangents).
        bitangent: [f32; 3],
    }
}

record! {
    /// A bin entry: a pass's triangle in a tile, with its edge functions at the centre of the
    /// tile's first pixel where 32 bits hold them over the whole tile.
    struct BinEntry: "ENTRY", "B_" {
        /// The pass.
        pass: u32,
        /// The triangle (global index).
        tri: u32,
        /// 1 where the 32-bit edges below hold over the tile.
        fast: u32,
        /// The three edge functions as `i32` (0 where they do not fit).
        edges: [u32; 3],
    }
}

record! {
    /// A texture's header in the texels buffer; its levels' linear RGBA floats follow the
    /// headers, rows from the top.
    struct TexHeader: "TEX_STRIDE", "X_" {
        /// How many levels.
        levels: u32,
        /// The horizontal wrap (`WRAP_*`).
        wrap_s: u32,
        /// The vertical wrap.
        wrap_t: u32,
        /// The magnification filter (`FILTER_*`).
        mag: u32,
        /// The minification filter.
        min: u32,
        /// 1 to flip the image vertically.
        flip_y: u32,
        /// 1 where the uv transform is the identity.
        identity: u32,
        /// Unused.
        _reserved0: u32,
        /// The uv transform, columns.
        uv_matrix: [f32; 9],
        /// Unused, so that the levels start at word 24.
        _reserved1: [u32; 7],
        /// Each level's width, height and first word in the texels buffer.
        level: [[u32; 3]; crate::texture::MAX_MIP_LEVELS],
        /// Unused, to a stride of 80.
        _reserved2: [u32; 8],
    }
}

record! {
    /// The interpreter's parameters (`interp.wgsl` `Params`, a uniform). The generator writes
    /// it as a WGSL struct of the same fields, not as constants.
    struct InterpParams: "PARAMS_STRIDE", "PARAMS_" {
        /// The output's first instruction.
        start: u32,
        /// Its instruction count.
        count: u32,
        /// How many lanes to run.
        lanes: u32,
        /// Unused (a uniform's size is a multiple of 16 bytes).
        _reserved: u32,
    }
}

codes! {
    /// A pass's flags (`P_FLAGS`).
    PASS_FLAGS {
        /// The draw is forward (shaded as it comes), not deferred.
        FL_FORWARD = 1,
        /// The material is transparent.
        FL_TRANSPARENT = 1 << 1,
        /// The material tests depth.
        FL_DEPTH_TEST = 1 << 2,
        /// The material writes depth.
        FL_DEPTH_WRITE = 1 << 3,
        /// The material uses vertex colours.
        FL_VERTEX_COLORS = 1 << 4,
        /// Flat shading.
        FL_FLAT = 1 << 5,
        /// The material takes fog.
        FL_FOG = 1 << 6,
        /// The geometry has normals.
        FL_HAS_NORMALS = 1 << 7,
        /// The geometry has tangents: the normal maps read them (three's `TBNViewMatrix`).
        FL_TANGENTS = 1 << 8,
        /// The program reads the neighbours (right and up pixels).
        FL_NEIGHBOURS = 1 << 9,
        /// The built-in derivatives are needed.
        FL_QUAD = 1 << 10,
        /// The surface's derivatives are needed.
        FL_SURFACE = 1 << 11,
        /// The normal's derivatives are needed.
        FL_NORMAL_DERIV = 1 << 12,
        /// The program has a depth node.
        FL_DEPTH_NODE = 1 << 13,
        /// The colour node has four components: its alpha is the colour's (R-OUT-11).
        FL_COLOR_ALPHA = 1 << 14,
        /// The output node has four components: its alpha is the fragment's, not 1 (R-OUT-12).
        FL_OUTPUT_ALPHA = 1 << 15,
        /// The object receives shadows (`receive_shadow`, R-SHADOW-3).
        FL_RECEIVE_SHADOW = 1 << 16,
        /// A PHYSICAL material with the extensions (ior, specular, sheen, iridescence,
        /// anisotropy): the full physical model.
        FL_PHYSICAL_EXT = 1 << 17,
        /// A PHONG material with subsurface scattering.
        FL_SCATTERING = 1 << 18,
        /// A PHYSICAL pass whose program sets THICKNESS_COLOR_NODE (MeshSSSNodeMaterial).
        FL_SSS = 1 << 19,
        /// A transmissive PHYSICAL material (R-SCREEN-3): its light through it takes the
        /// diffuse light's place.
        FL_TRANSMISSION = 1 << 20,
        /// A VOLUME material with the scene-depth gate (R-VOL-5): its ray steps behind the
        /// frame's `F_SCENE_DEPTH_AT` distances gather nothing.
        FL_VOLUME_DEPTH = 1 << 21,
    }
}

codes! {
    /// The values of the records' enumerations: `F_SHADING`, `F_FOG`, `P_FACES`, `P_KIND`,
    /// `P_SIDE`, `L_KIND`, `X_WRAP_*`, `X_MAG` and `X_MIN`.
    ENUM_CODES {
        /// `Shading::Texture`.
        SHADING_TEXTURE = 0,
        /// `Shading::Lit`.
        SHADING_LIT = 1,
        /// `Shading::Uv`.
        SHADING_UV = 2,
        /// No fog.
        FOG_NONE = 0,
        /// `Fog::Linear`.
        FOG_LINEAR = 1,
        /// `Fog::Exp2`.
        FOG_EXP2 = 2,
        /// A pass of both faces.
        FACES_BOTH = 0,
        /// A pass of the back faces only.
        FACES_BACK = 1,
        /// A pass of the front faces only.
        FACES_FRONT = 2,
        /// `MaterialKind::Basic`.
        KIND_BASIC = 0,
        /// `MaterialKind::Lambert`.
        KIND_LAMBERT = 1,
        /// `MaterialKind::Phong`.
        KIND_PHONG = 2,
        /// `MaterialKind::Standard`.
        KIND_STANDARD = 3,
        /// `MaterialKind::Physical`.
        KIND_PHYSICAL = 4,
        /// `MaterialKind::Normals`.
        KIND_NORMALS = 5,
        /// `MaterialKind::Depth`.
        KIND_DEPTH = 6,
        /// `MaterialKind::Volume`.
        KIND_VOLUME = 7,
        /// `Side::Front`.
        SIDE_FRONT = 0,
        /// `Side::Back`.
        SIDE_BACK = 1,
        /// `Side::Double`.
        SIDE_DOUBLE = 2,
        /// `LightKind::Directional`.
        LIGHT_DIRECTIONAL = 0,
        /// `LightKind::Point`.
        LIGHT_POINT = 1,
        /// `LightKind::Spot`.
        LIGHT_SPOT = 2,
        /// `Wrap::Repeat`.
        WRAP_REPEAT = 0,
        /// `Wrap::ClampToEdge`.
        WRAP_CLAMP_TO_EDGE = 1,
        /// `Wrap::MirroredRepeat`.
        WRAP_MIRRORED_REPEAT = 2,
        /// `VolumeLayout::Volume`.
        LAYOUT_VOLUME = 0,
        /// `VolumeLayout::Layers`.
        LAYOUT_LAYERS = 1,
        /// `VolumeLayout::Cube`.
        LAYOUT_CUBE = 2,
        /// `Filter::Nearest`.
        FILTER_NEAREST = 0,
        /// `Filter::Linear`.
        FILTER_LINEAR = 1,
        /// `Filter::NearestMipmapNearest`.
        FILTER_NEAREST_MIPMAP_NEAREST = 2,
        /// `Filter::LinearMipmapNearest`.
        FILTER_LINEAR_MIPMAP_NEAREST = 3,
        /// `Filter::NearestMipmapLinear`.
        FILTER_NEAREST_MIPMAP_LINEAR = 4,
        /// `Filter::LinearMipmapLinear`.
        FILTER_LINEAR_MIPMAP_LINEAR = 5,
        /// A directional or spot light's map.
        SHADOW_FLAT = 0,
        /// A point light's cube.
        SHADOW_CUBE = 1,
        /// `ShadowMapType::Basic`.
        SHADOW_BASIC = 0,
        /// `ShadowMapType::Pcf`.
        SHADOW_PCF = 1,
        /// `ShadowMapType::Vsm`.
        SHADOW_VSM = 2,
        /// `Primitive::Triangles`.
        PRIMITIVE_TRIANGLES = 0,
        /// `Primitive::Points`.
        PRIMITIVE_POINTS = 1,
        /// `Primitive::Line`, `LineSegments` and `LineLoop`.
        PRIMITIVE_LINES = 2,
        /// The reserved texture id of `viewport_texture` (`tsl_core::VIEWPORT_TEXTURE`), which a
        /// program keeps where the frame has no transmission target.
        TEXTURE_VIEWPORT = tsl_core::VIEWPORT_TEXTURE.0,
    }
}

record! {
    /// An environment's PMREM (R-ENV-6) in the frame buffer: its levels, from the finest down,
    /// each `6 · size²` texels face by face, row by row (environment/cube.rs's order), three
    /// float words a texel; level `k` has the side `size >> k`.
    struct EnvRecord: "ENV_STRIDE", "E_" {
        /// Level 0's side.
        size: u32,
        /// The number of levels (`maxLod + 1`).
        levels: u32,
        /// The word of the frame buffer where level 0's texels start.
        texels: u32,
        /// Unused, to a stride of 4.
        _reserved: u32,
    }
}

record! {
    /// The background drawn from an environment (`FrameRecord::background`).
    struct BackgroundRecord: "BACKGROUND_STRIDE", "G_" {
        /// The index of its [`EnvRecord`] from `F_ENVS_AT`.
        env: u32,
        /// `backgroundBlurriness`: the roughness the PMREM is read at.
        blurriness: f32,
        /// `backgroundIntensity`.
        intensity: f32,
        /// An orthographic camera's background sphere radius (`3 / projection[1][1]`).
        radius: f32,
        /// The camera's projection inverted, columns.
        inverse_projection: [f32; 16],
    }
}

record! {
    /// A volume (`texture/volume.rs` `Texture3d`) in the frame buffer, at `F_VOLUMES_AT` plus its
    /// id times the stride: its texels, x fastest, then y, then z, four float words (RGBA) each.
    struct VolumeRecord: "VOLUME_STRIDE", "VOL_" {
        /// The word of the frame buffer where its texels start; `NONE` for an id the store lacks.
        texels: u32,
        /// Its width, height and depth in texels.
        size: [u32; 3],
        /// Its wraps along u, v and w (`WRAP_*`).
        wrap: [u32; 3],
        /// `FILTER_NEAREST` or `FILTER_LINEAR`.
        filter: u32,
        /// How its slices are read: `LAYOUT_VOLUME`, `LAYOUT_LAYERS` or `LAYOUT_CUBE`.
        layout: u32,
    }
}
