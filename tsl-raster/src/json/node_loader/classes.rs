//! The node classes this loader reads (docs/node_json.md): for each, the inputs it reads from
//! `inputNodes` and how it is built from them and its own fields.

use super::{field, NodeLoader, NodeTexture, NodeTextureKind};
use glam::{Mat3, Mat4, Vec2, Vec3, Vec4};
use serde_json::{Map, Value};
use tsl_core::{Axis, JsonError, NodeGraph, NodeRef, Opcode, UniformValue, ValueType, NO_TEXTURE};

/// A class of three.js's node JSON that this loader reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    Const,
    Uniform,
    Operator,
    Math,
    Split,
    Join,
    Convert,
    Attribute,
    VertexColor,
    Texture,
    CubeTexture,
    Var,
    Varying,
    SubBuild,
    Conditional,
    FrontFacing,
}

/// Each class by its name in three.js (`node.type`).
const CLASSES: [(&str, Class); 16] = [
    ("ConstNode", Class::Const),
    ("UniformNode", Class::Uniform),
    ("OperatorNode", Class::Operator),
    ("MathNode", Class::Math),
    ("SplitNode", Class::Split),
    ("JoinNode", Class::Join),
    ("ConvertNode", Class::Convert),
    ("AttributeNode", Class::Attribute),
    ("VertexColorNode", Class::VertexColor),
    ("TextureNode", Class::Texture),
    ("CubeTextureNode", Class::CubeTexture),
    ("VarNode", Class::Var),
    ("VaryingNode", Class::Varying),
    ("SubBuild", Class::SubBuild),
    ("ConditionalNode", Class::Conditional),
    ("FrontFacingNode", Class::FrontFacing),
];

/// The checked list of the node classes the loader reads, three.js's class names.
pub fn node_json_type_names() -> Vec<&'static str> {
    CLASSES.iter().map(|(name, _)| *name).collect()
}

/// `OperatorNode.op` and its opcode; `!` is the one unary operator.
const OPERATORS: [(&str, Opcode); 15] = [
    ("+", Opcode::Add),
    ("-", Opcode::Sub),
    ("*", Opcode::Mul),
    ("/", Opcode::Div),
    // TSL's `mod` of floats: three.js generates GLSL's `mod`, floor-based.
    ("%", Opcode::Mod),
    ("<", Opcode::LessThan),
    ("<=", Opcode::LessThanEqual),
    (">", Opcode::GreaterThan),
    (">=", Opcode::GreaterThanEqual),
    ("==", Opcode::Equal),
    ("!=", Opcode::NotEqual),
    ("&&", Opcode::LogicalAnd),
    ("||", Opcode::LogicalOr),
    ("^^", Opcode::LogicalXor),
    ("!", Opcode::LogicalNot),
];

/// How a `MathNode.method` is built: an opcode, or the nodes of its definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Method {
    /// The opcode, its operands `aNode`, `bNode`, `cNode` in three.js's order (which is the
    /// opcode's: `mix(a, b, t)`, `clamp(x, low, high)`, `smoothstep(low, high, x)`,
    /// `step(edge, x)`). `atan` with two operands is `atan2(y, x)`.
    Code(Opcode),
    /// `dFdx` or `dFdy`.
    Derivative(Axis),
    /// `abs(dFdx(a)) + abs(dFdy(a))`.
    Fwidth,
    /// `abs(a - b)`.
    Difference,
}

