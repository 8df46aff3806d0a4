//! Picking: which triangles of a scene a ray meets, as three.js r187's `Raycaster` with
//! `intersectObjects(scene.children, true)` (R-RAY-1, docs/raycaster.md).
//!
//! A mesh is picked by its geometry, never by what its material's position node makes of it
//! (R-RAY-2, docs/requirements.md: "the raycaster picks the geometry without the position node,
//! as three.js's raycaster does"), but after its morph targets and bones, as three.js's
//! `Mesh.getVertexPosition` (R-DEFORM-5). Points and lines are picked within a threshold, as three's
//! `Points.raycast` and `Line.raycast`; sprites are not picked.

mod threshold;
mod triangle;

use crate::deform::deform;
use crate::error::{AssetKind, Refusal};
use crate::geometry::Geometry;
use crate::scene::{Camera, ObjectId, Primitive, Scene, Side};
use crate::{Assets, RenderError};
use glam::{DMat4, DVec3, DVec4, Vec2, Vec3};
use std::collections::HashMap;
use threshold::{nearest_to_point, nearest_to_segment};
use triangle::{barycoord, face_normal, intersect_triangle, Culling};

/// A ray and the stretch of it that counts: three.js's `Raycaster` (`ray`, `near`, `far`).
///
/// ```
/// use tsl_raster::*;
/// use glam::{Vec2, Vec3};
/// let mut assets = Assets::new();
/// let box_ = assets.geometries.add(BoxGeometry::new(1.0, 1.0, 1.0).build());
/// let paint = assets.materials.add(Material::new(MaterialKind::Basic, tsl_core::Color::WHITE));
/// let mut scene = Scene::new();
/// let id = scene.add(Object::mesh(box_, paint));
/// // Down −z, off the diagonal the front face's two triangles share.
/// let down = Raycaster::new(Vec3::new(0.1, 0.2, 5.0), Vec3::NEG_Z).unwrap();
/// let hits = down.intersect(&scene, &assets).unwrap();
/// assert_eq!(hits.len(), 1); // the front face; the back face is culled (FrontSide)
/// assert_eq!(hits[0].object, id);
/// assert_eq!(hits[0].distance, 4.5);
/// assert_eq!(hits[0].uv, Some(Vec2::new(0.6, 0.7)));
/// // A camera's pixel: NDC from −1 to 1, +y up.
/// let camera = Camera::perspective(50.0, 0.1, 100.0).at(Vec3::new(0.0, 0.0, 5.0));
/// let pixel = Raycaster::from_camera(Vec2::new(0.1, 0.05), &camera, 1.0).unwrap();
/// assert_eq!(pixel.intersect(&scene, &assets).unwrap()[0].object, id);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Raycaster {
    /// Where the ray starts, in world space.
    pub origin: Vec3,
    /// Where it goes, in world space (a unit vector; [`Raycaster::intersect`] normalizes it).
    pub direction: Vec3,
    /// Hits nearer than this (a world distance from the origin) are dropped; 0 by default.
    pub near: f32,
    /// Hits farther than this are dropped; infinity by default.
    pub far: f32,
    /// Whether objects that are not visible (their own flag or a parent's) are skipped. three's
    /// raycaster reads no `visible` flag, so false by default: hidden meshes are hit.
    pub visible_only: bool,
    /// How near (world units) the ray must pass a vertex of a [`Primitive::Points`] object to
    /// hit it: three's `params.Points.threshold`, 1 by default.
    pub points_threshold: f32,
    /// How near it must pass a segment of a line: three's `params.Line.threshold`, 1 by default.
    pub line_threshold: f32,
}

