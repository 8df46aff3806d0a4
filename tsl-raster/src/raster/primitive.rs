//! Points and lines as triangles (R-PRIM-1, docs/primitives.md). A point or a line is expanded
//! on the host, after its vertices are placed (the position node has run) and projected, into
//! screen-aligned quads of two triangles each, which both rasterizers then draw as any other
//! triangles: so the CPU and the GPU cover the same pixels bit for bit.
//!
//! - A point of width `s` pixels is the square of side `s` centred on its vertex. Its four
//!   corners carry the vertex's attributes, so every pixel of it reads them alike, and
//!   `point_coord()` runs from (0, 0) at its top-left corner to (1, 1) at its bottom-right, as
//!   GL's `gl_PointCoord` (origin upper left). A point whose centre is outside the near or the
//!   far plane is not drawn, as GL clips a point by its centre.
//! - A line is drawn as SwiftShader (three.js's WebGL2 backend in the oracle's Chromium) draws a
//!   1-pixel line: a parallelogram between the two ends, one pixel tall for an x-major line (more
//!   across than down the screen) and one pixel wide otherwise, so each column (row) of its span
//!   has one pixel. Its ends' corners carry the ends' attributes, so a pixel weighs the two ends
//!   with the perspective correction, as a triangle's colour is weighed. A line crossing the near
//!   plane is cut there first, its cut end's attributes weighed in clip space.

use super::clip::inside;
use super::draw::Vertex;
use crate::error::MaterialRefusal;
use crate::geometry::Geometry;
use crate::scene::Primitive;
use glam::{Vec2, Vec4};
use tsl_core::Output;

/// A point or a line's draw as triangles: its corners' vertices, clip positions, custom
/// attributes and `point_coord()`, and the triangles over them.
pub(crate) struct Quads {
    pub verts: Vec<Vertex>,
    pub clip: Vec<Vec4>,
    pub custom: Vec<[f32; 8]>,
    pub point_coord: Vec<Vec2>,
    pub tris: Vec<[u32; 3]>,
}

/// Expand `primitive` (not triangles) over `geometry`'s placed vertices `verts` at `clip`, with
/// their custom attributes `custom` (empty where the program reads none), on a screen of
/// `screen` pixels; `sizes` gives each vertex's point width (or refuses one).
pub(crate) fn expand_primitive(
    primitive: Primitive,
    geometry: &Geometry,
    verts: &[Vertex],
    clip: &[Vec4],
    custom: &[[f32; 8]],
    screen: (u32, u32),
    sizes: impl FnOnce(&[Vertex], &[[f32; 8]]) -> Result<Vec<f32>, MaterialRefusal>,
) -> Result<Quads, MaterialRefusal> {
    let order = draw_order(geometry, verts.len());
    let sizes = match primitive {
        Primitive::Points => sizes(verts, custom)?,
        _ => Vec::new(),
    };
    let expanded = expand(
        primitive,
        &order,
        clip,
        |k| sizes.get(k).copied().unwrap_or(1.0),
        screen,
    );
    let pick = |k: u32| verts.get(k as usize).copied().unwrap_or_default();
    let verts = expanded
        .corners
        .iter()
        .map(|s| mix_vertex(&pick(s.a), &pick(s.b), s.t))
        .collect();
    let custom = if custom.is_empty() {
        Vec::new()
    } else {
        let pick = |k: u32| custom.get(k as usize).copied().unwrap_or_default();
        expanded
            .corners
            .iter()
            .map(|s| {
                let (a, b) = (pick(s.a), pick(s.b));
                std::array::from_fn(|i| a[i] + (b[i] - a[i]) * s.t)
            })
            .collect()
    };
    Ok(Quads {
        verts,
        clip: expanded.corners.iter().map(|s| s.clip).collect(),
        custom,
        point_coord: expanded.corners.iter().map(|s| s.point_coord).collect(),
        tris: expanded.tris,
    })
}

/// three.js's order of a point or a line's `count` vertices: the index where `geometry` has one
/// (here its triangles' corners one after another), else the vertices in order.
pub(crate) fn draw_order(geometry: &Geometry, count: usize) -> Vec<u32> {
    if geometry.indices().is_empty() {
        (0..count as u32).collect()
    } else {
        geometry.indices().iter().flatten().copied().collect()
    }
}

