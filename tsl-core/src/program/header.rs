//! Writing the frame's and the draw's values into a program's header (docs/bytecode.md, "The
//! header"): what a renderer does to its copy of a program before it runs it.

use super::format::*;
use super::NodeProgram;
use glam::{Mat3, Mat4, Vec2, Vec3};

/// The values of a draw's material that the material accessors read (`material_color()`,
/// TSL's `materialColor`, and the others of R-VAL-20), in three.js's conventions: colours are
/// linear working colours, `emissive` already times `emissiveIntensity`. The default is
/// three.js r187's defaults of a `MeshStandardMaterial` / `MeshPhongMaterial`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MaterialValues {
    /// `material.color`.
    pub color: Vec3,
    /// `material.opacity`.
    pub opacity: f32,
    /// `material.emissive * material.emissiveIntensity`.
    pub emissive: Vec3,
    /// `material.roughness`.
    pub roughness: f32,
    /// `material.metalness`.
    pub metalness: f32,
    /// A PHONG material's `specular` colour.
    pub specular: Vec3,
    /// A PHONG material's `shininess`.
    pub shininess: f32,
    /// `material.alphaTest`.
    pub alpha_test: f32,
    /// `material.clearcoat`.
    pub clearcoat: f32,
    /// `material.clearcoatRoughness`.
    pub clearcoat_roughness: f32,
    /// `material.ior`.
    pub ior: f32,
    /// `material.specularIntensity` (without its map).
    pub specular_intensity: f32,
    /// `material.specularColor` (linear, without its map).
    pub specular_color: Vec3,
    /// `material.sheenColor * material.sheen` (linear, without the sheen colour map).
    pub sheen: Vec3,
    /// `material.sheenRoughness` clamped to 0.0001..1 (without its map).
    pub sheen_roughness: f32,
    /// `material.iridescence`.
    pub iridescence: f32,
    /// `material.iridescenceIOR`.
    pub iridescence_ior: f32,
    /// The maximum of `material.iridescenceThicknessRange` (without the thickness map).
    pub iridescence_thickness: f32,
    /// `anisotropy · (cos, sin)(anisotropyRotation)` (without the anisotropy map).
    pub anisotropy: Vec2,
    /// `material.dispersion`.
    pub dispersion: f32,
}

impl Default for MaterialValues {
    fn default() -> Self {
        MaterialValues {
            color: Vec3::ONE,
            opacity: 1.0,
            emissive: Vec3::ZERO,
            roughness: 1.0,
            metalness: 0.0,
            // 0x111111 decoded from sRGB, as three.js's `new Color(0x111111)` in linear
            // working colour space.
            specular: Vec3::splat(0.005_605_392),
            shininess: 30.0,
            alpha_test: 0.0,
            clearcoat: 0.0,
            clearcoat_roughness: 0.0,
            ior: 1.5,
            specular_intensity: 1.0,
            specular_color: Vec3::ONE,
            sheen: Vec3::ZERO,
            sheen_roughness: 1.0,
            iridescence: 0.0,
            iridescence_ior: 1.3,
            iridescence_thickness: 400.0,
            anisotropy: Vec2::ZERO,
            dispersion: 0.0,
        }
    }
}

impl NodeProgram {
    /// Write the frame's time and the camera's world-to-view matrix into the header, as
    /// `Renderer.prepare_frame` does; the camera's position and world matrix are derived from
    /// the view, and the model-view values from the view and the draw's world matrix.
    pub fn set_frame(&mut self, time: f32, view: Mat4) {
        self.put(H_TIME, &[time]);
        self.put(H_VIEW, &view.to_cols_array());
        let camera_world = view.inverse();
        self.put(H_CAMERA, &camera_world.w_axis.truncate().to_array());
        self.put(H_CAMERA_WORLD, &camera_world.to_cols_array());
        self.write_model_view();
    }

    /// Write the camera's projection (view to clip space, three.js's `projectionMatrix`), its
    /// near and far distances and whether it is orthographic into the header
    /// (`camera_projection_matrix`, `camera_projection_matrix_inverse`, `camera_near`,
    /// `camera_far`, `camera_is_orthographic`).
    pub fn set_camera(&mut self, projection: Mat4, near: f32, far: f32, orthographic: bool) {
        self.put(H_PROJECTION, &projection.to_cols_array());
        self.put(H_PROJECTION_INVERSE, &projection.inverse().to_cols_array());
        self.put(H_NEAR, &[near]);
        self.put(H_FAR, &[far]);
        self.put(H_ORTHOGRAPHIC, &[if orthographic { 1.0 } else { 0.0 }]);
    }

    /// Write the render target's size in pixels (`screen_size`) and the renderer's frame counter
    /// (`frame_id`, as an f32: exact up to 2^24) into the header.
    pub fn set_screen(&mut self, size: Vec2, frame_id: u32) {
        self.put(H_SCREEN, &size.to_array());
        self.put(H_FRAME_ID, &[frame_id as f32]);
    }

    /// Write the draw's bounding-sphere radius in world space (`model_radius`) into the
    /// header, as a renderer does with [`NodeProgram::set_object`].
    pub fn set_model_radius(&mut self, radius: f32) {
        self.put(H_MODEL_RADIUS, &[radius]);
    }