/// Where a ray meets a triangle, or passes near a point or a line: three.js's intersection
/// object.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The world distance from the ray's origin (to the ray's point nearest a point or a line).
    pub distance: f32,
    /// The point, in world space: on the triangle; on the ray, nearest the point of a
    /// [`Primitive::Points`] object; on the segment, nearest the ray, for a line.
    pub point: Vec3,
    /// The triangle: its corners' vertex indices and its normal; `None` for a point or a line.
    pub face: Option<Face>,
    /// The triangle's number in the geometry (its index in [`Geometry::indices`]); `None` for a
    /// point or a line.
    pub face_index: Option<usize>,
    /// For a point, its vertex index; for a line, the place in the vertex order (the
    /// geometry's indices one after another) of the segment's first vertex. `None` for a
    /// triangle.
    pub index: Option<usize>,
    /// For a point, how far the ray passes from it, in the object's own space (three's
    /// `distanceToRay`); `None` otherwise.
    pub distance_to_ray: Option<f32>,
    /// The geometry's uv at the point (by barycentrics), if it has uvs.
    pub uv: Option<Vec2>,
    /// The geometry's vertex normal at the point, in the object's own space, turned to face
    /// the ray, if it has normals (three's `intersection.normal`).
    pub normal: Option<Vec3>,
    /// The object hit.
    pub object: ObjectId,
    /// The instance hit, for an instanced mesh.
    pub instance_id: Option<usize>,
}

/// A hit triangle: three.js's `intersection.face`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// The first corner's vertex index.
    pub a: u32,
    /// The second corner's.
    pub b: u32,
    /// The third corner's.
    pub c: u32,
    /// The unit normal of its front (counter-clockwise) side, in the object's own space.
    pub normal: Vec3,
}

/// A ray in f64, the precision three.js computes in.
#[derive(Clone, Copy)]
struct Ray {
    origin: DVec3,
    direction: DVec3,
}

impl Raycaster {
    /// A ray from `origin` along `direction` (normalized), with near 0 and far infinite.
    /// Refuses a NaN or an infinity and a zero direction.
    pub fn new(origin: Vec3, direction: Vec3) -> Result<Raycaster, RenderError> {
        let raycaster = Raycaster {
            origin,
            direction: direction.normalize_or_zero(),
            near: 0.0,
            far: f32::INFINITY,
            visible_only: false,
            points_threshold: 1.0,
            line_threshold: 1.0,
        };
        raycaster.ray()?;
        Ok(raycaster)
    }

    /// The ray through the point `ndc` of the image (x and y from −1 to 1, +y up) of `camera`,
    /// for an image of `aspect` (width over height), as three's `setFromCamera`: from the
    /// camera's position towards the point's unprojection for a perspective camera; from the
    /// point on the camera's plane along the camera's −z for an orthographic one. Refuses a
    /// non-finite `ndc` and a camera whose matrices are not finite.
    pub fn from_camera(ndc: Vec2, camera: &Camera, aspect: f32) -> Result<Raycaster, RenderError> {
        if !ndc.is_finite() {
            return Err(Refusal::RayNotFinite.into());
        }
        let world = camera.world_matrix().as_dmat4();
        let projection = camera.projection_matrix(aspect).as_dmat4();
        let unprojection = world * projection.inverse();
        if !unprojection.is_finite() {
            return Err(Refusal::CameraNotFinite.into());
        }
        let unproject = |z: f64| {
            let p = unprojection * DVec4::new(ndc.x as f64, ndc.y as f64, z, 1.0);
            p.truncate() / p.w
        };
        let (origin, direction) = if camera.is_orthographic() {
            // Clip z `projection[14]` unprojects to the camera's own plane (view z = 0).
            let origin = unproject(projection.w_axis.z);
            (origin, world.transform_vector3(DVec3::NEG_Z))
        } else {
            let origin = world.w_axis.truncate();
            (origin, unproject(0.5) - origin)
        };
        Raycaster::new(origin.as_vec3(), direction.normalize_or_zero().as_vec3())
    }

    /// The same ray, counting hits from `near` to `far` only (world distances).
    pub fn with_range(mut self, near: f32, far: f32) -> Raycaster {
        self.near = near;
        self.far = far;
        self
    }

