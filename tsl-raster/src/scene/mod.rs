//! The scene: objects with transforms and parents (meshes and groups), lights, fog and a
//! background; cameras; materials.

pub(crate) mod camera;
mod instanced;
mod light;
mod light_mask;
mod material;
mod primitive;
mod shadow;
mod skin;
mod sprite;
mod volume_material;

pub use camera::{Camera, Projection};
pub use instanced::{Instances, SharedInstances, MAX_INSTANCES};
pub use light::Light;
pub use light_mask::{lights_of, LightMask, LightMaskError, ALL_LIGHTS};
pub use material::{shader_material, Material, MaterialKind, Scattering, ScatteringError, Side};
pub(crate) use primitive::primitive_refusal;
pub use primitive::Primitive;
pub use shadow::{LightShadow, ShadowCamera, ShadowMapType};
pub use skin::{BindMode, Skin};
pub use sprite::Sprite;
pub use volume_material::MAX_VOLUME_STEPS;
pub(crate) use volume_material::{scene_depth_refusal, volume_refusal};

use crate::environment::Environment;
use crate::error::Refusal;
use crate::store::{GeometryId, MaterialId};
use crate::RenderError;
use glam::{EulerRot, Mat4, Quat, Vec3};
use std::sync::Arc;
use tsl_core::Color;

/// A position, rotation and scale: three.js's `Object3D.position`, `.quaternion` (or `.rotation`)
/// and `.scale`. The matrix is translation × rotation × scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    /// Where the object's origin is, in its parent's space.
    pub position: Vec3,
    /// Its rotation.
    pub rotation: Quat,
    /// Its scale along its own axes.
    pub scale: Vec3,
}

impl Default for Transform {
    fn default() -> Self {
        Transform {
            position: Vec3::ZERO,
            rotation: Quat::IDENTITY,
            scale: Vec3::ONE,
        }
    }
}

impl Transform {
    /// A transform that moves to `position`.
    pub fn from_position(position: Vec3) -> Transform {
        Transform {
            position,
            ..Transform::default()
        }
    }

    /// Set the rotation from Euler angles in radians in three.js's default order `'XYZ'`
    /// (`object.rotation.set(x, y, z)`).
    pub fn set_euler(&mut self, x: f32, y: f32, z: f32) {
        self.rotation = Quat::from_euler(EulerRot::XYZ, x, y, z);
    }

    /// The local matrix.
    pub fn matrix(&self) -> Mat4 {
        Mat4::from_scale_rotation_translation(self.scale, self.rotation, self.position)
    }
}

/// What an object draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mesh {
    /// The triangles.
    pub geometry: GeometryId,
    /// The material.
    pub material: MaterialId,
    /// three.js's `renderOrder`: lower draws first within the opaque and the transparent lists.
    pub render_order: i32,
    // Points and lines (R-PRIM-1):
    /// How its vertices are drawn: [`Primitive::Triangles`] for a mesh; set by
    /// [`Object::points`], [`Object::line`], [`Object::line_segments`], [`Object::line_loop`].
    pub primitive: Primitive,
}

/// The id of an object in its [`Scene`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ObjectId(pub u32);

/// A node of the scene graph: a mesh or a group, with a transform relative to its parent.
#[derive(Clone, Debug, PartialEq)]
pub struct Object {
    /// The transform in the parent's space (the world's, without a parent).
    pub transform: Transform,
    /// The parent, whose world matrix this object's transform follows.
    pub parent: Option<ObjectId>,
    /// What it draws; `None` for a group.
    pub mesh: Option<Mesh>,
    /// Whether it and its children are drawn.
    pub visible: bool,
    /// three.js's `castShadow`: whether its mesh is drawn into the shadow-casting lights' maps;
    /// false by default.
    pub cast_shadow: bool,
    /// three.js's `receiveShadow`: whether the lights' shadows fall on its mesh; false by default.
    pub receive_shadow: bool,
    /// three.js's `InstancedMesh`: its mesh drawn once per instance ([`Object::instanced_mesh`]);
    /// `None` for a plain mesh or a group.
    pub instances: Option<SharedInstances>,
    /// three.js's `Sprite`: a square facing the camera ([`Object::sprite`], R-SPRITE-1); `None`
    /// for a mesh or a group.
    pub sprite: Option<Sprite>,
    /// three.js's `SkinnedMesh`: the bones that move its mesh's vertices ([`Object::with_skin`],
    /// R-DEFORM-2); `None` for a mesh without a skin.
    pub skin: Option<Arc<Skin>>,
    /// three.js's `morphTargetInfluences`: how much of each of its geometry's morph targets
    /// applies ([`Object::with_morph_influences`], R-DEFORM-1); empty by default.
    pub morph_influences: Vec<f32>,
}

impl Object {
    /// A mesh at the origin.
    pub fn mesh(geometry: GeometryId, material: MaterialId) -> Object {
        Object {
            transform: Transform::default(),
            parent: None,
            mesh: Some(Mesh {
                geometry,
                material,
                render_order: 0,
                primitive: Primitive::Triangles,
            }),
            visible: true,
            cast_shadow: false,
            receive_shadow: false,
            instances: None,
            sprite: None,
            skin: None,
            morph_influences: Vec::new(),
        }
    }

