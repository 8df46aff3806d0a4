//! The node methods of R-VAL (docs/requirements.md), R-MATH and R-LOGIC. Each returns a
//! [`NodeRef`]; see the module docs of [`super`] for refusals.

use super::{
    BuildError, BuildErrorKind, NodeGraph, NodeRef, Op, TypeError, UniformDecl, UniformInit,
};
use crate::interface::Attribute;
use crate::opcode::Opcode;
use crate::types::{Color, TextureId, UniformValue, ValueType, NO_TEXTURE};

/// The map of a `texture` node: a texture id, or a texture uniform's node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextureSource {
    /// A texture by id.
    Id(TextureId),
    /// A node of type texture (from `texture_uniform`).
    Node(NodeRef),
}

impl From<TextureId> for TextureSource {
    fn from(id: TextureId) -> Self {
        TextureSource::Id(id)
    }
}

impl From<NodeRef> for TextureSource {
    fn from(node: NodeRef) -> Self {
        TextureSource::Node(node)
    }
}

macro_rules! math_methods {
    ($($(#[$doc:meta])* $method:ident($($arg:ident),*) => $code:ident;)*) => {
        impl NodeGraph {
            $(
                $(#[$doc])*
                pub fn $method(&self, $($arg: NodeRef),*) -> NodeRef {
                    self.math(Opcode::$code, &[$($arg),*])
                }
            )*
        }
    };
}

math_methods! {
    /// `a + b`; the wider operand's type.
    add(a, b) => Add;
    /// `a - b`.
    sub(a, b) => Sub;
    /// `a * b` per component, or a matrix times a vector of its width (either side) or a matrix
    /// of its size.
    mul(a, b) => Mul;
    /// `a / b`; a division by zero gives what IEEE 754 gives.
    div(a, b) => Div;
    /// The smaller of each component.
    min(a, b) => Min;
    /// The larger of each component.
    max(a, b) => Max;
    /// GLSL's `mod`: `a - b * floor(a / b)`, with the sign of `b`.
    modulo(a, b) => Mod;
    /// `a` to the power `b`.
    pow(a, b) => Pow;
    /// `step(edge, x)`: 0 where `x < edge`, else 1.
    step(edge, x) => Step;
    /// `atan2(y, x)`: the angle of (x, y), in (-π, π].
    atan2(y, x) => Atan2;
    /// `mix(a, b, t)`: `a * (1 - t) + b * t`.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let (black, white) = (graph.vec3(0.0, 0.0, 0.0), graph.vec3(1.0, 1.0, 1.0));
    /// // A float `t` is repeated into every component.
    /// graph.set_output(COLOR_NODE, graph.mix(black, white, graph.float(0.75))).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![0.75; 3]));
    /// ```
    mix(a, b, t) => Mix;
    /// `clamp(x, low, high)`: `min(max(x, low), high)`.
    clamp(x, low, high) => Clamp;
    /// `smoothstep(low, high, x)`: Hermite from 0 to 1 between the edges.
    smoothstep(low, high, x) => Smoothstep;
    /// `|a|`.
    abs(a) => Abs;
    /// -1, 0 or 1.
    sign(a) => Sign;
    /// Round down.
    floor(a) => Floor;
    /// Round up.
    ceil(a) => Ceil;
    /// Round to nearest; a half goes to the even whole number.
    round(a) => Round;
    /// Round toward zero.
    trunc(a) => Trunc;
    /// `a - floor(a)`.
    fract(a) => Fract;
    /// Sine of radians.
    sin(a) => Sin;
    /// Cosine.
    cos(a) => Cos;
    /// Tangent.
    tan(a) => Tan;
    /// Arc sine.
    asin(a) => Asin;
    /// Arc cosine.
    acos(a) => Acos;
    /// Arc tangent.
    atan(a) => Atan;
    /// Degrees to radians.
    radians(a) => Radians;
    /// Radians to degrees.
    degrees(a) => Degrees;
    /// `e^a`.
    exp(a) => Exp;
    /// `2^a`.
    exp2(a) => Exp2;
    /// Natural logarithm.
    log(a) => Log;
    /// Base-2 logarithm.
    log2(a) => Log2;
    /// Square root.
    sqrt(a) => Sqrt;
    /// `1 / sqrt(a)`, three.js's `inverseSqrt`.
    inverse_sqrt(a) => InverseSqrt;
    /// `1 / a`.
    reciprocal(a) => Reciprocal;
    /// `-a`.
    negate(a) => Negate;
    /// `1 - a`, three.js's `oneMinus`.
    one_minus(a) => OneMinus;
    /// `clamp(a, 0, 1)`.
    saturate(a) => Saturate;
    /// `dot(a, b)`, a float.
    dot(a, b) => Dot;
    /// `distance(a, b)`: `length(a - b)`.
    distance(a, b) => Distance;
    /// `length(a)`.
    length(a) => Length;
    /// `a / length(a)`; a zero vector stays zero.
    normalize(a) => Normalize;
    /// `reflect(i, n)`: `i - 2 * dot(n, i) * n`.
    reflect(i, n) => Reflect;
    /// `refract(i, n, eta)`; zero past total internal reflection. `eta` is a float.
    refract(i, n, eta) => Refract;
    /// `faceforward(n, i, nref)`: `n` where `dot(nref, i) < 0`, else `-n`.
    faceforward(n, i, nref) => Faceforward;
    /// `cross(a, b)` of two vec3.
    cross(a, b) => Cross;
    /// One where `a < b`, else zero, per component.
    less_than(a, b) => LessThan;
    /// One where `a <= b`.
    less_than_equal(a, b) => LessThanEqual;
    /// One where `a > b`.
    greater_than(a, b) => GreaterThan;
    /// One where `a >= b`.
    greater_than_equal(a, b) => GreaterThanEqual;
    /// One where `a == b`.
    equal(a, b) => Equal;
    /// One where `a != b`.
    not_equal(a, b) => NotEqual;
    /// One where both are not zero.
    logical_and(a, b) => LogicalAnd;
    /// One where either is not zero.
    logical_or(a, b) => LogicalOr;
    /// One where exactly one is not zero.
    logical_xor(a, b) => LogicalXor;
    /// One where `a` is zero.
    logical_not(a) => LogicalNot;
    /// `a` where `condition` is not zero, else `b`, per component.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let condition = graph.vec3(1.0, 0.0, -2.0); // zero is false, every other value true
    /// let picked = graph.select(condition, graph.float(5.0), graph.float(7.0));
    /// graph.set_output(COLOR_NODE, picked).unwrap();
    /// let program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(COLOR_NODE, &Fragment::default()), Some(vec![5.0, 7.0, 5.0]));
    /// ```
    select(condition, a, b) => Select;
}

macro_rules! attribute_methods {
    ($($(#[$doc:meta])* $method:ident => $attr:ident;)*) => {
        impl NodeGraph {
            $(
                $(#[$doc])*
                pub fn $method(&self) -> NodeRef {
                    self.attribute(Attribute::$attr)
                }
            )*
        }
    };
}

impl NodeGraph {
    /// TSL's `output`: the material's own shading as a vec4, the lit colour (after the fog) and
    /// the fragment's alpha (three.js's `diffuseColor.a`, 1 on an opaque material), so
    /// `vec4(output.rgb * k, output.a)` ports line for line (R-VAL-12); `OUTPUT_NODE` only.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let warm = graph.mul(graph.swizzle(graph.lit(), "rgb"), graph.vec3(1.0, 0.5, 0.0));
    /// let alpha = graph.swizzle(graph.lit(), "a");
    /// graph.set_output(OUTPUT_NODE, graph.join(&[warm, alpha])).unwrap();
    /// let program = graph.compile().unwrap();
    /// let shaded = Fragment { lit: glam::Vec3::splat(0.5), lit_alpha: 0.25, ..Fragment::default() };
    /// assert_eq!(program.evaluate(OUTPUT_NODE, &shaded), Some(vec![0.5, 0.25, 0.0, 0.25]));
    ///
    /// // Only the output node reads it.
    /// let graph = NodeGraph::new();
    /// graph.set_output(COLOR_NODE, graph.lit()).unwrap();
    /// assert!(graph.compile().is_err());
    /// ```
    pub fn lit(&self) -> NodeRef {
        self.join(&[
            self.attribute(Attribute::Lit),
            self.attribute(Attribute::LitAlpha),
        ])
    }

    /// TSL's `vertexColor()`: the geometry's vertex colour as three.js r187's
    /// `VertexColorNode` gives it, a vec4: the interpolated rgb and alpha 1 (our geometries carry
    /// rgb colours), and (1, 1, 1, 1) where the geometry has none. The material's colour is not
    /// in it: three's spelling of a coloured mesh is `material_color() * vertex_color().rgb`.
    pub fn vertex_color(&self) -> NodeRef {
        self.join(&[self.attribute(Attribute::VertexColor), self.float(1.0)])
    }
}

attribute_methods! {
    /// TSL's `uv()`: the geometry's uv (vec2); a map's own transform is not in it (R-VAL-5).
    uv => Uv;
    /// The fragment's world position (vec3).
    position_world => PositionWorld;
    /// The fragment's camera-space position (vec3).
    position_view => PositionView;
    /// The fragment's unit world normal (vec3).
    normal_world => NormalWorld;
    /// The fragment's unit camera-space normal (vec3).
    normal_view => NormalView;
    /// The vertex's model-space position (vec3); a position node only.
    position_local => PositionLocal;
    /// The vertex's model-space normal (vec3); a position node only.
    normal_local => NormalLocal;
    /// The camera's world position (vec3).
    camera_position => CameraPosition;
    /// The world-to-camera matrix (mat4).
    camera_view_matrix => CameraViewMatrix;
    /// `Renderer.time`, in seconds (float).
    time => Time;
    /// The pixel's centre in pixels from the bottom left, and its window depth from 0 (near) to
    /// 1 (far) (vec3): GLSL's `gl_FragCoord.xyz`. Fragment outputs only, not in a varying.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// graph.set_output(COLOR_NODE, graph.frag_coord()).unwrap();
    /// let program = graph.compile().unwrap();
    /// let pixel = Fragment { frag_coord: glam::Vec3::new(3.5, 0.5, 0.25), ..Fragment::default() };
    /// assert_eq!(program.evaluate(COLOR_NODE, &pixel), Some(vec![3.5, 0.5, 0.25]));
    /// ```
    frag_coord => FragCoord;
    /// 1 where the face is seen from its front, 0 from its back (float): TSL's `frontFacing`.
    front_facing => FrontFacing;
    /// GLSL's `gl_FrontFacing` under three.js's WebGL renderer (float): `front_facing()`, but 1
    /// on every face a BACK_SIDE material draws.
    gl_front_facing => GlFrontFacing;
    /// spec's `shadow`: what the shadow of the light being shaded lets through at the fragment
    /// (vec3: 1 lit, 0 in full shadow). `RECEIVED_SHADOW_NODE` alone reads it; the renderer runs
    /// that output once per light that casts a shadow on the surface, and multiplies the light's
    /// colour by its value in place of the shadow (R-OUT-14). three.js's
    /// `receivedShadowNode = Fn(([shadow]) => shadow.mix(color(0xff0000), 1))` is:
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// // TSL's a.mix(b, t) is mix(b, t, a).
    /// let red = graph.mix(graph.vec3(1.0, 0.0, 0.0), graph.float(1.0), graph.shadow());
    /// graph.set_output(RECEIVED_SHADOW_NODE, red).unwrap();
    /// let program = graph.compile().unwrap();
    /// let half = Fragment { shadow: glam::Vec3::splat(0.5), ..Fragment::default() };
    /// assert_eq!(program.evaluate(RECEIVED_SHADOW_NODE, &half), Some(vec![1.0, 0.5, 0.5]));
    ///
    /// // Only the received-shadow node reads it.
    /// let graph = NodeGraph::new();
    /// graph.set_output(COLOR_NODE, graph.shadow()).unwrap();
    /// assert!(graph.compile().is_err());
    /// ```
    shadow => Shadow;
}

impl NodeGraph {
    /// A math node of the opcode table.
    pub fn math(&self, code: Opcode, inputs: &[NodeRef]) -> NodeRef {
        self.node(code.name(), Op::Math(code), inputs)
    }

    /// An attribute or frame-value node.
    pub fn attribute(&self, attribute: Attribute) -> NodeRef {
        self.leaf(
            attribute.name(),
            Op::Attribute(attribute),
            attribute.value_type(),
        )
    }

    pub(super) fn constant(&self, values: &[f32]) -> NodeRef {
        let mut value = [0.0; 4];
        value[..values.len()].copy_from_slice(values);
        // Invariant: every caller (`float`, `vec2`..`vec4`, `color`, `Var`'s zero of a vector
        // width) passes 1 to 4 floats.
        let ty = ValueType::vector(values.len()).expect("1 to 4 floats");
        self.leaf(ty.name(), Op::Constant { ty, value }, ty)
    }

    /// A constant float.
    pub fn float(&self, x: f32) -> NodeRef {
        self.constant(&[x])
    }

    /// A constant vec2.
    pub fn vec2(&self, x: f32, y: f32) -> NodeRef {
        self.constant(&[x, y])
    }

    /// A constant vec3.
    pub fn vec3(&self, x: f32, y: f32, z: f32) -> NodeRef {
        self.constant(&[x, y, z])
    }

    /// A constant vec4.
    pub fn vec4(&self, x: f32, y: f32, z: f32, w: f32) -> NodeRef {
        self.constant(&[x, y, z, w])
    }

    /// A constant colour, a vec3 of its linear channels ([`Color::from_srgb8`] decodes sRGB).
    pub fn color(&self, color: Color) -> NodeRef {
        self.constant(&[color.r, color.g, color.b])
    }

    fn declare(&self, op_name: &str, name: &str, value: UniformInit) -> NodeRef {
        let index = self.parts.borrow().uniforms.len();
        let node = self.leaf(op_name, Op::Uniform(index), value.value_type());
        if !node.is_refused() {
            self.parts.borrow_mut().uniforms.push(UniformDecl {
                name: name.to_string(),
                value,
            });
        }
        node
    }

    /// `uniform(value)`: a value the caller changes between frames with
    /// `NodeProgram::set_uniform`, by this node or by a name given with [`NodeGraph::set_name`]:
    /// a float, a vector, a colour or a matrix (glam types). A uniform needs no name, and names
    /// need not be unique (R-VAL-17, docs/requirements.md).
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let gain = graph.uniform(2.0);
    /// graph.set_output(OPACITY_NODE, graph.mul(gain, graph.float(0.25))).unwrap();
    /// let mut program = graph.compile().unwrap();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.5]));
    /// program.set_uniform(gain, 4.0).unwrap();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![1.0]));
    /// // A value of another type than the uniform's is refused.
    /// assert!(program.set_uniform(gain, glam::Vec3::ONE).is_err());
    /// ```
    pub fn uniform(&self, value: impl Into<UniformValue>) -> NodeRef {
        self.declare("uniform", "", UniformInit::Value(value.into()))
    }

    /// `uniform(value).setName(name)` in one call: a uniform that `NodeProgram::set_uniform` also
    /// finds by `name`.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let gain = graph.named_uniform("gain", 2.0);
    /// graph.set_output(OPACITY_NODE, graph.mul(gain, graph.float(0.25))).unwrap();
    /// let mut program = graph.compile().unwrap();
    /// program.set_uniform("gain", 4.0).unwrap();
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![1.0]));
    /// // A name no uniform has is refused.
    /// assert!(program.set_uniform("gian", 4.0).is_err());
    /// ```
    pub fn named_uniform(&self, name: &str, value: impl Into<UniformValue>) -> NodeRef {
        self.declare("uniform", name, UniformInit::Value(value.into()))
    }

    /// TSL's `setName`: give the uniform (or texture uniform) `node` the name
    /// `NodeProgram::set_uniform` finds it by, and return `node`. Several uniforms may share a
    /// name. Refuses a node that is not a uniform, and an empty name.
    pub fn set_name(&self, node: NodeRef, name: &str) -> NodeRef {
        let index = match self.resolve_for("set_name", node) {
            Ok(i) => i as usize,
            Err(e) => {
                self.refuse(e);
                return self.refused();
            }
        };
        let mut parts = self.parts.borrow_mut();
        let uniform = match parts.nodes[index].op {
            Op::Uniform(u) if u < parts.uniforms.len() => u,
            _ => {
                drop(parts);
                self.refuse(BuildError::new(
                    "set_name",
                    BuildErrorKind::NotAUniform { node: index as u32 },
                ));
                return self.refused();
            }
        };
        if name.is_empty() {
            drop(parts);
            self.refuse(BuildError::new("set_name", BuildErrorKind::EmptyName));
            return self.refused();
        }
        parts.uniforms[uniform].name = name.to_string();
        node
    }

    /// A named texture the caller changes with `NodeProgram::set_texture`.
    pub fn texture_uniform(&self, name: &str, map: TextureId) -> NodeRef {
        self.declare("texture_uniform", name, UniformInit::Texture(map))
    }

    /// `texture(map, uv)`: the texture read at a vec2 coordinate, a vec4 of linear colour and
    /// straight alpha. Refuses [`NO_TEXTURE`] and a coordinate that is not a vec2.
    pub fn texture(&self, map: impl Into<TextureSource>, uv: NodeRef) -> NodeRef {
        let map = self.map_node(map);
        self.node("texture", Op::Texture, &[map, uv])
    }

    /// The node of a texture source: a texture id becomes a texture node.
    pub(super) fn map_node(&self, map: impl Into<TextureSource>) -> NodeRef {
        match map.into() {
            TextureSource::Node(node) => node,
            TextureSource::Id(id) => self.texture_id(id),
        }
    }

    /// A texture by id, as a node of type texture: the map a `texture` node or a function's
    /// texture argument reads. Refuses [`NO_TEXTURE`].
    pub fn texture_id(&self, id: TextureId) -> NodeRef {
        if id == NO_TEXTURE {
            self.refuse(BuildError::new("texture", BuildErrorKind::NoTexture));
            return self.refused();
        }
        self.leaf("texture", Op::TextureConst(id), ValueType::Texture)
    }

    /// Record a refusal of the caller's own (a front end's type error, say) as this graph's, and
    /// get the refused ref that stands for the node: [`NodeGraph::error`] and `compile` report
    /// it as they report the graph's own.
    pub fn refuse_node(&self, op: &str, reason: impl Into<String>) -> NodeRef {
        self.refuse(BuildError::new(op, BuildErrorKind::Caller(reason.into())));
        self.refused()
    }

    /// The components of `a` named by `pattern` (one to four of `xyzw`, `rgba` or `stpq`, one set
    /// at a time), as TSL's `a.zyx`.
    pub fn swizzle(&self, a: NodeRef, pattern: &str) -> NodeRef {
        match parse_swizzle(pattern) {
            Ok((components, len)) => {
                let picked = &components[..usize::from(len)];
                let Some((part, renumbered)) = self.join_part(a, picked) else {
                    return self.node("swizzle", Op::Swizzle { components, len }, &[a]);
                };
                let width = self.type_of(part).and_then(|t| t.width()).unwrap_or(0);
                let whole = usize::from(len) == width
                    && renumbered
                        .iter()
                        .take(width)
                        .enumerate()
                        .all(|(k, &c)| usize::from(c) == k);
                if whole {
                    return part;
                }
                if width < 2 {
                    // `lit().aa`: a float's splat stays a swizzle of the join.
                    return self.node("swizzle", Op::Swizzle { components, len }, &[a]);
                }
                let components = renumbered;
                self.node("swizzle", Op::Swizzle { components, len }, &[part])
            }
            Err(kind) => {
                if !a.is_refused() {
                    self.refuse(BuildError::new("swizzle", kind));
                }
                self.refused()
            }
        }
    }

    /// What a swizzle of `a` picking `components` reads, when `a` is a join of attributes and
    /// the components all lie in one of them: that attribute and the components renumbered from
    /// its first, so `vertex_color().rgb` and `lit().a` are the attributes themselves, no extra
    /// instructions. Only attributes' joins (what `vertex_color()` and `lit()` build): a join of
    /// other nodes stays, so that rewiring its inputs (`set_input`) reaches the swizzle too.
    fn join_part(&self, a: NodeRef, components: &[u8]) -> Option<(NodeRef, [u8; 4])> {
        let index = self.resolve(a).ok()?;
        let parts = self.parts.borrow();
        let node = &parts.nodes[index as usize];
        if node.op != Op::Join {
            return None;
        }
        let mut start = 0;
        for &input in &node.inputs {
            let part = &parts.nodes[input as usize];
            let width = part.ty.width().unwrap_or(0);
            let inside = |c: &u8| (start..start + width).contains(&usize::from(*c));
            if matches!(part.op, Op::Attribute(_)) && components.iter().all(inside) {
                let mut renumbered = [0u8; 4];
                for (r, &c) in renumbered.iter_mut().zip(components) {
                    // Invariant: `start` is at most 3 (a join has at most four components).
                    *r = c - start as u8;
                }
                let part = NodeRef {
                    graph: self.id(),
                    index: input,
                };
                return Some((part, renumbered));
            }
            start += width;
        }
        None
    }

    /// The components of every part, in order: `join(&[xy, z])` is a vec3. At most four.
    pub fn join(&self, parts: &[NodeRef]) -> NodeRef {
        if parts.is_empty() {
            self.refuse(BuildError::new("join", BuildErrorKind::NothingToJoin));
            return self.refused();
        }
        self.node("join", Op::Join, parts)
    }

    /// `remap(x, in_low, in_high, out_low, out_high)`:
    /// `(x - in_low) / (in_high - in_low) * (out_high - out_low) + out_low`, built from those nodes.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// let (x, lo, hi) = (graph.float(0.75), graph.float(0.5), graph.float(1.0));
    /// graph.set_output(OPACITY_NODE, graph.remap(x, lo, hi, graph.float(-1.0), graph.float(1.0))).unwrap();
    /// let program = graph.compile().unwrap();
    /// // 0.75 is halfway from 0.5 to 1, and 0 is halfway from -1 to 1.
    /// assert_eq!(program.evaluate(OPACITY_NODE, &Fragment::default()), Some(vec![0.0]));
    /// ```
    pub fn remap(
        &self,
        x: NodeRef,
        in_low: NodeRef,
        in_high: NodeRef,
        out_low: NodeRef,
        out_high: NodeRef,
    ) -> NodeRef {
        let parts = [x, in_low, in_high, out_low, out_high];
        if let Err(e) = self.check("remap", Opcode::Add, &parts) {
            return e;
        }
        let t = self.div(self.sub(x, in_low), self.sub(in_high, in_low));
        self.add(self.mul(t, self.sub(out_high, out_low)), out_low)
    }

    /// Refuse under `name` when the operands together (any count of them) fail `code`'s
    /// componentwise type rule.
    fn check(&self, name: &str, code: Opcode, inputs: &[NodeRef]) -> Result<(), NodeRef> {
        let mut types = Vec::with_capacity(inputs.len());
        for &input in inputs {
            match self.resolve_for(name, input) {
                Ok(i) => types.push(self.parts.borrow().nodes[i as usize].ty),
                Err(e) => {
                    if !input.is_refused() {
                        self.refuse(e);
                    }
                    return Err(self.refused());
                }
            }
        }
        match super::typecheck::componentwise(code, &types) {
            Ok(_) => Ok(()),
            Err(error) => {
                self.refuse(BuildError::new(name, error));
                Err(self.refused())
            }
        }
    }

    /// `varying(a)`: `a` computed at each corner of the triangle and interpolated with the
    /// fragment's perspective-correct weights. It may read positions, normals, the coordinates,
    /// the vertex colour, time, uniforms and math of them (compile refuses a texture, a derivative
    /// and `lit`).
    pub fn varying(&self, a: NodeRef) -> NodeRef {
        self.node("varying", Op::Varying, &[a])
    }

    /// `dfdx(a)`: `a` at the pixel to the right less `a` here, exact per triangle.
    pub fn dfdx(&self, a: NodeRef) -> NodeRef {
        self.node("dfdx", Op::Derivative(super::Axis::X), &[a])
    }

    /// `dfdy(a)`: `a` at the pixel above less `a` here (window rows count upward, as GLSL's).
    pub fn dfdy(&self, a: NodeRef) -> NodeRef {
        self.node("dfdy", Op::Derivative(super::Axis::Y), &[a])
    }

    /// `fwidth(a)`: `abs(dfdx(a)) + abs(dfdy(a))`.
    pub fn fwidth(&self, a: NodeRef) -> NodeRef {
        self.add(self.abs(self.dfdx(a)), self.abs(self.dfdy(a)))
    }

    /// A mat3 from three vec3 columns or a mat4 from four vec4 columns.
    pub fn matrix(&self, columns: &[NodeRef]) -> NodeRef {
        self.node("matrix", Op::Matrix, columns)
    }

    /// Column `index` of a matrix, a vector of the matrix's size.
    /// Refuses a value that is not a matrix and an index past its columns, naming the index as
    /// given.
    pub fn column(&self, matrix: NodeRef, index: usize) -> NodeRef {
        if let Ok(small) = u8::try_from(index) {
            return self.node("column", Op::Column(small), &[matrix]);
        }
        // No matrix has that column; refuse it as the type rule would, with the index as given.
        let found = match self.resolve_for("column", matrix) {
            Ok(i) => self.parts.borrow().nodes[i as usize].ty,
            Err(e) => {
                if !matrix.is_refused() {
                    self.refuse(e);
                }
                return self.refused();
            }
        };
        let error = match found.matrix_size() {
            Some(_) => TypeError::NoColumn {
                matrix: found,
                index,
            },
            None => TypeError::NotAMatrix { found },
        };
        self.refuse(BuildError::new("column", error));
        self.refused()
    }
}

/// The component indexes of a swizzle pattern, or why it is not one.
fn parse_swizzle(pattern: &str) -> Result<([u8; 4], u8), BuildErrorKind> {
    const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
    let chars: Vec<char> = pattern.chars().collect();
    if chars.is_empty() || chars.len() > 4 {
        return Err(BuildErrorKind::SwizzleLength {
            pattern: pattern.into(),
            count: chars.len(),
        });
    }
    let set =
        SETS.iter()
            .find(|set| set.contains(chars[0]))
            .ok_or(BuildErrorKind::NotAComponent {
                component: chars[0],
            })?;
    let mut components = [0u8; 4];
    for (slot, c) in chars.iter().enumerate() {
        let index = set.find(*c).ok_or_else(|| {
            if SETS.iter().any(|s| s.contains(*c)) {
                BuildErrorKind::MixedComponentSets {
                    pattern: pattern.into(),
                }
            } else {
                BuildErrorKind::NotAComponent { component: *c }
            }
        })?;
        components[slot] = index as u8;
    }
    Ok((components, chars.len() as u8))
}