    /// The ray checked and in f64: refuses a non-finite origin or direction, a zero direction
    /// and a NaN near or far.
    fn ray(&self) -> Result<Ray, RenderError> {
        let direction = self.direction.as_dvec3().normalize_or_zero();
        if !self.origin.is_finite()
            || !self.direction.is_finite()
            || direction == DVec3::ZERO
            || self.near.is_nan()
            || self.far.is_nan()
            || self.points_threshold.is_nan()
            || self.line_threshold.is_nan()
        {
            return Err(Refusal::RayNotFinite.into());
        }
        Ok(Ray {
            origin: self.origin.as_dvec3(),
            direction,
        })
    }

    /// Every triangle of the scene's meshes (and of each drawn instance of its instanced meshes)
    /// that the ray meets between `near` and `far`, and every point and line segment it passes
    /// within its threshold of, nearest first, as three's
    /// `intersectObjects(scene.children, true)`: objects in the scene's tree order (depth first,
    /// children in the order added), the material's side culling faces (FrontSide the back ones,
    /// BackSide the front ones, DoubleSide none), a mesh's geometry after its morph targets and bones (no displacement
    /// map, no position node, as three's `Mesh.getVertexPosition`).
    /// Refuses a ray [`Raycaster::new`] refuses, a parent that loops or names no object, a
    /// mesh whose geometry or material is not in `assets`, and morph influences or a skin that
    /// do not fit (R-DEFORM-1, R-DEFORM-2).
    pub fn intersect(&self, scene: &Scene, assets: &Assets) -> Result<Vec<Hit>, RenderError> {
        let ray = self.ray()?;
        let world = scene.world_matrices()?;
        let mut spheres = HashMap::new();
        let mut hits: Vec<(f64, Hit)> = Vec::new();
        for index in tree_order(scene) {
            let object = &scene.objects()[index];
            let (matrix, visible) = world[index];
            let Some(mesh) = object.mesh else { continue };
            if self.visible_only && !visible {
                continue;
            }
            let missing = |asset, id| Refusal::MissingAsset {
                object: index,
                asset,
                id,
            };
            let geometry = assets
                .geometries
                .get(mesh.geometry)
                .ok_or(missing(AssetKind::Geometry, mesh.geometry.0))?;
            let material = assets
                .materials
                .get(mesh.material)
                .ok_or(missing(AssetKind::Material, mesh.material.0))?;
            // A mesh's morph targets and bones move what is picked, as three's
            // `Mesh.getVertexPosition` (R-DEFORM-5); a point or a line is picked as stored.
            let deformed = match mesh.primitive {
                Primitive::Triangles => deform(index, object, geometry, &world, None)?,
                _ => None,
            };
            let positions = deformed
                .as_ref()
                .map_or(geometry.positions(), |d| &d.positions);
            let sphere = match deformed {
                Some(_) => bounding_sphere(positions),
                None => *spheres
                    .entry(mesh.geometry)
                    .or_insert_with(|| bounding_sphere(positions)),
            };
            let target = Target {
                geometry,
                positions,
                sphere,
                side: material.side,
                object: ObjectId(index as u32),
            };
            let matrix = matrix.as_dmat4();
            // three's `this.scale`: the object's own scale, not its world matrix's.
            let scale = object.transform.scale.as_dvec3().element_sum() / 3.0;
            match (&object.instances, mesh.primitive) {
                (_, Primitive::Points) => {
                    let threshold = self.points_threshold as f64;
                    self.point_hits(ray, &target, matrix, threshold, scale, &mut hits)
                }
                (_, primitive) if primitive.is_line() => {
                    let threshold = self.line_threshold as f64;
                    let segments = Segments::of(primitive);
                    self.line_hits(
                        ray,
                        &target,
                        matrix,
                        (threshold, scale),
                        segments,
                        &mut hits,
                    )
                }
                (None, _) => self.mesh_hits(ray, &target, matrix, None, &mut hits),
                (Some(instances), _) => {
                    let drawn = &instances.matrices()[..instances.count()];
                    for (i, instance) in drawn.iter().enumerate() {
                        let each = matrix * instance.as_dmat4();
                        self.mesh_hits(ray, &target, each, Some(i), &mut hits);
                    }
                }
            }
        }
        // Stable, so that equal distances keep the tree's order, as three's sort does.
        hits.sort_by(|a, b| a.0.total_cmp(&b.0));
        Ok(hits.into_iter().map(|(_, hit)| hit).collect())
    }

