//! three.js's node JSON (docs/node_json.md; R-JSON-3 in docs/requirements.md): the graph that r187's `Node.toJSON()` and
//! `NodeMaterial.toJSON()` write, read into a [`NodeGraph`] as three.js's `NodeLoader`,
//! `NodeMaterialLoader` and `NodeObjectLoader` read it.
//!
//! This is not [`read_object_json`](super::read_object_json)'s own program format (a compiled
//! program in a material's `nodes` object, docs/json.md): three.js writes each node with its
//! class and the uuids of the nodes it reads, and this module builds the graph again from them.
//!
//! The walk is iterative (an explicit stack, not recursion), builds each node once however many
//! nodes read it, builds only what an output reads, and refuses a cycle and a uuid that no node
//! has, so a deep or hostile document cannot overflow the stack.

mod classes;
mod material;

pub use classes::node_json_type_names;
pub(crate) use material::{node_material_kind, read_outputs};
pub use material::{read_node_material, read_node_material_with, NodeMaterialRead};

use serde_json::{Map, Value};
use std::collections::{HashMap, HashSet};
use tsl_core::{JsonError, NodeGraph, NodeRef, ValueType, MAX_GRAPH_NODES};

/// The most entries a document's node lists may hold together: a graph holds no more nodes
/// ([`MAX_GRAPH_NODES`]), and a longer list is refused before it is indexed.
pub const MAX_JSON_NODES: usize = MAX_GRAPH_NODES;

/// What a texture node of the graph reads (R-CUBE-3, docs/requirements.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeTextureKind {
    /// A 2D texture (`TextureNode`): its uniform names a texture of `assets.textures`.
    Texture,
    /// A cube texture (`CubeTextureNode`): its uniform names a cube of `assets.volumes`.
    Cube,
    /// A 2D array texture's layer (`TextureNode` with a `depthNode`): its uniform names layers
    /// of `assets.volumes`.
    Layers,
}

/// A texture node of the graph: the texture uniform it reads and what fills it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeTexture {
    /// What it reads: a 2D texture, a cube or layers.
    pub kind: NodeTextureKind,
    /// The texture uniform's name (`NodeProgram::set_texture`): the texture node's uuid.
    pub uniform: String,
    /// The uuid of the texture three.js's node reads (the document's `textures` entry).
    pub texture: String,
    /// The mat3 uniform of the texture's uv transform, `<node uuid>.matrix`, when the node reads
    /// its coordinate through the transform (three.js's `updateMatrix`); `None` otherwise.
    /// The object loader sets it from the texture's offset, repeat, rotation and center.
    pub matrix: Option<String>,
}

/// The node entries of a document by uuid, three.js's `NodeLoader.parseNodes` index: built
/// by [`NodeLoader::parse_nodes`], read by [`NodeLoader::node`].
#[derive(Clone, Debug, Default)]
pub struct NodeList<'a> {
    entries: HashMap<&'a str, &'a Map<String, Value>>,
}

impl<'a> NodeList<'a> {
    /// How many nodes the list holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the list holds no node.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Add the entries of `list` (a JSON array of nodes, or absent), `at` naming it in errors.
    /// Refuses a list that is not an array, an entry that is not an object or has no string
    /// `uuid`, a uuid given twice, and more than [`MAX_JSON_NODES`] entries in all.
    pub fn add(&mut self, list: Option<&'a Value>, at: &str) -> Result<(), JsonError> {
        let Some(list) = list else { return Ok(()) };
        let list = list
            .as_array()
            .ok_or_else(|| field(at, "is not an array of nodes"))?;
        if self.entries.len() + list.len() > MAX_JSON_NODES {
            return Err(JsonError::TooLarge {
                what: "the document's node count",
                found: (self.entries.len() + list.len()) as u64,
                limit: MAX_JSON_NODES as u64,
            });
        }
        for (i, v) in list.iter().enumerate() {
            let item = format!("{at}[{i}]");
            let o = v
                .as_object()
                .ok_or_else(|| field(&item, "is not an object"))?;
            let key = o
                .get("uuid")
                .and_then(Value::as_str)
                .ok_or_else(|| field(&format!("{item}.uuid"), "is not a string"))?;
            if self.entries.insert(key, o).is_some() {
                return Err(field(
                    &format!("{item}.uuid"),
                    &format!("'{key}' is given twice"),
                ));
            }
        }
        Ok(())
    }

    fn get(&self, uuid: &str) -> Option<&'a Map<String, Value>> {
        self.entries.get(uuid).copied()
    }
}

/// three.js's `NodeLoader`: builds the nodes of node JSON into [`NodeLoader::graph`].
///
/// ```
/// use tsl_raster::json::NodeLoader;
/// let item: serde_json::Value = serde_json::from_str(r#"{
///     "uuid": "a", "type": "OperatorNode", "op": "*",
///     "inputNodes": { "aNode": "b", "bNode": "b" },
///     "nodes": [ { "uuid": "b", "type": "ConstNode", "value": 3, "valueType": "float" } ] }"#).unwrap();
/// let mut loader = NodeLoader::new();
/// let nine = loader.parse(&item).unwrap();
/// loader.graph.set_output(tsl_core::OPACITY_NODE, nine).unwrap();
/// let program = loader.graph.compile().unwrap();
/// let value = program.evaluate(tsl_core::OPACITY_NODE, &tsl_core::Fragment::default());
/// assert_eq!(value, Some(vec![9.0]));
/// ```
#[derive(Debug, Default)]
pub struct NodeLoader {
    /// The graph the nodes are built into.
    pub graph: NodeGraph,
    /// Each texture node built, in the order built.
    pub textures: Vec<NodeTexture>,
    attributes: HashMap<String, ValueType>,
    built: HashMap<String, NodeRef>,
}