    /// Write the draw's material's values (`material_color()` and the other material
    /// accessors, R-VAL-20) into the header, as a renderer does with [`NodeProgram::set_object`]
    /// for each draw of a program that [reads them](NodeProgram::reads_object).
    pub fn set_material(&mut self, m: &MaterialValues) {
        self.put(H_MATERIAL_COLOR, &m.color.to_array());
        self.put(H_MATERIAL_OPACITY, &[m.opacity]);
        self.put(H_MATERIAL_EMISSIVE, &m.emissive.to_array());
        self.put(H_MATERIAL_ROUGHNESS, &[m.roughness]);
        self.put(H_MATERIAL_METALNESS, &[m.metalness]);
        self.put(H_MATERIAL_SPECULAR, &m.specular.to_array());
        self.put(H_MATERIAL_SHININESS, &[m.shininess]);
        self.put(H_MATERIAL_ALPHA_TEST, &[m.alpha_test]);
        self.put(H_MATERIAL_CLEARCOAT, &[m.clearcoat]);
        self.put(H_MATERIAL_CLEARCOAT_ROUGHNESS, &[m.clearcoat_roughness]);
        self.put(H_MATERIAL_IOR, &[m.ior]);
        self.put(H_MATERIAL_SPECULAR_INTENSITY, &[m.specular_intensity]);
        self.put(H_MATERIAL_SPECULAR_COLOR, &m.specular_color.to_array());
        self.put(H_MATERIAL_SHEEN, &m.sheen.to_array());
        self.put(H_MATERIAL_SHEEN_ROUGHNESS, &[m.sheen_roughness]);
        self.put(H_MATERIAL_IRIDESCENCE, &[m.iridescence]);
        self.put(H_MATERIAL_IRIDESCENCE_IOR, &[m.iridescence_ior]);
        self.put(H_MATERIAL_IRIDESCENCE_THICKNESS, &[m.iridescence_thickness]);
        self.put(H_MATERIAL_ANISOTROPY, &m.anisotropy.to_array());
        self.put(H_MATERIAL_DISPERSION, &[m.dispersion]);
    }

    /// Write the seconds since the previous frame (`delta_time`, TSL's `deltaTime`) into the
    /// header.
    pub fn set_delta_time(&mut self, seconds: f32) {
        self.put(H_DELTA_TIME, &[seconds]);
    }

    /// Write the instance of an instanced mesh being drawn (`instance_index`, TSL's
    /// `instanceIndex`, R-INST-3) into the header, as a float.
    pub fn set_instance_index(&mut self, index: u32) {
        self.put(H_INSTANCE_INDEX, &[index as f32]);
    }

    /// Write one draw's model-to-world matrix and the values three.js derives from it into the
    /// header (`model_world_matrix`, its inverse, `model_normal_matrix`, `model_scale`,
    /// `model_direction`, `model_position`, and with the header's view `model_view_matrix` and
    /// `model_view_position`). A renderer writes them into a copy of the program for each draw
    /// of a program that [reads them](NodeProgram::reads_object).
    pub fn set_object(&mut self, world: Mat4) {
        self.put(H_MODEL_WORLD, &world.to_cols_array());
        self.put(H_MODEL_WORLD_INVERSE, &world.inverse().to_cols_array());
        let normal = Mat3::from_mat4(world).inverse().transpose();
        self.put(H_MODEL_NORMAL, &normal.to_cols_array());
        let scale = Vec3::new(
            world.x_axis.truncate().length(),
            world.y_axis.truncate().length(),
            world.z_axis.truncate().length(),
        );
        self.put(H_MODEL_SCALE, &scale.to_array());
        // Object3D.getWorldDirection: the world matrix's third column, normalized.
        let direction = world.z_axis.truncate().normalize_or_zero();
        self.put(H_MODEL_DIRECTION, &direction.to_array());
        self.write_model_view();
    }

    /// Whether the program reads a draw's values (the header from [`H_OBJECT`]): a renderer
    /// then runs each draw with its own copy, written by [`NodeProgram::set_object`].
    pub fn reads_object(&self) -> bool {
        self.loads_any(H_OBJECT..HEADER_WORDS)
    }

    /// Whether a `load` of the code reads a word of `words`.
    pub fn loads_any(&self, words: std::ops::Range<usize>) -> bool {
        // Invariant: the header is there (`validate`'s `Short`) and counts the code's instructions.
        (0..self.words[H_CODE_LEN] as usize).any(|index| {
            let inst = self.instruction(index);
            let first = inst.operands[0] as usize;
            inst.opcode == crate::opcode::Opcode::Load as u8
                && first < words.end
                && first + inst.width as usize > words.start
        })
    }

    /// The values a compiled program starts with, until a renderer writes its own: time 0,
    /// identity matrices (view, projection, world), a 1×1 screen, frame 0, delta time 0, near
    /// and far 0, and three.js's default material ([`MaterialValues::default`]).
    pub(crate) fn set_default_header(&mut self) {
        self.set_material(&MaterialValues::default());
        self.set_camera(Mat4::IDENTITY, 0.0, 0.0, false);
        self.set_screen(Vec2::ONE, 0);
        self.set_object(Mat4::IDENTITY);
        self.set_frame(0.0, Mat4::IDENTITY);
    }

    /// The model-view matrix and position from the header's view and world matrices.
    fn write_model_view(&mut self) {
        let read = |at: usize| -> [f32; 16] {
            std::array::from_fn(|i| f32::from_bits(self.words[at + i]))
        };
        let model_view =
            Mat4::from_cols_array(&read(H_VIEW)) * Mat4::from_cols_array(&read(H_MODEL_WORLD));
        self.put(H_MODEL_VIEW, &model_view.to_cols_array());
    }

    fn put(&mut self, at: usize, values: &[f32]) {
        // Invariant: the header is there (`validate`'s `Short`), and every `at` above is a
        // header word with room for its values (format.rs).
        for (w, f) in self.words_mut()[at..at + values.len()]
            .iter_mut()
            .zip(values)
        {
            // `+ 0.0` writes an inverse's -0.0 as 0.0, so equal headers have equal words.
            *w = (f + 0.0).to_bits();
        }
    }
}