    /// The hits on one mesh placed by `matrix` (object space to world): three's `Mesh.raycast`.
    fn mesh_hits(
        &self,
        ray: Ray,
        target: &Target,
        matrix: DMat4,
        instance_id: Option<usize>,
        hits: &mut Vec<(f64, Hit)>,
    ) {
        let (near, far) = (self.near as f64, self.far as f64);
        if !sphere_in_reach(ray, target.sphere, matrix, 0.0, (near, far)) {
            return;
        }
        let Some(local) = local_ray(ray, matrix) else {
            return;
        };
        let geometry = target.geometry;
        let positions = target.positions;
        for (face_index, &[a, b, c]) in geometry.indices().iter().enumerate() {
            let corner = |i: u32| positions[i as usize].as_dvec3();
            let corners = [corner(a), corner(b), corner(c)];
            // BackSide tests the corners turned round, so that its culling drops the front.
            let t = match target.side {
                Side::Front => {
                    intersect_triangle(local.origin, local.direction, corners, Culling::Back)
                }
                Side::Back => {
                    let [p, q, r] = corners;
                    intersect_triangle(local.origin, local.direction, [r, q, p], Culling::Back)
                }
                Side::Double => {
                    intersect_triangle(local.origin, local.direction, corners, Culling::None)
                }
            };
            let Some(t) = t else { continue };
            let point = local.origin + local.direction * t;
            let world_point = matrix.transform_point3(point);
            let Some(distance) = self.in_range(ray, world_point) else {
                continue;
            };
            let weights = barycoord(point, corners);
            let blend = |v: [DVec3; 3]| v[0] * weights.x + v[1] * weights.y + v[2] * weights.z;
            let uv = geometry.uvs().map(|uvs| {
                let at = |i: u32| uvs[i as usize].as_dvec2().extend(0.0);
                blend([at(a), at(b), at(c)]).truncate().as_vec2()
            });
            let normal = geometry.normals().map(|normals| {
                let at = |i: u32| normals[i as usize].as_dvec3();
                let n = blend([at(a), at(b), at(c)]);
                // Turned to face the ray, as three does.
                if n.dot(local.direction) > 0.0 { -n } else { n }.as_vec3()
            });
            let hit = Hit {
                distance: distance as f32,
                point: world_point.as_vec3(),
                face: Some(Face {
                    a,
                    b,
                    c,
                    normal: face_normal(corners).as_vec3(),
                }),
                face_index: Some(face_index),
                index: None,
                distance_to_ray: None,
                uv,
                normal,
                object: target.object,
                instance_id,
            };
            hits.push((distance, hit));
        }
    }

