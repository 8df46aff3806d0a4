//! A GLSL ShaderMaterial for the parity binaries: a vertex shader beyond the forms (R-GLSL-24),
//! whose varyings read `position`, `normal` and three.js's matrices as values, and an array
//! varying, on the sphere and the floor (a model matrix with a shift, and one with a turn).

use super::{Case, Check};
use tsl_core::glsl::compile_shader_material;
use tsl_raster::*;

const VERTEX: &str = "varying vec3 vA;
varying vec3 vB;
varying vec4 vO[2];
void main() {
  vec3 cameraInObject = (inverse(modelMatrix) * vec4(cameraPosition, 1.0)).xyz;
  vA = normalize(cameraInObject - position) * 0.5 + 0.5;
  vB = normalize(normalMatrix * normal + mat3(modelMatrix)[1] * 0.25) * 0.5 + 0.5;
  vO[0] = vec4(fract(position * 2.0), 1.0);
  vO[1] = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
  gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0);
}";

const FRAGMENT: &str = "varying vec3 vA;
varying vec3 vB;
varying vec4 vO[2];
void main() {
  gl_FragColor = vec4(mix(vA, vB, 0.5) * (0.75 + 0.25 * vO[0].xyz) + 0.1 * vO[1].xyz / vO[1].w, 1.0);
}";

pub fn a_general_glsl_vertex_shader(check: Check) {
    let mut c = Case::new();
    let program = compile_shader_material(VERTEX, FRAGMENT).expect("the shaders compile");
    let program = c.assets.programs.add(program);
    c.mesh(
        super::sphere(),
        shader_material(program),
        glam::Vec3::new(0.0, 0.6, 0.0),
    );
    c.floor(shader_material(program));
    check(c, "a general GLSL vertex shader");
}
