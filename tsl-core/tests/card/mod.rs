//! Spec 000's card, the ShaderMaterial several suites compile: a position node from its vertex
//! shader (`position + normal * lift`), a discard (the mask) and a texture uniform.

/// The card's vertex shader.
pub const VERTEX: &str = "uniform float lift;
     varying vec2 vUv;
     void main() {
         vUv = uv;
         vec3 moved = position + normal * lift;
         gl_Position = projectionMatrix * modelViewMatrix * vec4(moved, 1.0);
     }";

/// The card's fragment shader.
pub const FRAGMENT: &str = "uniform sampler2D map;
     varying vec2 vUv;
     void main() {
         if (vUv.x > 0.9) discard;
         gl_FragColor = texture2D(map, vUv * 2.0);
     }";