    /// The hits on a [`Primitive::Points`] object: three's `Points.raycast`, each vertex (in the
    /// geometry's index order) within `threshold` of the ray, the threshold divided by the
    /// object's mean scale in its own space.
    fn point_hits(
        &self,
        ray: Ray,
        target: &Target,
        matrix: DMat4,
        threshold: f64,
        scale: f64,
        hits: &mut Vec<(f64, Hit)>,
    ) {
        let Some(local) = near_object(ray, target, matrix, threshold) else {
            return;
        };
        let local_sq = (threshold / scale).powi(2);
        let positions = target.geometry.positions();
        for &vertex in target.geometry.indices().as_flattened() {
            let p = positions[vertex as usize].as_dvec3();
            let (on_ray, distance_sq) = nearest_to_point(local.origin, local.direction, p);
            if distance_sq >= local_sq {
                continue;
            }
            let point = matrix.transform_point3(on_ray);
            let Some(distance) = self.in_range(ray, point) else {
                continue;
            };
            let hit = Hit {
                index: Some(vertex as usize),
                distance_to_ray: Some(distance_sq.sqrt() as f32),
                ..target.hit(distance, point)
            };
            hits.push((distance, hit));
        }
    }

    /// The hits on a line: three's `Line.raycast`, each segment (in the vertex order, joined as
    /// `segments` says) within the threshold of the ray, the threshold divided by the object's
    /// mean scale in its own space.
    fn line_hits(
        &self,
        ray: Ray,
        target: &Target,
        matrix: DMat4,
        (threshold, scale): (f64, f64),
        segments: Segments,
        hits: &mut Vec<(f64, Hit)>,
    ) {
        let Some(local) = near_object(ray, target, matrix, threshold) else {
            return;
        };
        let local_sq = (threshold / scale).powi(2);
        let positions = target.geometry.positions();
        let order = target.geometry.indices().as_flattened();
        let step = if segments == Segments::Pairs { 2 } else { 1 };
        let mut pairs: Vec<(usize, usize)> = (0..order.len().saturating_sub(1))
            .step_by(step)
            .map(|i| (i, i + 1))
            .collect();
        if segments == Segments::Loop && !order.is_empty() {
            pairs.push((order.len() - 1, 0));
        }
        for (i, j) in pairs {
            let at = |k: usize| positions[order[k] as usize].as_dvec3();
            let (on_ray, on_segment, distance_sq) =
                nearest_to_segment(local.origin, local.direction, at(i), at(j));
            if distance_sq > local_sq {
                continue;
            }
            // The distance is the ray's point's; the hit's point is the segment's.
            let Some(distance) = self.in_range(ray, matrix.transform_point3(on_ray)) else {
                continue;
            };
            let hit = Hit {
                index: Some(i),
                ..target.hit(distance, matrix.transform_point3(on_segment))
            };
            hits.push((distance, hit));
        }
    }

    /// The world distance from the ray's origin to `point`, if it lies from `near` to `far`.
    fn in_range(&self, ray: Ray, point: DVec3) -> Option<f64> {
        let distance = ray.origin.distance(point);
        (distance >= self.near as f64 && distance <= self.far as f64).then_some(distance)
    }
}

/// The ray in the object's space, if it passes within `threshold` of the object's bounding
/// sphere (three's `intersectsSphere` for points and lines, which reads no near or far).
fn near_object(ray: Ray, target: &Target, matrix: DMat4, threshold: f64) -> Option<Ray> {
    let whole = (0.0, f64::INFINITY);
    sphere_in_reach(ray, target.sphere, matrix, threshold, whole)
        .then(|| local_ray(ray, matrix))
        .flatten()
}

/// How a line joins its vertices (in the order of the geometry's indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Segments {
    /// Each vertex to the next (`Line`).
    Strip,
    /// The first to the second, the third to the fourth, ... (`LineSegments`).
    Pairs,
    /// A strip whose last vertex joins the first (`LineLoop`).
    Loop,
}

impl Segments {
    /// The segments of a line primitive.
    fn of(primitive: Primitive) -> Segments {
        match primitive {
            Primitive::LineSegments => Segments::Pairs,
            Primitive::LineLoop => Segments::Loop,
            _ => Segments::Strip,
        }
    }
}

