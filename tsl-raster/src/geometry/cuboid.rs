//! three.js's `BoxGeometry`.

use super::{segments, Builder, Geometry};

/// `BoxGeometry(width, height, depth, widthSegments, heightSegments, depthSegments)`: six faces
/// in three.js's order (+x, −x, +y, −y, +z, −z), each with its own vertices and a full uv square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxGeometry {
    /// Size along x; 1 by default.
    pub width: f64,
    /// Size along y; 1 by default.
    pub height: f64,
    /// Size along z; 1 by default.
    pub depth: f64,
    /// Segments along x; 1 by default.
    pub width_segments: u32,
    /// Segments along y; 1 by default.
    pub height_segments: u32,
    /// Segments along z; 1 by default.
    pub depth_segments: u32,
}

impl Default for BoxGeometry {
    fn default() -> Self {
        BoxGeometry {
            width: 1.0,
            height: 1.0,
            depth: 1.0,
            width_segments: 1,
            height_segments: 1,
            depth_segments: 1,
        }
    }
}

impl BoxGeometry {
    /// A box of one segment per side.
    pub fn new(width: f64, height: f64, depth: f64) -> BoxGeometry {
        BoxGeometry {
            width,
            height,
            depth,
            ..BoxGeometry::default()
        }
    }

    /// The triangles.
    pub fn build(&self) -> Geometry {
        let (ws, hs, ds) = (
            segments(self.width_segments, 1),
            segments(self.height_segments, 1),
            segments(self.depth_segments, 1),
        );
        let (w, h, d) = (self.width, self.height, self.depth);
        let mut b = Builder::default();
        // (u axis, v axis, w axis, udir, vdir, width, height, depth, gridX, gridY)
        let planes = [
            (2, 1, 0, -1.0, -1.0, d, h, w, ds, hs),
            (2, 1, 0, 1.0, -1.0, d, h, -w, ds, hs),
            (0, 2, 1, 1.0, 1.0, w, d, h, ws, ds),
            (0, 2, 1, 1.0, -1.0, w, d, -h, ws, ds),
            (0, 1, 2, 1.0, -1.0, w, h, d, ws, hs),
            (0, 1, 2, -1.0, -1.0, w, h, -d, ws, hs),
        ];
        for (u, v, wa, udir, vdir, width, height, depth, gx, gy) in planes {
            let start = b.positions.len();
            let (sw, sh) = (width / gx as f64, height / gy as f64);
            for iy in 0..=gy {
                let y = iy as f64 * sh - height / 2.0;
                for ix in 0..=gx {
                    let x = ix as f64 * sw - width / 2.0;
                    let mut p = [0.0; 3];
                    p[u] = x * udir;
                    p[v] = y * vdir;
                    p[wa] = depth / 2.0;
                    let mut n = [0.0; 3];
                    n[wa] = if depth > 0.0 { 1.0 } else { -1.0 };
                    b.vertex(p, n, [ix as f64 / gx as f64, 1.0 - iy as f64 / gy as f64]);
                }
            }
            for iy in 0..gy {
                for ix in 0..gx {
                    let a = start + ix + (gx + 1) * iy;
                    let bb = start + ix + (gx + 1) * (iy + 1);
                    let c = start + ix + 1 + (gx + 1) * (iy + 1);
                    let dd = start + ix + 1 + (gx + 1) * iy;
                    b.triangle(a, bb, dd);
                    b.triangle(bb, c, dd);
                }
            }
        }
        b.finish()
    }
}
