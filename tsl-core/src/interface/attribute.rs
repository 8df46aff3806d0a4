//! The inputs a node can read that no other node computes: per-fragment attributes, the per-vertex
//! local position and normal, the frame's values, and the lit colour.

use crate::types::ValueType;

/// Where an input's value comes from, which decides the outputs that may read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// Interpolated for each fragment by the rasterizer: not readable by a position node.
    Fragment,
    /// The vertex's own model-space data: readable by a position node alone.
    Local,
    /// The same for the whole frame or the whole draw (header values): readable everywhere,
    /// a position node included.
    Frame,
    /// The colour the material's own shading made: `OUTPUT_NODE` alone.
    Lit,
    /// What a shadowing light's shadow lets through at the fragment: `RECEIVED_SHADOW_NODE`
    /// alone.
    Shadow,
    /// Where the fragment is on the screen, which the rasterizer knows of the fragment and its
    /// neighbours but not of a vertex: a fragment output reads it, a varying does not.
    Screen,
}

macro_rules! attributes {
    ($($(#[$doc:meta])* $name:ident = $text:literal, $ty:ident, $source:ident;)*) => {
        /// An input node of R-VAL (docs/requirements.md) that no other node computes.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Attribute {
            $($(#[$doc])* $name,)*
        }

        impl Attribute {
            /// Every attribute, in id order.
            pub const ALL: &'static [Attribute] = &[$(Attribute::$name),*];

            /// The method's name, `position_world`.
            pub fn name(self) -> &'static str {
                match self { $(Attribute::$name => $text,)* }
            }

            /// The type of the node.
            pub fn value_type(self) -> ValueType {
                match self { $(Attribute::$name => ValueType::$ty,)* }
            }

            /// Where the value comes from.
            pub fn source(self) -> Source {
                match self { $(Attribute::$name => Source::$source,)* }
            }
        }
    };
}

attributes! {
    /// `uv()`: the geometry's uv (a map's own transform is not in it).
    Uv = "uv", Vec2, Fragment;
    /// `position_world()`: metres, world space.
    PositionWorld = "position_world", Vec3, Fragment;
    /// `position_view()`: camera space, looking down minus z.
    PositionView = "position_view", Vec3, Fragment;
    /// `normal_world()`: unit, world space, after normal and bump maps.
    NormalWorld = "normal_world", Vec3, Fragment;
    /// `normal_view()`: unit, camera space.
    NormalView = "normal_view", Vec3, Fragment;
    /// The geometry's interpolated vertex colour, rgb (white where it has none), which
    /// `vertex_color()` joins with alpha 1 (R-VAL-8).
    VertexColor = "vertex_color", Vec3, Fragment;
    /// `position_local()`: the vertex's model-space position; a position node only.
    PositionLocal = "position_local", Vec3, Local;
    /// `normal_local()`: the vertex's model-space normal; a position node only.
    NormalLocal = "normal_local", Vec3, Local;
    /// The colour of the material's own shading, rgb, which `lit()` joins with
    /// [`Attribute::LitAlpha`]; `OUTPUT_NODE` only.
    Lit = "lit", Vec3, Lit;
    /// The fragment's perspective-correct weights of the triangle's three corners, which a
    /// varying interpolates with.
    Barycentric = "barycentric", Vec3, Fragment;
    /// `frag_coord()`: GLSL's `gl_FragCoord.xyz`: the pixel's centre in pixels from the bottom
    /// left of the image, and the window depth, 0 at the near plane and 1 at the far plane.
    FragCoord = "frag_coord", Vec3, Screen;
    /// `front_facing()`: TSL's `frontFacing`, 1 where the face is seen from its front and 0 where
    /// from its back (so 0 on every face a BACK_SIDE material draws).
    FrontFacing = "front_facing", Float, Screen;
    /// `gl_front_facing()`: GLSL's `gl_FrontFacing` as three.js's WebGL renderer gives it: as
    /// `front_facing()`, but 1 on every face a BACK_SIDE material draws, because three.js turns
    /// the front face round for such a material (R-GLSL-12).
    GlFrontFacing = "gl_front_facing", Float, Screen;
    /// The fragment's alpha after the material's own shading (three.js's `diffuseColor.a`: the
    /// colour's alpha times the opacity, 1 on an opaque material), which `lit()` joins with
    /// [`Attribute::Lit`] (R-VAL-12); `OUTPUT_NODE` only.
    LitAlpha = "lit_alpha", Float, Lit;
    /// `shadow()`: what the shadow of the light being shaded lets through at the fragment, a
    /// vec3 (1 where it is lit, 0 in its full shadow); `RECEIVED_SHADOW_NODE` only (R-OUT-14).
    Shadow = "shadow", Vec3, Shadow;
    /// `point_coord()`: GLSL's `gl_PointCoord`, where the pixel is in its point or sprite, 0 to 1
    /// from the top left (0 on a triangle); a derivative of it is one over the point's width.
    PointCoord = "point_coord", Vec2, Fragment;
    /// Floats 0 to 2 of the eight per corner that a program's custom attributes
    /// (`attribute(name, type)`) are packed into; the compiler records which name lies where. (A
    /// lane holds three floats, so the eight take three lanes.)
    Custom0 = "custom0", Vec3, Fragment;
    /// Custom-attribute floats 3 to 5.
    Custom1 = "custom1", Vec3, Fragment;
    /// Custom-attribute floats 6 and 7.
    Custom2 = "custom2", Vec2, Fragment;
    /// `time()`: `Renderer.time` in seconds, from the program's header.
    Time = "time", Float, Frame;
    /// `instance_index()`: TSL's `instanceIndex`, the instance of an `InstancedMesh` being drawn
    /// (0 for any other mesh), as a float, from the draw's header word `H_INSTANCE_INDEX`.
    InstanceIndex = "instance_index", Float, Frame;
    /// `camera_position()`: the camera's world position, from the header.
    CameraPosition = "camera_position", Vec3, Frame;
    /// `camera_view_matrix()`: the world-to-camera matrix, from the header.
    CameraViewMatrix = "camera_view_matrix", Mat4, Frame;
    /// `screen_size()`: TSL's `screenSize`, the render target's size in pixels, from the header.
    ScreenSize = "screen_size", Vec2, Frame;
    /// `camera_near()`: the camera's near plane distance, from the header.
    CameraNear = "camera_near", Float, Frame;
    /// `camera_far()`: the camera's far plane distance, from the header.
    CameraFar = "camera_far", Float, Frame;
    /// `camera_projection_matrix()`: view to clip space, from the header.
    CameraProjectionMatrix = "camera_projection_matrix", Mat4, Frame;
    /// `camera_projection_matrix_inverse()`: clip to view space, from the header.
    CameraProjectionMatrixInverse = "camera_projection_matrix_inverse", Mat4, Frame;
    /// `camera_world_matrix()`: the camera's view-to-world matrix, from the header.
    CameraWorldMatrix = "camera_world_matrix", Mat4, Frame;
    /// `frame_id()`: TSL's `frameId`, the renderer's frame counter (as a float), from the header.
    FrameId = "frame_id", Float, Frame;
    /// `delta_time()`: TSL's `deltaTime`, the seconds since the previous frame, from the header.
    DeltaTime = "delta_time", Float, Frame;
    /// `camera_is_orthographic()`: 1 when the camera is orthographic, 0 when perspective (what
    /// three.js decides when it builds `positionViewDirection`), from the header.
    CameraIsOrthographic = "camera_is_orthographic", Float, Frame;
    /// `model_world_matrix()`: the draw's model-to-world matrix, from the draw's header words.
    ModelWorldMatrix = "model_world_matrix", Mat4, Frame;
    /// `model_world_matrix_inverse()`: its inverse, from the draw's header words.
    ModelWorldMatrixInverse = "model_world_matrix_inverse", Mat4, Frame;
    /// `model_view_matrix()`: the camera's view matrix times the world matrix.
    ModelViewMatrix = "model_view_matrix", Mat4, Frame;
    /// `model_normal_matrix()`: the inverse transpose of the world matrix's 3×3 (three.js r187's
    /// `getNormalMatrix(matrixWorld)`).
    ModelNormalMatrix = "model_normal_matrix", Mat3, Frame;
    /// `model_scale()`: the lengths of the world matrix's three columns.
    ModelScale = "model_scale", Vec3, Frame;
    /// `model_direction()`: the world direction of the model's +z axis, normalized
    /// (`Object3D.getWorldDirection`).
    ModelDirection = "model_direction", Vec3, Frame;
    /// `model_radius()`: the radius of the geometry's bounding sphere in world space
    /// (three.js's `computeBoundingSphere` then `applyMatrix4(matrixWorld)`).
    ModelRadius = "model_radius", Float, Frame;
    /// `model_position()`: the model's world position, the world matrix's translation.
    ModelPosition = "model_position", Vec3, Frame;
    /// `model_view_position()`: the model's position in camera space.
    ModelViewPosition = "model_view_position", Vec3, Frame;
    /// `material_color()`: TSL's `materialColor`, the draw's `material.color` (linear working
    /// colour), from the draw's header words (without the map: R-VAL-20).
    MaterialColor = "material_color", Vec3, Frame;
    /// `material_opacity()`: TSL's `materialOpacity`, `material.opacity`.
    MaterialOpacity = "material_opacity", Float, Frame;
    /// `material_emissive()`: TSL's `materialEmissive`, `emissive * emissiveIntensity`.
    MaterialEmissive = "material_emissive", Vec3, Frame;
    /// `material_roughness()`: TSL's `materialRoughness`, `material.roughness`.
    MaterialRoughness = "material_roughness", Float, Frame;
    /// `material_metalness()`: TSL's `materialMetalness`, `material.metalness`.
    MaterialMetalness = "material_metalness", Float, Frame;
    /// `material_specular()`: TSL's `materialSpecular`, a PHONG material's `specular` colour.
    MaterialSpecular = "material_specular", Vec3, Frame;
    /// `material_shininess()`: TSL's `materialShininess`, a PHONG material's `shininess`.
    MaterialShininess = "material_shininess", Float, Frame;
    /// `material_alpha_test()`: TSL's `materialAlphaTest`, `material.alphaTest`.
    MaterialAlphaTest = "material_alpha_test", Float, Frame;
    /// `material_clearcoat()`: TSL's `materialClearcoat`, `material.clearcoat`.
    MaterialClearcoat = "material_clearcoat", Float, Frame;
    /// `material_clearcoat_roughness()`: TSL's `materialClearcoatRoughness`.
    MaterialClearcoatRoughness = "material_clearcoat_roughness", Float, Frame;
    /// `material_ior()`: TSL's `materialIOR`, `material.ior`.
    MaterialIor = "material_ior", Float, Frame;
    /// `material_specular_intensity()`: TSL's `materialSpecularIntensity`, `material.specularIntensity` (without its map).
    MaterialSpecularIntensity = "material_specular_intensity", Float, Frame;
    /// `material_specular_color()`: TSL's `materialSpecularColor`, `material.specularColor` (linear, without its map).
    MaterialSpecularColor = "material_specular_color", Vec3, Frame;
    /// `material_sheen()`: TSL's `materialSheen`, `material.sheenColor * material.sheen` (linear, without the sheen colour map).
    MaterialSheen = "material_sheen", Vec3, Frame;
    /// `material_sheen_roughness()`: TSL's `materialSheenRoughness`, `material.sheenRoughness` clamped to 0.0001..1 (without its map).
    MaterialSheenRoughness = "material_sheen_roughness", Float, Frame;
    /// `material_iridescence()`: TSL's `materialIridescence`, `material.iridescence`.
    MaterialIridescence = "material_iridescence", Float, Frame;
    /// `material_iridescence_ior()`: TSL's `materialIridescenceIOR`, `material.iridescenceIOR`.
    MaterialIridescenceIor = "material_iridescence_ior", Float, Frame;
    /// `material_iridescence_thickness()`: TSL's `materialIridescenceThickness`, the maximum of `material.iridescenceThicknessRange` (without the thickness map).
    MaterialIridescenceThickness = "material_iridescence_thickness", Float, Frame;
    /// `material_anisotropy()`: TSL's `materialAnisotropy`, `anisotropy · (cos, sin)(anisotropyRotation)` (without the anisotropy map).
    MaterialAnisotropy = "material_anisotropy", Vec2, Frame;
    /// `material_dispersion()`: TSL's `materialDispersion`, `material.dispersion`.
    MaterialDispersion = "material_dispersion", Float, Frame;
}

/// How many attributes a [`FragmentBatch`](crate::FragmentBatch) carries per lane (those not from the header).
pub const LANE_ATTRIBUTE_COUNT: usize = 19;

impl Attribute {
    /// The attribute's row in a [`FragmentBatch`](crate::FragmentBatch) and its id in an `attr` instruction;
    /// `None` for the frame's values, which live in the program's header.
    pub fn lane_index(self) -> Option<usize> {
        let index = self as usize;
        (index < LANE_ATTRIBUTE_COUNT).then_some(index)
    }

    /// The attribute of an `attr` instruction's id.
    pub fn from_lane_index(index: usize) -> Option<Attribute> {
        Attribute::ALL
            .get(index)
            .copied()
            .filter(|a| a.lane_index().is_some())
    }
}

/// Where a lane attribute is read (R-RUN-1: the contexts of a program). A node is
/// one instruction in each view it runs in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum View {
    /// The fragment itself: what the outputs read, normals after any normal or bump map.
    Fragment = 0,
    /// The fragment again, as a derivative reads it: the interpolated normal.
    DerivativeHere = 1,
    /// The pixel to the right, from the triangle's attribute planes (for `dfdx`).
    Right = 2,
    /// The pixel above, window rows counting upward (for `dfdy`).
    Up = 3,
    /// The triangle's first corner (for a varying).
    Corner0 = 4,
    /// The second corner.
    Corner1 = 5,
    /// The third corner.
    Corner2 = 6,
}

/// How many views an `attr` instruction can name.
pub const VIEW_COUNT: usize = 7;

impl View {
    /// Every view, in id order.
    pub const ALL: [View; VIEW_COUNT] = [
        View::Fragment,
        View::DerivativeHere,
        View::Right,
        View::Up,
        View::Corner0,
        View::Corner1,
        View::Corner2,
    ];

    /// The three corners.
    pub const CORNERS: [View; 3] = [View::Corner0, View::Corner1, View::Corner2];

    /// The name the disassembler prints.
    pub fn name(self) -> &'static str {
        [
            "fragment", "here", "right", "up", "corner0", "corner1",
            "corner2",
            // Invariant: one name per variant, in order (`View` is a fieldless enum of 7).
        ][self as usize]
    }

    /// Whether this is a corner of the triangle.
    pub fn is_corner(self) -> bool {
        self >= View::Corner0
    }
}
