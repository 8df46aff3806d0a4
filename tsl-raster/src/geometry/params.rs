//! The checks the generators make of their parameters before they build anything: three.js
//! builds NaNs or nothing from a zero segment count, a negative size or a NaN, and an enormous
//! count only runs out of memory, so each is refused with the parameter's name.

use super::{Builder, Geometry};
use crate::error::GeometryError;
use crate::RenderError;

/// The most segments a generator accepts along any one direction (three.js has no limit; this
/// keeps the largest grid near a million vertices).
pub const MAX_SEGMENTS: u32 = 1024;

/// The most subdivisions a polyhedron accepts (`detail`): an icosahedron of detail 64 has
/// 20 · 65² triangles.
pub const MAX_DETAIL: u32 = 64;

/// The most vertices a generator builds (2^24): parameters each within their limits can still
/// multiply past memory (a polyhedron of many faces at a high detail, a shape of many curved
/// pieces extruded in many steps), and are refused before anything is built.
pub const MAX_GENERATED_VERTICES: usize = 1 << 24;

/// One generator's parameters, checked in turn; the first refusal wins.
pub(super) struct Check {
    generator: &'static str,
    error: Option<GeometryError>,
}

impl Check {
    /// Checks for the generator three.js names `generator`.
    pub(super) fn new(generator: &'static str) -> Check {
        Check {
            generator,
            error: None,
        }
    }

    fn refuse(&mut self, parameter: &'static str, value: String, rule: &'static str) {
        if self.error.is_none() {
            self.error = Some(GeometryError::Parameter {
                generator: self.generator,
                parameter,
                value,
                rule,
            });
        }
    }

    /// A size: finite and not negative.
    pub(super) fn size(mut self, parameter: &'static str, value: f64) -> Check {
        if !(value.is_finite() && value >= 0.0) {
            self.refuse(parameter, value.to_string(), "a finite size ≥ 0");
        }
        self
    }

    /// A size that divides: finite and above zero.
    pub(super) fn positive(mut self, parameter: &'static str, value: f64) -> Check {
        if !(value.is_finite() && value > 0.0) {
            self.refuse(parameter, value.to_string(), "a finite size > 0");
        }
        self
    }

    /// An angle, a ratio or a coordinate: finite.
    pub(super) fn finite(mut self, parameter: &'static str, value: f64) -> Check {
        if !value.is_finite() {
            self.refuse(parameter, value.to_string(), "a finite number");
        }
        self
    }

    /// A segment count: 1 to [`MAX_SEGMENTS`] (generators that raise a small count to their
    /// minimum, as three.js does, check after raising it).
    pub(super) fn segments(mut self, parameter: &'static str, value: u32) -> Check {
        if !(1..=MAX_SEGMENTS).contains(&value) {
            self.refuse(parameter, value.to_string(), "1 to MAX_SEGMENTS (1024)");
        }
        self
    }

    /// A count of points or a detail, within `min..=max`; `rule` says so in words.
    pub(super) fn count(
        mut self,
        parameter: &'static str,
        value: usize,
        min: usize,
        max: usize,
        rule: &'static str,
    ) -> Check {
        if !(min..=max).contains(&value) {
            self.refuse(parameter, value.to_string(), rule);
        }
        self
    }

    /// Every coordinate of a list of points finite.
    pub(super) fn points<const N: usize>(
        mut self,
        parameter: &'static str,
        points: &[[f64; N]],
    ) -> Check {
        if let Some(p) = points.iter().find(|p| !p.iter().all(|c| c.is_finite())) {
            self.refuse(parameter, format!("{p:?}"), "finite coordinates");
        }
        self
    }

    /// The vertex count the parameters would build, at most [`MAX_GENERATED_VERTICES`]
    /// (`None`: the count overflowed).
    pub(super) fn vertices(mut self, count: Option<usize>) -> Check {
        if count.is_none_or(|n| n > MAX_GENERATED_VERTICES) {
            let value = count.map_or("more than usize::MAX".to_string(), |n| n.to_string());
            self.refuse("vertices", value, "at most MAX_GENERATED_VERTICES (2^24)");
        }
        self
    }

    /// Ok, or the first refusal.
    pub(super) fn done(self) -> Result<(), RenderError> {
        match self.error {
            Some(error) => Err(error.into()),
            None => Ok(()),
        }
    }
}

/// The builder's geometry after `Geometry`'s own checks: sizes that are finite in f64 can still
/// overflow the f32 a vertex stores (a radius of 1e300), and are refused as non-finite.
pub(super) fn checked(geometry: Geometry) -> Result<Geometry, RenderError> {
    geometry.check()?;
    Ok(geometry)
}

/// [`checked`] of a builder's arrays.
pub(super) fn finish(builder: Builder) -> Result<Geometry, RenderError> {
    checked(builder.finish())
}
