//! A node material's `inputNodes` as outputs (three.js's `NodeMaterialLoader`), and a material
//! that `NodeMaterial.toJSON()` wrote alone.

use super::classes::convert;
use super::{field, NodeList, NodeLoader, NodeTexture};
use crate::json::parse_bounded;
use crate::scene::MaterialKind;
use serde_json::{Map, Value};
use tsl_core::{JsonError, NodeGraph, NodeRef, Output, ValueType};

/// The node material classes and the kind each reads as: the class it extends.
const NODE_MATERIALS: [(&str, MaterialKind); 7] = [
    ("NodeMaterial", MaterialKind::Basic),
    ("MeshBasicNodeMaterial", MaterialKind::Basic),
    ("MeshLambertNodeMaterial", MaterialKind::Lambert),
    ("MeshPhongNodeMaterial", MaterialKind::Phong),
    ("MeshStandardNodeMaterial", MaterialKind::Standard),
    ("MeshPhysicalNodeMaterial", MaterialKind::Physical),
    ("MeshSSSNodeMaterial", MaterialKind::Physical),
];

/// The kind a node material class reads as, `None` for a class that is not a node material
/// this loader reads.
pub(crate) fn node_material_kind(ty: &str) -> Option<MaterialKind> {
    NODE_MATERIALS
        .iter()
        .find(|(name, _)| *name == ty)
        .map(|(_, k)| *k)
}

/// Each `inputNodes` property this port has an output for, by three.js's name.
const OUTPUTS: [(&str, Output); 24] = [
    ("colorNode", Output::Color),
    ("opacityNode", Output::Opacity),
    ("emissiveNode", Output::Emissive),
    ("normalNode", Output::Normal),
    ("positionNode", Output::Position),
    ("outputNode", Output::Output),
    ("maskNode", Output::Mask),
    ("aoNode", Output::Ao),
    ("depthNode", Output::Depth),
    ("receivedShadowNode", Output::ReceivedShadow),
    ("castShadowNode", Output::CastShadow),
    ("thicknessColorNode", Output::ThicknessColor),
    ("thicknessDistortionNode", Output::ThicknessDistortion),
    ("thicknessAmbientNode", Output::ThicknessAmbient),
    ("thicknessAttenuationNode", Output::ThicknessAttenuation),
    ("thicknessPowerNode", Output::ThicknessPower),
    ("thicknessScaleNode", Output::ThicknessScale),
    ("roughnessNode", Output::Roughness),
    ("metalnessNode", Output::Metalness),
    ("backdropNode", Output::Backdrop),
    ("backdropAlphaNode", Output::BackdropAlpha),
    ("sizeNode", Output::Size),
    ("scatteringNode", Output::Scattering),
    ("alphaTestNode", Output::AlphaTest),
];

/// Build each property of a material's `inputNodes` (`at` names the material) from `list` and
/// set it as its output, converted as three.js converts it (docs/node_json.md): the type of the
/// output; a normal in view space to an offset from the world normal; a local position to an
/// offset from it. Refuses a property with no output here, naming it.
pub(crate) fn read_outputs(
    loader: &mut NodeLoader,
    list: &NodeList<'_>,
    inputs: &Map<String, Value>,
    at: &str,
) -> Result<(), JsonError> {
    for (property, uuid) in inputs {
        let here = format!("{at}.inputNodes.{property}");
        let output = OUTPUTS
            .iter()
            .find(|(name, _)| name == property)
            .map(|(_, o)| *o)
            .ok_or_else(|| field(&here, &format!("'{property}' has no output here")))?;
        let uuid = uuid
            .as_str()
            .ok_or_else(|| field(&here, "is not a node's uuid"))?;
        let node = loader.node(list, uuid)?;
        let node = as_output(&loader.graph, node, output);
        loader
            .graph
            .set_output(output, node)
            .map_err(|e| field(&here, &e.to_string()))?;
    }
    Ok(())
}

/// `node` as three.js's material reads it for `output`, in this port's terms.
fn as_output(g: &NodeGraph, node: NodeRef, output: Output) -> NodeRef {
    let ty = g.type_of(node);
    match output {
        // `vec4(colorNode)`: a float or a vec4 is taken as it is (its alpha multiplies the
        // opacity, R-OUT-11); a vec2 gains a zero blue.
        Output::Color if ty.is_some_and(|t| output.accepts(t)) => node,
        Output::Output if ty.is_some_and(|t| output.accepts(t)) => node,
        Output::Output => convert(g, node, ValueType::Vec4),
        // three.js's normalNode is the view-space normal; this port's is an offset added to
        // the world normal: `(vec4(n, 0) * viewMatrix).xyz` is the inverse rotation of a
        // rigid view, and the renderer makes the sum unit length again.
        Output::Normal => {
            let n = g.join(&[convert(g, node, ValueType::Vec3), g.float(0.0)]);
            let world = g.swizzle(g.mul(n, g.camera_view_matrix()), "xyz");
            g.sub(world, g.normal_world())
        }
        // three.js's positionNode replaces the local position; this port's is an offset.
        Output::Position => g.sub(convert(g, node, ValueType::Vec3), g.position_local()),
        _ => convert(g, node, output.value_type()),
    }
}

/// What [`read_node_material`] read: the graph of the material's outputs and its texture
/// slots, and the kind the material reads as.
#[derive(Debug)]
pub struct NodeMaterialRead {
    /// The graph, each of the material's `inputNodes` set as its output.
    pub graph: NodeGraph,
    /// The texture nodes: fill each uniform with the texture of its uuid.
    pub textures: Vec<NodeTexture>,
    /// The kind the class extends (`MeshStandardNodeMaterial` reads as STANDARD, `NodeMaterial`
    /// as BASIC).
    pub kind: MaterialKind,
}

/// Read a material that three.js's `NodeMaterial.toJSON()` wrote alone: its `inputNodes` as
/// outputs of a graph, from its own `nodes` list (docs/node_json.md).
///
/// Refuses, with a [`JsonError`] naming the field or the node: text longer than
/// [`MAX_OBJECT_JSON_BYTES`](crate::json::MAX_OBJECT_JSON_BYTES), text that is not JSON, a `type` that is not a node material class
/// this loader reads, and every refusal of [`NodeLoader::node`] and of the outputs. Never
/// panics.
pub fn read_node_material(text: &str) -> Result<NodeMaterialRead, JsonError> {
    read_node_material_with(text, NodeLoader::new())
}

/// [`read_node_material`] with a loader of the caller's (custom attributes declared with
/// [`NodeLoader::set_attribute`]).
pub fn read_node_material_with(
    text: &str,
    mut loader: NodeLoader,
) -> Result<NodeMaterialRead, JsonError> {
    let document = parse_bounded(text)?;
    let root = document
        .as_object()
        .ok_or_else(|| field("material", "is not an object"))?;
    let ty = root.get("type").and_then(Value::as_str).unwrap_or("");
    let kind = node_material_kind(ty).ok_or_else(|| {
        field(
            "type",
            &format!("'{ty}' is not a node material class this loader reads"),
        )
    })?;
    let mut list = NodeList::default();
    list.add(root.get("nodes"), "material.nodes")?;
    if let Some(inputs) = root.get("inputNodes") {
        let inputs = inputs
            .as_object()
            .ok_or_else(|| field("material.inputNodes", "is not an object"))?;
        read_outputs(&mut loader, &list, inputs, "material")?;
    }
    Ok(NodeMaterialRead {
        graph: loader.graph,
        textures: loader.textures,
        kind,
    })
}