    /// three.js's `InstancedMesh(geometry, material, count)`: the mesh drawn once per instance,
    /// each through its own matrix and with its own colour where given (R-INST-1).
    pub fn instanced_mesh(
        geometry: GeometryId,
        material: MaterialId,
        instances: Instances,
    ) -> Object {
        Object {
            instances: Some(std::sync::Arc::new(instances)),
            ..Object::mesh(geometry, material)
        }
    }

    /// A group: a transform that children follow.
    pub fn group() -> Object {
        Object {
            transform: Transform::default(),
            parent: None,
            mesh: None,
            visible: true,
            cast_shadow: false,
            receive_shadow: false,
            instances: None,
            sprite: None,
            skin: None,
            morph_influences: Vec::new(),
        }
    }

    /// The same object moved to `position`.
    pub fn at(mut self, position: Vec3) -> Object {
        self.transform.position = position;
        self
    }

    /// The same object turned by Euler angles in radians, order `'XYZ'`.
    pub fn rotated(mut self, x: f32, y: f32, z: f32) -> Object {
        self.transform.set_euler(x, y, z);
        self
    }

    /// The same object scaled.
    pub fn scaled(mut self, scale: Vec3) -> Object {
        self.transform.scale = scale;
        self
    }

    /// The same object with `castShadow` and `receiveShadow` set.
    pub fn shadows(mut self, cast: bool, receive: bool) -> Object {
        self.cast_shadow = cast;
        self.receive_shadow = receive;
        self
    }

    /// The same object as a child of `parent`.
    pub fn child_of(mut self, parent: ObjectId) -> Object {
        self.parent = Some(parent);
        self
    }
}

/// three.js's `scene.fog`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fog {
    /// `Fog(color, near, far)`: `smoothstep(near, far, depth)` of the view depth.
    Linear {
        /// The fog's colour (linear).
        color: Color,
        /// Where it starts.
        near: f32,
        /// Where it is whole.
        far: f32,
    },
    /// `FogExp2(color, density)`: `1 − exp(−(density · depth)²)`.
    Exp2 {
        /// The fog's colour (linear).
        color: Color,
        /// Its density.
        density: f32,
    },
}

impl Fog {
    /// The fog's colour.
    pub fn color(&self) -> Color {
        match *self {
            Fog::Linear { color, .. } | Fog::Exp2 { color, .. } => color,
        }
    }

    /// How much fog a point `depth` metres in front of the camera gets (0 to 1).
    pub fn factor(&self, depth: f32) -> f32 {
        match *self {
            Fog::Linear { near, far, .. } => smoothstep(near, far, depth),
            Fog::Exp2 { density, .. } => 1.0 - (-(density * density * depth * depth)).exp(),
        }
    }
}

/// GLSL's `smoothstep`.
pub(crate) fn smoothstep(low: f32, high: f32, x: f32) -> f32 {
    let t = ((x - low) / (high - low)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// Objects, lights, fog and a background.
///
/// Objects are a tree: each has a transform relative to its parent.
///
/// ```
/// use tsl_raster::{Object, Scene};
/// use glam::Vec3;
/// let mut scene = Scene::new();
/// let arm = scene.add(Object::group().at(Vec3::new(1.0, 0.0, 0.0)));
/// let hand = scene.add(Object::group().at(Vec3::new(0.0, 2.0, 0.0)).child_of(arm));
/// let world = scene.world_matrices().unwrap();
/// let (hand_matrix, visible) = world[hand.0 as usize];
/// assert_eq!(hand_matrix.transform_point3(Vec3::ZERO), Vec3::new(1.0, 2.0, 0.0));
/// assert!(visible);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    objects: Vec<Object>,
    /// The lights, in world space.
    pub lights: Vec<Light>,
    /// The fog that materials with `fog` on receive.
    pub fog: Option<Fog>,
    /// The colour the image is cleared to (opaque); `None` clears to the renderer's clear colour.
    /// [`Scene::background_environment`], when set, is drawn instead.
    pub background: Option<Color>,
    /// three.js's `scene.environment`: the image-based light of every STANDARD and PHYSICAL
    /// material without an `env_map` of its own (R-ENV-3).
    pub environment: Option<Arc<Environment>>,
    /// `scene.environmentIntensity`: scales [`Scene::environment`]'s light; 1 by default.
    pub environment_intensity: f32,
    /// `scene.background` set to an environment texture: the environment seen along each
    /// pixel's ray (R-ENV-5).
    pub background_environment: Option<BackgroundEnvironment>,
}

/// An environment drawn as the background (`scene.background = texture`, with
/// `scene.backgroundBlurriness` and `scene.backgroundIntensity`).
#[derive(Clone, Debug, PartialEq)]
pub struct BackgroundEnvironment {
    /// The prefiltered environment.
    pub environment: Arc<Environment>,
    /// `backgroundBlurriness`: the roughness its PMREM is read at, 0 to 1; 0 by default.
    pub blurriness: f32,
    /// `backgroundIntensity`: scales its colour; 1 by default.
    pub intensity: f32,
}

impl BackgroundEnvironment {
    /// `environment` as the background, sharp and at intensity 1.
    pub fn new(environment: Arc<Environment>) -> BackgroundEnvironment {
        BackgroundEnvironment {
            environment,
            blurriness: 0.0,
            intensity: 1.0,
        }
    }
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            objects: Vec::new(),
            lights: Vec::new(),
            fog: None,
            background: None,
            environment: None,
            environment_intensity: 1.0,
            background_environment: None,
        }
    }
}