/// `primitive` through the vertices in `order` at clip positions `clip`, on a screen of
/// `screen` pixels: vertex `k` a point `size(k)` pixels wide, or the lines between them.
pub(crate) fn expand(
    primitive: Primitive,
    order: &[u32],
    clip: &[Vec4],
    size: impl Fn(usize) -> f32,
    screen: (u32, u32),
) -> Expanded {
    let kind = match primitive {
        Primitive::Points => return expand_points(order, clip, size, screen),
        Primitive::Triangles => return Expanded::default(),
        Primitive::Line => LineKind::Strip,
        Primitive::LineSegments => LineKind::Segments,
        Primitive::LineLoop => LineKind::Loop,
    };
    expand_lines(&segments(order, kind), clip, screen)
}

/// Vertex `a` weighed `1 − t` and `b` weighed `t` (a line's end cut at the near plane); `a`
/// itself at `t` 0.
fn mix_vertex(a: &Vertex, b: &Vertex, t: f32) -> Vertex {
    if t == 0.0 {
        return *a;
    }
    Vertex {
        world: a.world.lerp(b.world, t),
        view: a.view.lerp(b.view, t),
        normal_view: a.normal_view.lerp(b.normal_view, t),
        uv: a.uv.lerp(b.uv, t),
        color: a.color.lerp(b.color, t),
        local: a.local.lerp(b.local, t),
        normal_local: a.normal_local.lerp(b.normal_local, t),
        tangent: a.tangent.lerp(b.tangent, t),
        bitangent: a.bitangent.lerp(b.bitangent, t),
    }
}

/// The outputs a point or a line does not run (R-PRIM-1): they are unlit, so the lights'
/// inputs (the normal, the emissive, the ambient occlusion) and the depth node are left out.
const UNLIT_SKIPS: [Output; 4] = [Output::Depth, Output::Normal, Output::Emissive, Output::Ao];

impl super::draw::Draw<'_> {
    /// Whether the draw runs its program's `output`: the program has it, a point or a line runs
    /// it (not [`UNLIT_SKIPS`]), and the material can use its value (the opacity only where the
    /// alpha is read, [`Draw::reads_alpha`](super::draw::Draw::reads_alpha)).
    pub fn runs(&self, output: Output) -> bool {
        self.program.is_some_and(|p| p.has_output(output))
            && !(self.primitive != Primitive::Triangles && UNLIT_SKIPS.contains(&output))
            && (output != Output::Opacity || self.reads_alpha())
    }

    /// Whether anything reads the fragment's alpha (`diffuseColor.a`) before it is made 1: a
    /// transparent material blends with it, an alpha test compares it (the material's
    /// `alpha_test` or `ALPHA_TEST_NODE`). three.js r187's `NodeMaterial.setupDiffuseColor` sets
    /// an opaque material's alpha to 1 after the test (this renderer has no other blending and no
    /// alpha to coverage, and its shadow pass reads the map's alpha, not the opacity), so
    /// elsewhere the opacity changes no pixel and is not computed.
    pub fn reads_alpha(&self) -> bool {
        let m = self.material;
        m.transparent
            || m.alpha_test > 0.0
            || self
                .program
                .is_some_and(|p| p.has_output(Output::AlphaTest))
    }
}

/// Where an expanded corner's attributes come from: vertex `a` weighed `1 − t` and vertex `b`
/// weighed `t` (a point's corners and a line's uncut ends have `t` 0 or 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Source {
    pub a: u32,
    pub b: u32,
    pub t: f32,
    /// Its clip-space position.
    pub clip: Vec4,
    /// `point_coord()` at the corner (zero on a line).
    pub point_coord: Vec2,
}

/// Points and lines expanded: their corners and the triangles over them.
#[derive(Debug, Default)]
pub(crate) struct Expanded {
    pub corners: Vec<Source>,
    pub tris: Vec<[u32; 3]>,
}

impl Expanded {
    /// Push a quad of four corners (in order round it) as two triangles, both turned
    /// counter-clockwise on the screen (y up), so a front side draws them.
    fn quad(&mut self, corners: [Source; 4]) {
        let first = self.corners.len() as u32;
        let ndc = corners.map(|c| Vec2::new(c.clip.x / c.clip.w, c.clip.y / c.clip.w));
        let area = (ndc[1] - ndc[0]).perp_dot(ndc[2] - ndc[0]);
        self.corners.extend_from_slice(&corners);
        let [a, b, c, d] = [first, first + 1, first + 2, first + 3];
        if area >= 0.0 {
            self.tris.push([a, b, c]);
            self.tris.push([a, c, d]);
        } else {
            self.tris.push([a, c, b]);
            self.tris.push([a, d, c]);
        }
    }
}

