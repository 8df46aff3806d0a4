//! three.js's `PlaneGeometry`.

use super::{segments, Builder, Geometry};

/// `PlaneGeometry(width, height, widthSegments, heightSegments)`: a rectangle in the xy plane,
/// centred on the origin, facing +z; u runs along +x, v along +y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlaneGeometry {
    /// Size along x; 1 by default.
    pub width: f64,
    /// Size along y; 1 by default.
    pub height: f64,
    /// Columns of quads; 1 by default.
    pub width_segments: u32,
    /// Rows of quads; 1 by default.
    pub height_segments: u32,
}

impl Default for PlaneGeometry {
    fn default() -> Self {
        PlaneGeometry {
            width: 1.0,
            height: 1.0,
            width_segments: 1,
            height_segments: 1,
        }
    }
}

impl PlaneGeometry {
    /// A `width × height` plane of one quad.
    pub fn new(width: f64, height: f64) -> PlaneGeometry {
        PlaneGeometry {
            width,
            height,
            ..PlaneGeometry::default()
        }
    }

    /// The triangles.
    pub fn build(&self) -> Geometry {
        let (gx, gy) = (
            segments(self.width_segments, 1),
            segments(self.height_segments, 1),
        );
        let (sw, sh) = (self.width / gx as f64, self.height / gy as f64);
        let mut b = Builder::default();
        for iy in 0..=gy {
            let y = iy as f64 * sh - self.height / 2.0;
            for ix in 0..=gx {
                let x = ix as f64 * sw - self.width / 2.0;
                b.vertex(
                    [x, -y, 0.0],
                    [0.0, 0.0, 1.0],
                    [ix as f64 / gx as f64, 1.0 - iy as f64 / gy as f64],
                );
            }
        }
        for iy in 0..gy {
            for ix in 0..gx {
                let a = ix + (gx + 1) * iy;
                let bb = ix + (gx + 1) * (iy + 1);
                let c = ix + 1 + (gx + 1) * (iy + 1);
                let d = ix + 1 + (gx + 1) * iy;
                b.triangle(a, bb, d);
                b.triangle(bb, c, d);
            }
        }
        b.finish()
    }
}