impl NodeLoader {
    /// A loader with an empty graph.
    pub fn new() -> NodeLoader {
        NodeLoader::default()
    }

    /// Declare the type of the custom attribute `name`: three.js's JSON does not write an
    /// attribute's type, so an `AttributeNode` of a name that is not the geometry's own
    /// (`uv`, `position`, `normal`, `color`) is refused unless declared here.
    pub fn set_attribute(&mut self, name: &str, ty: ValueType) {
        self.attributes.insert(name.to_string(), ty);
    }

    /// `parseNodes`: index a list of nodes (what `toJSON` writes in `nodes`) by uuid.
    pub fn parse_nodes<'a>(&self, list: &'a Value) -> Result<NodeList<'a>, JsonError> {
        let mut nodes = NodeList::default();
        nodes.add(Some(list), "nodes")?;
        Ok(nodes)
    }

    /// `parse`: build what `Node.toJSON()` wrote, a node with the list of the nodes it reads in
    /// its `nodes`, and return the node's ref in [`NodeLoader::graph`].
    pub fn parse(&mut self, item: &Value) -> Result<NodeRef, JsonError> {
        let o = item
            .as_object()
            .ok_or_else(|| field("node", "is not an object"))?;
        let uuid = o
            .get("uuid")
            .and_then(Value::as_str)
            .ok_or_else(|| field("uuid", "is not a string"))?;
        let mut nodes = NodeList::default();
        nodes.add(o.get("nodes"), "nodes")?;
        if nodes.get(uuid).is_none() {
            nodes.entries.insert(uuid, o);
        }
        self.node(&nodes, uuid)
    }

    /// Build the node of `uuid` in `list` and every node it reads (each once: a node already
    /// built by this loader is reused), and return its ref. Refuses, naming the node: a uuid
    /// that no node of the list has, a cycle, a class that is not in
    /// [`node_json_type_names`], a bodiless `Node` (a TSL function), and each refusal of
    /// docs/node_json.md; and any type error of the graph, naming the node that made it.
    pub fn node(&mut self, list: &NodeList<'_>, uuid: &str) -> Result<NodeRef, JsonError> {
        if let Some(&node) = self.built.get(uuid) {
            return Ok(node);
        }
        // Depth-first with an explicit stack: an entry is first expanded (its class checked,
        // its inputs pushed), then built once its inputs are. The expanded, unbuilt entries are
        // always the path from the root to the entry on top, so meeting one again is a cycle.
        let mut stack: Vec<(String, bool, String)> = vec![(uuid.to_string(), false, "node".into())];
        let mut path: HashSet<String> = HashSet::new();
        while let Some((key, expanded, reader)) = stack.pop() {
            if self.built.contains_key(&key) {
                continue;
            }
            let entry = list
                .get(&key)
                .ok_or_else(|| field(&reader, &format!("no node has the uuid '{key}'")))?;
            let class = classes::Class::of(entry, &key)?;
            let at = format!("node '{key}' ({})", class.name());
            if expanded {
                path.remove(&key);
                let node = class.build(self, entry, &at)?;
                if let Some(e) = self.graph.error() {
                    return Err(field(&at, &e.to_string()));
                }
                self.built.insert(key, node);
                continue;
            }
            if !path.insert(key.clone()) {
                return Err(field(&at, "reads itself through its inputs (a cycle)"));
            }
            let inputs = class.inputs(entry, &at)?;
            stack.push((key.clone(), true, reader));
            for (property, input) in inputs.into_iter().rev() {
                if path.contains(input) {
                    return Err(field(
                        &format!("{at}.inputNodes.{property}"),
                        &format!("reads '{input}', which reads this node (a cycle)"),
                    ));
                }
                if !self.built.contains_key(input) {
                    stack.push((
                        input.to_string(),
                        false,
                        format!("{at}.inputNodes.{property}"),
                    ));
                }
            }
            if stack.len() > 4 * MAX_JSON_NODES {
                return Err(JsonError::TooLarge {
                    what: "the nodes waiting to be built",
                    found: stack.len() as u64,
                    limit: 4 * MAX_JSON_NODES as u64,
                });
            }
        }
        self.built
            .get(uuid)
            .copied()
            .ok_or_else(|| field("node", &format!("'{uuid}' was not built")))
    }

    /// The ref of an input that [`NodeLoader::node`] built before the node reading it.
    fn input(
        &self,
        entry: &Map<String, Value>,
        property: &str,
        at: &str,
    ) -> Result<NodeRef, JsonError> {
        let key = entry
            .get("inputNodes")
            .and_then(|i| i.get(property))
            .and_then(Value::as_str)
            .ok_or_else(|| {
                field(
                    &format!("{at}.inputNodes.{property}"),
                    "is not a node's uuid",
                )
            })?;
        self.built
            .get(key)
            .copied()
            .ok_or_else(|| field(&format!("{at}.inputNodes.{property}"), "was not built"))
    }
}

pub(super) fn field(at: &str, reason: &str) -> JsonError {
    JsonError::Field {
        at: at.to_string(),
        reason: reason.to_string(),
    }
}