/// The points at `order`'s vertices: vertex `k` at clip position `clip[k]`, `size(k)` pixels wide,
/// on a screen of `screen` pixels. A vertex index past `clip` is skipped.
pub(crate) fn expand_points(
    order: &[u32],
    clip: &[Vec4],
    size: impl Fn(usize) -> f32,
    screen: (u32, u32),
) -> Expanded {
    let mut out = Expanded::default();
    let (width, height) = (screen.0.max(1) as f32, screen.1.max(1) as f32);
    for &k in order {
        let Some(&c) = clip.get(k as usize) else {
            continue;
        };
        // GL clips a point by its centre against the near and far planes.
        let in_depth = c.z + c.w >= 0.0 && c.w - c.z >= 0.0;
        if !(in_depth && c.w > 0.0 && inside(c)) {
            continue;
        }
        let c = snap(c, width, height, TIE_DOWN);
        let s = size(k as usize);
        // Half the width in clip units: s/2 pixels is s/width of the NDC's 2, times w.
        let (hx, hy) = (s / width * c.w, s / height * c.w);
        let corner = |dx: f32, dy: f32, pc: Vec2| Source {
            a: k,
            b: k,
            t: 0.0,
            clip: c + Vec4::new(dx * hx, dy * hy, 0.0, 0.0),
            point_coord: pc,
        };
        // Round the square from its top-left corner: top-left, bottom-left, bottom-right,
        // top-right (clip y points up).
        out.quad([
            corner(-1.0, 1.0, Vec2::new(0.0, 0.0)),
            corner(-1.0, -1.0, Vec2::new(0.0, 1.0)),
            corner(1.0, -1.0, Vec2::new(1.0, 1.0)),
            corner(1.0, 1.0, Vec2::new(1.0, 0.0)),
        ]);
    }
    out
}

/// The sub-pixel grid a point's centre and a line's ends are snapped to: 1/16 pixel, the 4
/// sub-pixel bits of SwiftShader (the oracle's device), whose 1-pixel lines are decided by
/// where their ends fall on that grid (docs/primitives.md).
const SUBPIXEL_GRID: f32 = 16.0;

/// How far below the grid a point's snapped centre is moved, in pixels: one step of the set-up's
/// 1/256-pixel fixed point. A square's edge that falls exactly on a pixel centre then gives that
/// pixel to the row below, as GL does (its top-left rule is in window coordinates, whose y points
/// up; the set-up's is in rows, whose y points down); nothing else moves, since a square's
/// snapped horizontal edge is otherwise at least 1/16 pixel from a centre. A line's edges are
/// sloped, closer than that to a centre without touching it, so a line is not moved: at an exact
/// tie its pixel may be the row above three's.
const TIE_DOWN: f32 = 1.0 / 256.0;

/// `c` (w above zero) moved to the nearest point of the [`SUBPIXEL_GRID`] on a screen of
/// `width × height` pixels, then `down` pixels down, at the same depth and w. A position too far
/// off the screen to snap is left as it is.
fn snap(c: Vec4, width: f32, height: f32, down: f32) -> Vec4 {
    let grid = |ndc: f32, size: f32, shift: f32| {
        let px = (ndc + 1.0) * 0.5 * size;
        if px.abs() < 1.0e6 {
            let snapped = (px * SUBPIXEL_GRID).round() / SUBPIXEL_GRID + shift;
            snapped / size * 2.0 - 1.0
        } else {
            ndc
        }
    };
    let (x, y) = (c.x / c.w, c.y / c.w);
    // NDC y points up: down the screen is minus.
    Vec4::new(
        grid(x, width, 0.0) * c.w,
        grid(y, height, -down) * c.w,
        c.z,
        c.w,
    )
}

/// The segments a line of `primitive` kind draws through the vertices in `order`.
pub(crate) fn segments(order: &[u32], kind: LineKind) -> Vec<(u32, u32)> {
    match kind {
        LineKind::Segments => order.chunks_exact(2).map(|p| (p[0], p[1])).collect(),
        LineKind::Strip | LineKind::Loop => {
            let mut out: Vec<(u32, u32)> = order.windows(2).map(|p| (p[0], p[1])).collect();
            if kind == LineKind::Loop && order.len() > 1 {
                // Invariant: order has at least two entries here.
                out.push((order[order.len() - 1], order[0]));
            }
            out
        }
    }
}

/// How a line joins its vertices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// `Line`: each vertex to the next.
    Strip,
    /// `LineSegments`: in pairs.
    Segments,
    /// `LineLoop`: a strip closed back to its first vertex.
    Loop,
}