impl Scene {
    /// An empty scene.
    pub fn new() -> Scene {
        Scene::default()
    }

    /// Add an object; its id.
    pub fn add(&mut self, object: Object) -> ObjectId {
        self.objects.push(object);
        ObjectId(self.objects.len() as u32 - 1)
    }

    /// Add a light.
    pub fn add_light(&mut self, light: Light) {
        self.lights.push(light);
    }

    /// The objects, in the order added.
    pub fn objects(&self) -> &[Object] {
        &self.objects
    }

    /// An object, if `id` names one.
    pub fn object(&self, id: ObjectId) -> Option<&Object> {
        self.objects.get(id.0 as usize)
    }

    /// An object to change (its transform between frames), if `id` names one.
    pub fn object_mut(&mut self, id: ObjectId) -> Option<&mut Object> {
        self.objects.get_mut(id.0 as usize)
    }

    /// Each object's world matrix and whether it is visible (its own flag and its parents').
    /// Refuses a parent that names no object and a chain of parents that loops.
    pub fn world_matrices(&self) -> Result<Vec<(Mat4, bool)>, RenderError> {
        let n = self.objects.len();
        let mut done: Vec<Option<(Mat4, bool)>> = vec![None; n];
        for start in 0..n {
            let mut chain = Vec::new();
            let mut at = start;
            // Invariant: `at` is `start` (< n) or a parent checked `< n` below; `done` has n entries.
            while done[at].is_none() {
                if chain.len() > n {
                    return Err(Refusal::ParentCycle { object: start }.into());
                }
                chain.push(at);
                match self.objects[at].parent {
                    None => break,
                    Some(ObjectId(p)) => {
                        if p as usize >= n {
                            return Err(Refusal::MissingParent {
                                object: at,
                                parent: p,
                            }
                            .into());
                        }
                        at = p as usize;
                    }
                }
            }
            for &i in chain.iter().rev() {
                let object = &self.objects[i];
                let parent = match object.parent {
                    // Invariant: every parent on the chain was checked `< n` in the walk above.
                    Some(ObjectId(p)) => done[p as usize],
                    None => Some((Mat4::IDENTITY, true)),
                };
                let Some((parent_matrix, parent_visible)) = parent else {
                    return Err(Refusal::ParentCycle { object: i }.into());
                };
                done[i] = Some((
                    parent_matrix * object.transform.matrix(),
                    parent_visible && object.visible,
                ));
            }
        }
        Ok(done
            .into_iter()
            .map(|m| m.unwrap_or((Mat4::IDENTITY, false)))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_follow_their_parents() {
        let mut scene = Scene::new();
        let group = scene.add(Object::group().at(Vec3::new(1.0, 0.0, 0.0)).rotated(
            0.0,
            std::f32::consts::FRAC_PI_2,
            0.0,
        ));
        let child = Object::mesh(GeometryId(0), MaterialId(0))
            .at(Vec3::new(0.0, 0.0, 1.0))
            .child_of(group);
        scene.add(child);
        let m = scene.world_matrices().unwrap();
        // Turning +z by 90° about y gives +x; the group adds 1 along x.
        let p = m[1].0.transform_point3(Vec3::ZERO);
        assert!((p - Vec3::new(2.0, 0.0, 0.0)).length() < 1e-6, "{p}");
    }

    #[test]
    fn a_parent_cycle_is_refused() {
        let mut scene = Scene::new();
        let a = scene.add(Object::group());
        let b = scene.add(Object::group().child_of(a));
        scene.object_mut(a).unwrap().parent = Some(b);
        assert!(scene.world_matrices().is_err());
        scene.object_mut(a).unwrap().parent = Some(ObjectId(9));
        assert!(scene.world_matrices().is_err());
    }

    #[test]
    fn fog_factors_are_three_js_formulas() {
        let linear = Fog::Linear {
            color: Color::WHITE,
            near: 1.0,
            far: 3.0,
        };
        assert_eq!(linear.factor(2.0), 0.5);
        assert_eq!(linear.factor(0.5), 0.0);
        let exp2 = Fog::Exp2 {
            color: Color::WHITE,
            density: 0.5,
        };
        assert!((exp2.factor(2.0) - (1.0 - (-1.0f32).exp())).abs() < 1e-7);
    }
}