/// `MathNode.method` and how it is built; three.js's other methods (`sinh`, `transpose`,
/// `transformDirection`, ...) are refused by name.
const METHODS: [(&str, Method); 44] = [
    ("radians", Method::Code(Opcode::Radians)),
    ("degrees", Method::Code(Opcode::Degrees)),
    ("exp", Method::Code(Opcode::Exp)),
    ("exp2", Method::Code(Opcode::Exp2)),
    ("log", Method::Code(Opcode::Log)),
    ("log2", Method::Code(Opcode::Log2)),
    ("sqrt", Method::Code(Opcode::Sqrt)),
    ("inversesqrt", Method::Code(Opcode::InverseSqrt)),
    ("floor", Method::Code(Opcode::Floor)),
    ("ceil", Method::Code(Opcode::Ceil)),
    ("normalize", Method::Code(Opcode::Normalize)),
    ("fract", Method::Code(Opcode::Fract)),
    ("sin", Method::Code(Opcode::Sin)),
    ("cos", Method::Code(Opcode::Cos)),
    ("tan", Method::Code(Opcode::Tan)),
    ("asin", Method::Code(Opcode::Asin)),
    ("acos", Method::Code(Opcode::Acos)),
    ("atan", Method::Code(Opcode::Atan)),
    ("abs", Method::Code(Opcode::Abs)),
    ("sign", Method::Code(Opcode::Sign)),
    ("length", Method::Code(Opcode::Length)),
    ("negate", Method::Code(Opcode::Negate)),
    ("oneMinus", Method::Code(Opcode::OneMinus)),
    ("round", Method::Code(Opcode::Round)),
    ("reciprocal", Method::Code(Opcode::Reciprocal)),
    ("trunc", Method::Code(Opcode::Trunc)),
    ("equals", Method::Code(Opcode::Equal)),
    ("min", Method::Code(Opcode::Min)),
    ("max", Method::Code(Opcode::Max)),
    ("step", Method::Code(Opcode::Step)),
    ("reflect", Method::Code(Opcode::Reflect)),
    ("distance", Method::Code(Opcode::Distance)),
    ("dot", Method::Code(Opcode::Dot)),
    ("cross", Method::Code(Opcode::Cross)),
    ("pow", Method::Code(Opcode::Pow)),
    ("mix", Method::Code(Opcode::Mix)),
    ("clamp", Method::Code(Opcode::Clamp)),
    ("refract", Method::Code(Opcode::Refract)),
    ("smoothstep", Method::Code(Opcode::Smoothstep)),
    ("faceforward", Method::Code(Opcode::Faceforward)),
    ("dFdx", Method::Derivative(Axis::X)),
    ("dFdy", Method::Derivative(Axis::Y)),
    ("fwidth", Method::Fwidth),
    ("difference", Method::Difference),
];

/// The inputs of a `TextureNode` or `CubeTextureNode` that this port's texture read has no form
/// for; each refused by name when present, before the node's other inputs are looked at. (A
/// `TextureNode`'s `depthNode` reads a 2D array texture's layer; a cube's is refused.)
const TEXTURE_REFUSED: [(&str, &str); 6] = [
    ("biasNode", "a bias"),
    ("compareNode", "a depth comparison"),
    ("gradNode", "explicit gradients"),
    ("gatherNode", "a gather"),
    ("offsetNode", "a texel offset"),
    ("levelNode", "an explicit level"),
];

/// The type names of three.js's JSON that are float vectors and matrices here.
const TYPES: [(&str, ValueType); 7] = [
    ("float", ValueType::Float),
    ("vec2", ValueType::Vec2),
    ("vec3", ValueType::Vec3),
    ("color", ValueType::Vec3),
    ("vec4", ValueType::Vec4),
    ("mat3", ValueType::Mat3),
    ("mat4", ValueType::Mat4),
];

fn type_named(name: &str, at: &str) -> Result<ValueType, JsonError> {
    TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, t)| *t)
        .ok_or_else(|| field(at, &format!("the type '{name}' has no node here")))
}

impl Class {
    /// The class of a node entry, or the refusal of its `type`: a bodiless `Node` (three.js
    /// writes each TSL function so, and cannot build it again) or a class not in the table.
    pub(super) fn of(entry: &Map<String, Value>, uuid: &str) -> Result<Class, JsonError> {
        let ty = entry.get("type").and_then(Value::as_str).unwrap_or("");
        if ty == "Node" {
            return Err(field(
                &format!("node '{uuid}'"),
                "is a Node with no class of its own: three.js writes a TSL function (positionWorld, \
                 normalWorld, cameraPosition, ...) so, and no loader can build it again",
            ));
        }
        CLASSES
            .iter()
            .find(|(name, _)| *name == ty)
            .map(|(_, c)| *c)
            .ok_or_else(|| {
                field(
                    &format!("node '{uuid}'"),
                    &format!("the node class '{ty}' is not one this loader reads"),
                )
            })
    }