/// The ray in the space of an object placed by `matrix`, its direction a unit vector again;
/// `None` where the matrix flattens the object (a zero scale), which leaves nothing to hit.
fn local_ray(ray: Ray, matrix: DMat4) -> Option<Ray> {
    let inverse = matrix.inverse();
    let local = Ray {
        origin: inverse.transform_point3(ray.origin),
        direction: inverse.transform_vector3(ray.direction).normalize_or_zero(),
    };
    (local.origin.is_finite() && local.direction.is_finite() && local.direction != DVec3::ZERO)
        .then_some(local)
}

/// One mesh as the ray tests it.
struct Target<'a> {
    geometry: &'a Geometry,
    /// The mesh's positions: the geometry's, morphed and skinned.
    positions: &'a [Vec3],
    /// The geometry's bounding sphere (object space): centre and radius.
    sphere: (DVec3, f64),
    side: Side,
    object: ObjectId,
}

impl Target<'_> {
    /// A hit on this object at `point` (world), `distance` from the ray's origin, without a
    /// face, an index, a uv or a normal: a point's or a line's, which fill what they have.
    fn hit(&self, distance: f64, point: DVec3) -> Hit {
        Hit {
            distance: distance as f32,
            point: point.as_vec3(),
            face: None,
            face_index: None,
            index: None,
            distance_to_ray: None,
            uv: None,
            normal: None,
            object: self.object,
            instance_id: None,
        }
    }
}

/// The objects in three's traversal order: the roots in the order added, each followed by its
/// children (depth first, in the order added). `world_matrices` has checked the parents.
fn tree_order(scene: &Scene) -> Vec<usize> {
    let objects = scene.objects();
    let mut children = vec![Vec::new(); objects.len()];
    let mut roots = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        match object.parent {
            Some(ObjectId(p)) => children[p as usize].push(i),
            None => roots.push(i),
        }
    }
    let mut order = Vec::with_capacity(objects.len());
    let mut stack: Vec<usize> = roots.into_iter().rev().collect();
    while let Some(i) = stack.pop() {
        order.push(i);
        stack.extend(children[i].iter().rev());
    }
    order
}

/// The geometry's bounding sphere as three computes it: the centre of its box, the radius to
/// the farthest vertex.
fn bounding_sphere(positions: &[Vec3]) -> (DVec3, f64) {
    let Some(first) = positions.first() else {
        return (DVec3::ZERO, -1.0);
    };
    let (low, high) = positions
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    let centre = (low.as_dvec3() + high.as_dvec3()) * 0.5;
    let radius = positions
        .iter()
        .map(|p| centre.distance_squared(p.as_dvec3()))
        .fold(0.0, f64::max)
        .sqrt();
    (centre, radius)
}

/// Whether the ray, between `near` and `far`, can meet the bounding sphere placed by `matrix`
/// and grown by `threshold`: three's early-out, which drops no hit (every triangle lies in the
/// sphere); its radius is scaled by the matrix's largest axis and given a margin for rounding.
fn sphere_in_reach(
    ray: Ray,
    (centre, radius): (DVec3, f64),
    matrix: DMat4,
    threshold: f64,
    (near, far): (f64, f64),
) -> bool {
    if radius < 0.0 {
        return false;
    }
    let scale = [matrix.x_axis, matrix.y_axis, matrix.z_axis]
        .map(|axis| axis.truncate().length_squared())
        .into_iter()
        .fold(0.0, f64::max)
        .sqrt();
    let radius = (radius * scale + threshold) * (1.0 + 1e-9) + 1e-9;
    let to_origin = ray.origin - matrix.transform_point3(centre);
    let b = to_origin.dot(ray.direction);
    let discriminant = b * b - (to_origin.length_squared() - radius * radius);
    if discriminant.is_nan() {
        // A non-finite matrix: the triangle test finds nothing either way.
        return true;
    }
    if discriminant < 0.0 {
        return false;
    }
    let root = discriminant.sqrt();
    // The ray is in the sphere from -b - root to -b + root (world distances, unit direction).
    -b + root >= near && -b - root <= far
}