/// The 1-pixel lines `segments` between vertices at clip positions `clip` on a screen of
/// `screen` pixels. A segment naming a vertex past `clip` is skipped.
pub(crate) fn expand_lines(segments: &[(u32, u32)], clip: &[Vec4], screen: (u32, u32)) -> Expanded {
    let mut out = Expanded::default();
    let (width, height) = (screen.0.max(1) as f32, screen.1.max(1) as f32);
    for &(i, j) in segments {
        let (Some(&c0), Some(&c1)) = (clip.get(i as usize), clip.get(j as usize)) else {
            continue;
        };
        // Cut at the near plane (z + w = 0); a segment wholly behind it draws nothing.
        let (d0, d1) = (c0.z + c0.w, c1.z + c1.w);
        if !(d0 >= 0.0 || d1 >= 0.0) || !(c0.is_finite() && c1.is_finite()) {
            continue;
        }
        let cut = d0 / (d0 - d1);
        let (t0, t1) = (
            if d0 < 0.0 { cut } else { 0.0 },
            if d1 < 0.0 { cut } else { 1.0 },
        );
        let (e0, e1) = (c0.lerp(c1, t0), c0.lerp(c1, t1));
        if !(e0.w > 0.0 && e1.w > 0.0) {
            continue;
        }
        // The line's extent in pixels, before the ends are snapped, decides its major axis.
        let dx = (e1.x / e1.w - e0.x / e0.w) * width;
        let dy = (e1.y / e1.w - e0.y / e0.w) * height;
        if !(dx != 0.0 || dy != 0.0) || !(dx.is_finite() && dy.is_finite()) {
            continue;
        }
        let (e0, e1) = (snap(e0, width, height, 0.0), snap(e1, width, height, 0.0));
        // Half a pixel across the minor axis, in clip units at each end.
        let half = |e: Vec4| {
            if dx.abs() > dy.abs() {
                Vec4::new(0.0, e.w / height, 0.0, 0.0)
            } else {
                Vec4::new(e.w / width, 0.0, 0.0, 0.0)
            }
        };
        let end = |e: Vec4, t: f32, sign: f32| Source {
            a: i,
            b: j,
            t,
            clip: e + half(e) * sign,
            point_coord: Vec2::ZERO,
        };
        out.quad([
            end(e0, t0, 1.0),
            end(e0, t0, -1.0),
            end(e1, t1, -1.0),
            end(e1, t1, 1.0),
        ]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the one draw of a plane of `material` (over `program`) runs OPACITY_NODE, and
    /// the centre pixel it draws.
    fn opacity_run(
        graph: &tsl_core::NodeGraph,
        edit: impl Fn(&mut crate::scene::Material),
    ) -> (bool, [u8; 4]) {
        use crate::scene::{shader_material, Camera, Object, Scene};
        use crate::{Assets, PlaneGeometry, RenderSettings, Renderer};
        let mut assets = Assets::new();
        let program = assets.programs.add(graph.compile().unwrap());
        let mut material = shader_material(program);
        edit(&mut material);
        let material = assets.materials.add(material);
        let plane = assets.geometries.add(PlaneGeometry::new(2.0, 2.0).build());
        let mut scene = Scene::new();
        scene.add(Object::mesh(plane, material));
        let camera = Camera::orthographic(-1.0, 1.0, 1.0, -1.0, 0.1, 10.0).at(glam::Vec3::Z);
        let settings = RenderSettings::new(4, 4);
        let frame = settings.prepare_frame(&assets.programs, &camera);
        let (draws, _) = settings
            .place_draws(&frame, &scene, &camera, &assets)
            .unwrap();
        let runs = draws[0].runs(Output::Opacity);
        let image = Renderer::new(settings)
            .render(&scene, &camera, &assets)
            .unwrap();
        (runs, image.pixel(2, 2).unwrap())
    }

    #[test]
    fn only_a_material_that_reads_its_alpha_runs_the_opacity() {
        use tsl_core::{Color, NodeGraph, ALPHA_TEST_NODE, COLOR_NODE, OPACITY_NODE};
        let graph = NodeGraph::new();
        graph
            .set_output(COLOR_NODE, graph.color(Color::WHITE))
            .unwrap();
        graph.set_output(OPACITY_NODE, graph.float(0.5)).unwrap();
        // Opaque, no alpha test: three.js makes the alpha 1 (NodeMaterial.setupDiffuseColor), so
        // the opacity is not run and the pixel is opaque white as before.
        assert_eq!(opacity_run(&graph, |_| {}), (false, [255, 255, 255, 255]));
        // Transparent: blended over the clear colour (transparent black), the image's straight
        // alpha is 0.5 (127.5 rounds to 128) over white.
        assert_eq!(
            opacity_run(&graph, |m| m.transparent = true),
            (true, [255, 255, 255, 128])
        );
        // An alpha test reads it: 0.5 <= 0.75 discards, the clear colour shows.
        let (runs, pixel) = opacity_run(&graph, |m| m.alpha_test = 0.75);
        assert!(runs);
        assert_eq!(pixel[..3], [0, 0, 0]);
        // So does ALPHA_TEST_NODE.
        graph
            .set_output(ALPHA_TEST_NODE, graph.float(0.75))
            .unwrap();
        let (runs, pixel) = opacity_run(&graph, |_| {});
        assert!(runs);
        assert_eq!(pixel[..3], [0, 0, 0]);
    }

    /// A 64×64 screen whose clip space is the pixels: x = 2·px/64 − 1, y = 1 − 2·py/64 (rows
    /// down), w = 1.
    fn at(px: f32, py: f32) -> Vec4 {
        Vec4::new(px / 32.0 - 1.0, 1.0 - py / 32.0, 0.0, 1.0)
    }

    #[test]
    fn a_point_is_a_square_of_its_width_with_point_coord_from_the_top_left() {
        let e = expand_points(&[0], &[at(10.0, 20.0)], |_| 4.0, (64, 64));
        assert_eq!(e.tris.len(), 2);
        let px = |s: &Source| ((s.clip.x + 1.0) * 32.0, (1.0 - s.clip.y) * 32.0);
        // Worked by hand: the corners are 2 pixels either way of (10, 20), on the 1/16 grid
        // already, then 1/256 pixel down (TIE_DOWN).
        let d = TIE_DOWN;
        let expected = [
            ((8.0, 18.0 + d), Vec2::new(0.0, 0.0)),
            ((8.0, 22.0 + d), Vec2::new(0.0, 1.0)),
            ((12.0, 22.0 + d), Vec2::new(1.0, 1.0)),
            ((12.0, 18.0 + d), Vec2::new(1.0, 0.0)),
        ];
        for (s, ((x, y), pc)) in e.corners.iter().zip(expected) {
            let (sx, sy) = px(s);
            assert!(
                (sx - x).abs() < 1e-4 && (sy - y).abs() < 1e-4,
                "{:?}",
                px(s)
            );
            assert_eq!(s.point_coord, pc);
        }
    }

    #[test]
    fn a_point_behind_the_near_plane_is_not_drawn() {
        let behind = Vec4::new(0.0, 0.0, -2.0, 1.0);
        assert!(expand_points(&[0], &[behind], |_| 1.0, (64, 64))
            .tris
            .is_empty());
    }

    #[test]
    fn a_line_is_one_pixel_across_its_minor_axis() {
        // x-major: half a pixel up and down at each end.
        let e = expand_lines(&[(0, 1)], &[at(2.0, 3.0), at(30.0, 10.0)], (64, 64));
        let ys: Vec<f32> = e.corners.iter().map(|s| (1.0 - s.clip.y) * 32.0).collect();
        assert_eq!(ys, [2.5, 3.5, 10.5, 9.5]);
        // y-major: half a pixel left and right.
        let e = expand_lines(&[(0, 1)], &[at(2.0, 3.0), at(5.0, 30.0)], (64, 64));
        let xs: Vec<f32> = e.corners.iter().map(|s| (s.clip.x + 1.0) * 32.0).collect();
        assert_eq!(xs, [2.5, 1.5, 4.5, 5.5]);
    }

    #[test]
    fn a_loop_closes_and_segments_pair() {
        assert_eq!(
            segments(&[0, 1, 2], LineKind::Loop),
            [(0, 1), (1, 2), (2, 0)]
        );
        assert_eq!(segments(&[0, 1, 2], LineKind::Strip), [(0, 1), (1, 2)]);
        assert_eq!(segments(&[0, 1, 2], LineKind::Segments), [(0, 1)]);
    }

    #[test]
    fn a_line_is_cut_at_the_near_plane() {
        // From w = 1 in front to z = −3 behind (z + w = −2): cut a third of the way.
        let e = expand_lines(
            &[(0, 1)],
            &[
                Vec4::new(0.0, 0.0, 0.0, 1.0),
                Vec4::new(0.3, 0.0, -3.0, 1.0),
            ],
            (64, 64),
        );
        assert_eq!(e.corners.len(), 4);
        assert!((e.corners[2].t - 1.0 / 3.0).abs() < 1e-6);
    }
}