    /// The class's name in three.js.
    pub(super) fn name(self) -> &'static str {
        CLASSES
            .iter()
            .find(|(_, c)| *c == self)
            .map_or("", |(name, _)| *name)
    }

    /// The uuids of the inputs the class reads, each with its property, in order; refuses a
    /// texture node's inputs that have no form here.
    pub(super) fn inputs<'a>(
        self,
        entry: &'a Map<String, Value>,
        at: &str,
    ) -> Result<Vec<(String, &'a str)>, JsonError> {
        let inputs = entry.get("inputNodes").and_then(Value::as_object);
        let one = |property: &str| -> Result<Option<(String, &'a str)>, JsonError> {
            match inputs.and_then(|i| i.get(property)) {
                None | Some(Value::Null) => Ok(None),
                Some(v) => v
                    .as_str()
                    .map(|s| Some((property.to_string(), s)))
                    .ok_or_else(|| {
                        field(
                            &format!("{at}.inputNodes.{property}"),
                            "is not a node's uuid",
                        )
                    }),
            }
        };
        let mut out = Vec::new();
        match self {
            Class::Const
            | Class::Uniform
            | Class::Attribute
            | Class::VertexColor
            | Class::FrontFacing => {}
            Class::Operator | Class::Math => {
                for p in ["aNode", "bNode", "cNode"] {
                    out.extend(one(p)?);
                }
            }
            Class::Split | Class::Convert | Class::Var | Class::Varying | Class::SubBuild => {
                out.extend(one("node")?);
            }
            Class::Conditional => {
                for p in ["condNode", "ifNode", "elseNode"] {
                    out.extend(one(p)?);
                }
            }
            Class::Join => {
                let list = inputs
                    .and_then(|i| i.get("nodes"))
                    .and_then(Value::as_array)
                    .ok_or_else(|| {
                        field(&format!("{at}.inputNodes.nodes"), "is not a list of uuids")
                    })?;
                for (k, v) in list.iter().enumerate() {
                    let s = v.as_str().ok_or_else(|| {
                        field(
                            &format!("{at}.inputNodes.nodes[{k}]"),
                            "is not a node's uuid",
                        )
                    })?;
                    out.push((format!("nodes[{k}]"), s));
                }
            }
            Class::Texture | Class::CubeTexture => {
                let cube = [("depthNode", "a cube array's layer (depth)")];
                let refused = TEXTURE_REFUSED
                    .iter()
                    .chain(cube.iter().filter(|_| self == Class::CubeTexture));
                for (property, what) in refused {
                    if inputs.is_some_and(|i| i.get(*property).is_some_and(|v| !v.is_null())) {
                        return Err(field(
                            &format!("{at}.inputNodes.{property}"),
                            &format!("a texture read with {what} has no form here"),
                        ));
                    }
                }
                out.extend(one("uvNode")?);
                out.extend(one("depthNode")?);
            }
        }
        Ok(out)
    }

    /// Build the node from its entry; its inputs are built.
    pub(super) fn build(
        self,
        loader: &mut NodeLoader,
        entry: &Map<String, Value>,
        at: &str,
    ) -> Result<NodeRef, JsonError> {
        let g = &loader.graph;
        let text = |name: &str| -> Result<&str, JsonError> {
            entry
                .get(name)
                .and_then(Value::as_str)
                .ok_or_else(|| field(&format!("{at}.{name}"), "is not a string"))
        };
        let has = |p: &str| {
            entry
                .get("inputNodes")
                .and_then(|i| i.get(p))
                .is_some_and(|v| !v.is_null())
        };
        Ok(match self {
            Class::Const => {
                let (ty, value) = input_value(entry, at)?;
                let node = match value {
                    UniformValue::Float(x) => g.float(x),
                    UniformValue::Vec2(v) => g.vec2(v.x, v.y),
                    UniformValue::Vec3(v) => g.vec3(v.x, v.y, v.z),
                    UniformValue::Vec4(v) => g.vec4(v.x, v.y, v.z, v.w),
                    UniformValue::Mat3(m) => {
                        g.matrix(&m.to_cols_array_2d().map(|[x, y, z]| g.vec3(x, y, z)))
                    }
                    UniformValue::Mat4(m) => {
                        g.matrix(&m.to_cols_array_2d().map(|[x, y, z, w]| g.vec4(x, y, z, w)))
                    }
                    _ => return Err(field(&format!("{at}.value"), "has no constant here")),
                };
                convert(g, node, ty)
            }
            Class::Uniform => {
                let (ty, value) = input_value(entry, at)?;
                let uuid = text("uuid")?;
                let node = g.named_uniform(uuid, value);
                convert(g, node, ty)
            }
            Class::Operator => {
                let op = text("op")?;
                let code = OPERATORS
                    .iter()
                    .find(|(o, _)| *o == op)
                    .map(|(_, c)| *c)
                    .ok_or_else(|| {
                        field(
                            &format!("{at}.op"),
                            &format!("the operator '{op}' has no node here"),
                        )
                    })?;
                let a = loader.input(entry, "aNode", at)?;
                if code == Opcode::LogicalNot {
                    g.math(code, &[a])
                } else {
                    let b = loader.input(entry, "bNode", at)?;
                    g.math(code, &widen(g, &[a, b]))
                }
            }
            Class::Math => {
                let method = text("method")?;
                let how = METHODS
                    .iter()
                    .find(|(m, _)| *m == method)
                    .map(|(_, c)| *c)
                    .ok_or_else(|| {
                        field(
                            &format!("{at}.method"),
                            &format!("the method '{method}' has no node here"),
                        )
                    })?;
                let a = loader.input(entry, "aNode", at)?;
                match how {
                    Method::Derivative(Axis::X) => g.dfdx(a),
                    Method::Derivative(Axis::Y) => g.dfdy(a),
                    Method::Fwidth => g.fwidth(a),
                    Method::Difference => g.abs(g.sub(a, loader.input(entry, "bNode", at)?)),
                    Method::Code(Opcode::Atan) if has("bNode") => {
                        g.atan2(a, loader.input(entry, "bNode", at)?)
                    }
                    Method::Code(code) => {
                        let mut operands = vec![a];
                        for p in ["bNode", "cNode"]
                            .iter()
                            .take(code.arity().saturating_sub(1))
                        {
                            operands.push(loader.input(entry, p, at)?);
                        }
                        g.math(code, &widen(g, &operands))
                    }
                }
            }
            Class::Split => g.swizzle(loader.input(entry, "node", at)?, text("components")?),
            Class::Join => {
                let parts = self
                    .inputs(entry, at)?
                    .into_iter()
                    .map(|(property, key)| {
                        loader.built.get(key).copied().ok_or_else(|| {
                            field(&format!("{at}.inputNodes.{property}"), "was not built")
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                g.join(&parts)
            }
            Class::Convert => {
                let to = text("convertTo")?;
                let ty = type_named(to, &format!("{at}.convertTo"))?;
                convert(g, loader.input(entry, "node", at)?, ty)
            }
            Class::Attribute => {
                let name = text("_attributeName")?;
                match name {
                    "uv" => g.uv(),
                    "position" => g.position_local(),
                    "normal" => g.normal_local(),
                    "color" => g.attribute(tsl_core::Attribute::VertexColor),
                    _ => {
                        let ty = loader.attributes.get(name).copied().ok_or_else(|| {
                            field(
                                &format!("{at}._attributeName"),
                                &format!(
                                    "the custom attribute '{name}' has no declared type: three.js \
                                     does not write it; declare it with NodeLoader::set_attribute"
                                ),
                            )
                        })?;
                        g.named_attribute(name, ty)
                    }
                }
            }
            Class::VertexColor => match entry.get("index").and_then(Value::as_u64) {
                None | Some(0) => g.vertex_color(),
                Some(k) => {
                    return Err(field(
                        &format!("{at}.index"),
                        &format!("vertex colour set {k} has no node here"),
                    ))
                }
            },
            Class::Texture => {
                let texture = text("value")
                    .map_err(|_| field(&format!("{at}.value"), "is not a texture's uuid"))?
                    .to_string();
                let uuid = text("uuid")?.to_string();
                let uv = if has("uvNode") {
                    loader.input(entry, "uvNode", at)?
                } else {
                    g.uv()
                };
                let transformed = entry.get("updateMatrix").and_then(Value::as_bool) == Some(true);
                let matrix = transformed.then(|| format!("{uuid}.matrix"));
                let uv = match &matrix {
                    // three.js's `getTransformedUV`: `(texture.matrix * vec3(uv, 1)).xy`.
                    Some(name) => {
                        let m = g.named_uniform(name, Mat3::IDENTITY);
                        g.swizzle(g.mul(m, g.join(&[uv, g.float(1.0)])), "xy")
                    }
                    None => uv,
                };
                let map = g.texture_uniform(&uuid, NO_TEXTURE);
                let (kind, node) = if has("depthNode") {
                    let layer = loader.input(entry, "depthNode", at)?;
                    (NodeTextureKind::Layers, g.texture_layer(map, uv, layer))
                } else {
                    (NodeTextureKind::Texture, g.texture(map, uv))
                };
                loader.textures.push(NodeTexture {
                    kind,
                    uniform: uuid,
                    texture,
                    matrix,
                });
                node
            }
            Class::CubeTexture => {
                let texture = text("value")
                    .map_err(|_| field(&format!("{at}.value"), "is not a texture's uuid"))?
                    .to_string();
                let uuid = text("uuid")?.to_string();
                // three's default direction for CubeReflectionMapping, which the JSON does not
                // write (r187's `CubeTextureNode.getDefaultUV`).
                let direction = if has("uvNode") {
                    loader.input(entry, "uvNode", at)?
                } else {
                    g.reflect_vector()
                };
                let map = g.uniform_cube_texture(&uuid, NO_TEXTURE);
                let node = g.cube_texture(map, direction);
                loader.textures.push(NodeTexture {
                    kind: NodeTextureKind::Cube,
                    uniform: uuid,
                    texture,
                    matrix: None,
                });
                node
            }
            Class::Var | Class::SubBuild => loader.input(entry, "node", at)?,
            Class::Varying => {
                let node = loader.input(entry, "node", at)?;
                // An attribute is already interpolated at the fragment (and is itself in a
                // position node); anything else is computed at the corners.
                let is_attribute = g
                    .parts()
                    .nodes
                    .get(node.index())
                    .is_some_and(|n| matches!(n.op, tsl_core::Op::Attribute(_)));
                if is_attribute {
                    node
                } else {
                    g.varying(node)
                }
            }
            Class::Conditional => {
                let c = loader.input(entry, "condNode", at)?;
                let a = loader.input(entry, "ifNode", at)?;
                let b = loader.input(entry, "elseNode", at)?;
                g.select(c, a, b)
            }
            Class::FrontFacing => g.front_facing(),
        })
    }
}

/// The value and type of a `ConstNode` or `UniformNode`: `value` (a number, or an array of a
/// vector's, colour's or matrix's floats, column-major as three.js's `toArray`), `valueType`,
/// and `nodeType` where three.js set one (the node's type, which the value converts to).
fn input_value(
    entry: &Map<String, Value>,
    at: &str,
) -> Result<(ValueType, UniformValue), JsonError> {
    let value_type = entry.get("valueType").and_then(Value::as_str).unwrap_or("");
    let from = type_named(value_type, &format!("{at}.valueType"))?;
    let to = match entry.get("nodeType").and_then(Value::as_str) {
        None => from,
        Some(name) => type_named(name, &format!("{at}.nodeType"))?,
    };
    let bad = || {
        field(
            &format!("{at}.value"),
            &format!("is not a {value_type} of finite numbers"),
        )
    };
    let v = entry.get("value").ok_or_else(bad)?;
    let floats: Vec<f32> = match v {
        Value::Number(n) => vec![n.as_f64().ok_or_else(bad)? as f32],
        Value::Array(a) if a.len() <= 16 => a
            .iter()
            .map(|x| x.as_f64().map(|x| x as f32).ok_or_else(bad))
            .collect::<Result<_, _>>()?,
        _ => return Err(bad()),
    };
    if floats.iter().any(|x| !x.is_finite()) {
        return Err(bad());
    }
    let width = match from {
        ValueType::Mat3 => 9,
        ValueType::Mat4 => 16,
        t => t.width().unwrap_or(0),
    };
    if floats.len() != width {
        return Err(bad());
    }
    let value = match from {
        ValueType::Float => UniformValue::Float(floats[0]),
        ValueType::Vec2 => UniformValue::Vec2(Vec2::from_slice(&floats)),
        ValueType::Vec3 => UniformValue::Vec3(Vec3::from_slice(&floats)),
        ValueType::Vec4 => UniformValue::Vec4(Vec4::from_slice(&floats)),
        ValueType::Mat3 => UniformValue::Mat3(Mat3::from_cols_slice(&floats)),
        _ => UniformValue::Mat4(Mat4::from_cols_slice(&floats)),
    };
    Ok((to, value))
}

/// The operands of an operator or a math method as three.js builds them: each vector as wide as
/// the widest (`OperatorNode` and `MathNode` build every input as the longest input's type, so
/// `mix(vec4, vec3, t)` reads the vec3 as `vec4(v, 1)`). A float stays a float: the graph repeats
/// it into every component, which is three.js's conversion of a float. Operands with a matrix
/// are left as they are (the graph's type rules take a matrix times a vector).
fn widen(g: &NodeGraph, operands: &[NodeRef]) -> Vec<NodeRef> {
    let types: Vec<_> = operands.iter().map(|&n| g.type_of(n)).collect();
    let any_matrix = types
        .iter()
        .any(|t| matches!(t, Some(ValueType::Mat3 | ValueType::Mat4)));
    let widest = types.iter().filter_map(|t| t.and_then(vector_width)).max();
    match (any_matrix, widest.and_then(ValueType::vector)) {
        (false, Some(to)) if widest > Some(1) => operands
            .iter()
            .zip(&types)
            .map(|(&n, t)| match t.and_then(vector_width) {
                Some(w) if w > 1 => convert(g, n, to),
                _ => n,
            })
            .collect(),
        _ => operands.to_vec(),
    }
}

/// `node` as type `to`, as three.js's `NodeBuilder.format` converts: a float is repeated, a
/// wider vector keeps its first components, a vec2 gains a zero, and a vec2 or vec3 becomes a
/// vec4 with alpha 1. Matrices are left as they are.
pub(super) fn convert(g: &NodeGraph, node: NodeRef, to: ValueType) -> NodeRef {
    let Some(from) = g.type_of(node) else {
        return node;
    };
    let (Some(fw), Some(tw)) = (vector_width(from), vector_width(to)) else {
        return node;
    };
    if fw == tw {
        node
    } else if fw > tw {
        g.swizzle(node, &"xyzw"[..tw])
    } else if fw == 1 {
        g.swizzle(node, &"xxxx"[..tw])
    } else if tw == 4 {
        g.join(&[convert(g, node, ValueType::Vec3), g.float(1.0)])
    } else {
        g.join(&[node, g.float(0.0)])
    }
}

fn vector_width(ty: ValueType) -> Option<usize> {
    matches!(
        ty,
        ValueType::Float | ValueType::Vec2 | ValueType::Vec3 | ValueType::Vec4
    )
    .then(|| ty.width())
    .flatten()
}
