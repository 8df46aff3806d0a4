//! The node graphs of a document compiled into one [`NodeGraph`] per material: connections
//! (`nodename`, `nodegraph`, `interfacename`, `output`, `channels`) followed with a memo, a
//! cycle check and a depth limit, values parsed by their MaterialX type, and images read into
//! textures.

use super::{describe, over, MaterialxError, MaterialxLimits};
use crate::assets::Assets;
use crate::store::MaterialId;
use crate::texture::{ColorSpace, Texture, Wrap};
use roxmltree::{Node, NodeId};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use tsl_core::{NodeGraph, NodeProgram, NodeRef, TextureId};

/// The materials of a document and their programs, kept aside until the whole document loads.
#[derive(Default)]
pub(super) struct Made {
    pub materials: Vec<(String, super::surface::Built)>,
}

impl Made {
    /// Each material and its program added to `assets`, by name.
    pub fn commit(self, assets: &mut Assets) -> Vec<(String, MaterialId)> {
        self.materials
            .into_iter()
            .map(|(name, (mut material, program))| {
                if let Some(program) = program {
                    material.nodes = Some(assets.programs.add(program));
                }
                (name, assets.materials.add(material))
            })
            .collect()
    }
}

/// A compiled value and its width: 1 for a float, integer or boolean, 2 to 4 for a vector or
/// colour.
#[derive(Clone, Copy, Debug)]
pub(super) struct Val {
    pub node: NodeRef,
    pub width: u8,
}

/// The width of a MaterialX type that holds numbers; `None` for any other.
pub(super) fn type_width(ty: &str) -> Option<u8> {
    match ty {
        "float" | "integer" | "boolean" => Some(1),
        "vector2" => Some(2),
        "vector3" | "color3" => Some(3),
        "vector4" | "color4" => Some(4),
        _ => None,
    }
}

/// The numbers of a value as its type writes them: `"0.8, 0.8, 0.8"`, `"3"`, `"true"`.
pub(super) fn parse_numbers(text: &str, ty: &str) -> Option<Vec<f32>> {
    let width = usize::from(type_width(ty)?);
    if ty == "boolean" {
        return match text.trim() {
            "true" => Some(vec![1.0]),
            "false" => Some(vec![0.0]),
            _ => None,
        };
    }
    let numbers = text
        .split(',')
        .map(|s| s.trim().parse::<f32>().ok().filter(|v| v.is_finite()))
        .collect::<Option<Vec<f32>>>()?;
    (numbers.len() == width).then_some(numbers)
}

/// The numbers of an element's `value`, parsed by its `type` (`default_type` where it has
/// none); `None` when it has no value.
pub(super) fn element_value(
    el: Node,
    default_type: &str,
) -> Result<Option<Vec<f32>>, MaterialxError> {
    let Some(text) = el.attribute("value") else {
        return Ok(None);
    };
    let ty = el.attribute("type").unwrap_or(default_type);
    parse_numbers(text, ty).map(Some).ok_or_else(|| {
        MaterialxError::Parse(format!(
            "{} has the value \"{text}\", which is not a {ty}",
            describe(el)
        ))
    })
}

/// The document-wide state of a load: the elements by scope and name, the images read so far.
pub(super) struct Context<'a, 'd> {
    pub doc: &'a roxmltree::Document<'d>,
    base: Option<&'a Path>,
    pub limits: &'a MaterialxLimits,
    assets: &'a mut Assets,
    /// The named elements of the document and of each nodegraph, by (scope, name).
    names: HashMap<(NodeId, &'a str), Node<'a, 'd>>,
    /// The image bytes read so far, against `limits.image_bytes` each.
    textures: HashMap<PathBuf, TextureId>,
}

impl<'a, 'd> Context<'a, 'd> {
    pub fn new(
        doc: &'a roxmltree::Document<'d>,
        base: Option<&'a Path>,
        limits: &'a MaterialxLimits,
        assets: &'a mut Assets,
    ) -> Context<'a, 'd> {
        let mut names = HashMap::new();
        let root = doc.root_element();
        let scopes = std::iter::once(root).chain(
            root.children()
                .filter(|n| n.is_element() && n.tag_name().name() == "nodegraph"),
        );
        for scope in scopes {
            for child in scope.children().filter(Node::is_element) {
                if let Some(name) = child.attribute("name") {
                    // The first of two elements of one name wins, as a document lookup does.
                    names.entry((scope.id(), name)).or_insert(child);
                }
            }
        }
        Context {
            doc,
            base,
            limits,
            assets,
            names,
            textures: HashMap::new(),
        }
    }

    /// The element named `name` in `scope` (the document or a nodegraph).
    pub fn named(&self, scope: Node<'a, 'd>, name: &str) -> Option<Node<'a, 'd>> {
        self.names.get(&(scope.id(), name)).copied()
    }

    /// The texture of the image at `file` (after the document's folder), read once per path:
    /// linear bytes, repeating, rows from the top at v = 0 as three's loader keeps them.
    fn texture(&mut self, file: &str, at: Node) -> Result<TextureId, MaterialxError> {
        let Some(base) = self.base else {
            return Err(MaterialxError::Unsupported(format!(
                "{} reads the image {file}, and the document was read without a folder",
                describe(at)
            )));
        };
        // Relative paths only (`..` is common in `fileprefix`): not a drive, a root or a URL.
        if Path::new(file).has_root() || Path::new(file).is_absolute() || file.contains(':') {
            return Err(MaterialxError::Unsupported(format!(
                "{} reads the image {file}; only a path relative to the document is read",
                describe(at)
            )));
        }
        let path = base.join(file);
        if let Some(&id) = self.textures.get(&path) {
            return Ok(id);
        }
        let io = |source| MaterialxError::Io {
            path: path.clone(),
            source,
        };
        let size = std::fs::metadata(&path).map_err(io)?.len();
        over(
            "an image's size in bytes",
            usize::try_from(size).unwrap_or(usize::MAX),
            self.limits.image_bytes,
        )?;
        let bytes = std::fs::read(&path).map_err(io)?;
        let fail = |reason: String| MaterialxError::Image {
            path: path.clone(),
            reason,
        };
        let limits = &self.limits.images;
        let mut texture = if bytes.starts_with(b"\x89PNG") {
            Texture::from_png_with_limits(&bytes, ColorSpace::Linear, limits)?
        } else if bytes.starts_with(&[0xff, 0xd8]) {
            let image = crate::texture::jpeg::decode_jpeg(&bytes, limits).map_err(fail)?;
            Texture::try_new(image, ColorSpace::Linear, limits)?
        } else {
            return Err(fail("is neither a PNG nor a JPEG".into()));
        };
        texture.wrap_s = Wrap::Repeat;
        texture.wrap_t = Wrap::Repeat;
        texture.flip_y = false;
        let id = self.assets.textures.add(texture);
        self.textures.insert(path, id);
        Ok(id)
    }
}

/// One material's program being built: the graph, the values compiled so far, and the chain
/// being followed (for cycles and depth).
pub(super) struct Compiler<'c, 'a, 'd> {
    pub cx: &'c mut Context<'a, 'd>,
    /// Shared, so that a library function can hold the graph while it reads its inputs.
    pub g: Rc<NodeGraph>,
    memo: HashMap<(NodeId, Option<String>), Val>,
    visiting: HashSet<NodeId>,
    depth: usize,
}

impl<'c, 'a, 'd> Compiler<'c, 'a, 'd> {
    pub fn new(cx: &'c mut Context<'a, 'd>) -> Self {
        Compiler {
            cx,
            g: Rc::new(NodeGraph::new()),
            memo: HashMap::new(),
            visiting: HashSet::new(),
            depth: 0,
        }
    }

    /// The scope an element's connections are looked up in: its nodegraph, or the document.
    pub fn scope_of(&self, node: Node<'a, 'd>) -> Node<'a, 'd> {
        node.parent_element()
            .filter(|p| p.tag_name().name() == "nodegraph")
            .unwrap_or_else(|| self.cx.doc.root_element())
    }

    /// The value of `node`'s output `output` (`None`: its only output), compiled once.
    pub fn node_output(
        &mut self,
        node: Node<'a, 'd>,
        output: Option<&str>,
    ) -> Result<Val, MaterialxError> {
        let key = (node.id(), output.map(str::to_string));
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let v = self.guarded(node, |c| super::library::build(c, node, output))?;
        self.memo.insert(key, v);
        Ok(v)
    }

    /// The child `<input name="…">` of `node`.
    pub fn input_element(node: Node<'a, 'd>, name: &str) -> Option<Node<'a, 'd>> {
        node.children()
            .find(|c| c.tag_name().name() == "input" && c.attribute("name") == Some(name))
    }

    /// What an `<input>` or `<output>` element holds: its connection or its value, with its
    /// `channels`; `None` when it has neither. `scope` is where its `nodename` is looked up.
    pub fn connection(
        &mut self,
        scope: Node<'a, 'd>,
        el: Node<'a, 'd>,
    ) -> Result<Option<Val>, MaterialxError> {
        let v = if let Some(graph_name) = el.attribute("nodegraph") {
            let root = self.cx.doc.root_element();
            let graph = self
                .cx
                .named(root, graph_name)
                .filter(|n| n.tag_name().name() == "nodegraph")
                .ok_or_else(|| {
                    MaterialxError::Parse(format!(
                        "{} names the nodegraph {graph_name}, which is not in the document",
                        describe(el)
                    ))
                })?;
            let out = graph_output(graph, el.attribute("output")).ok_or_else(|| {
                MaterialxError::Parse(format!(
                    "{} names the output {} of {}, which it does not have",
                    describe(el),
                    el.attribute("output").unwrap_or("(any)"),
                    describe(graph)
                ))
            })?;
            self.followed(graph, out)?
        } else if let Some(node_name) = el.attribute("nodename") {
            let target = self.cx.named(scope, node_name).ok_or_else(|| {
                MaterialxError::Parse(format!(
                    "{} names the node {node_name}, which is not in its scope",
                    describe(el)
                ))
            })?;
            Some(self.node_output(target, el.attribute("output"))?)
        } else if let Some(interface) = el.attribute("interfacename") {
            let bound = (scope.tag_name().name() == "nodegraph")
                .then(|| Self::input_element(scope, interface))
                .flatten()
                .ok_or_else(|| {
                    MaterialxError::Parse(format!(
                        "{} names the interface input {interface}, which its nodegraph does not have",
                        describe(el)
                    ))
                })?;
            let root = self.cx.doc.root_element();
            self.followed(root, bound)?
        } else {
            element_value(el, "")?.map(|numbers| self.constant(&numbers))
        };
        match (v, el.attribute("channels")) {
            (Some(v), Some(channels)) => Ok(Some(self.channels(v, channels, el)?)),
            (v, _) => Ok(v),
        }
    }

    /// A connection followed one step further down the chain (through a nodegraph's output or
    /// interface), counted against the depth limit like a node.
    fn followed(
        &mut self,
        scope: Node<'a, 'd>,
        el: Node<'a, 'd>,
    ) -> Result<Option<Val>, MaterialxError> {
        self.guarded(el, |c| c.connection(scope, el))
    }

    /// `step` one level down the chain at `at`: refused where `at` is already on the chain (a
    /// cycle) or the chain is as deep as the limit.
    fn guarded<T>(
        &mut self,
        at: Node<'a, 'd>,
        step: impl FnOnce(&mut Self) -> Result<T, MaterialxError>,
    ) -> Result<T, MaterialxError> {
        if !self.visiting.insert(at.id()) {
            return Err(MaterialxError::Parse(format!(
                "{} is part of a cycle of connections",
                describe(at)
            )));
        }
        self.depth += 1;
        let result = if self.depth > self.cx.limits.depth {
            Err(MaterialxError::OverLimit {
                what: "the depth of the node connections",
                size: self.depth,
                limit: self.cx.limits.depth,
            })
        } else {
            step(self)
        };
        self.depth -= 1;
        self.visiting.remove(&at.id());
        result
    }

    /// A constant of 1 to 4 numbers.
    pub fn constant(&self, numbers: &[f32]) -> Val {
        Val {
            node: match *numbers {
                [x] => self.g.float(x),
                [x, y] => self.g.vec2(x, y),
                [x, y, z] => self.g.vec3(x, y, z),
                [x, y, z, w] => self.g.vec4(x, y, z, w),
                _ => self.g.float(0.0),
            },
            width: numbers.len().clamp(1, 4) as u8,
        }
    }

    /// `v` through a `channels` swizzle (`"xyz"`, `"rrr"`; `0` and `1` are constants).
    fn channels(&self, v: Val, channels: &str, at: Node) -> Result<Val, MaterialxError> {
        let bad = || {
            MaterialxError::Parse(format!(
                "{} has the channels \"{channels}\", which its value of {} components does not have",
                describe(at),
                v.width
            ))
        };
        if channels.is_empty() || channels.len() > 4 {
            return Err(bad());
        }
        let mut parts = Vec::new();
        for c in channels.chars() {
            let index = match c {
                'x' | 'r' => 0,
                'y' | 'g' => 1,
                'z' | 'b' => 2,
                'w' | 'a' => 3,
                '0' => {
                    parts.push(self.g.float(0.0));
                    continue;
                }
                '1' => {
                    parts.push(self.g.float(1.0));
                    continue;
                }
                _ => return Err(bad()),
            };
            if index >= v.width {
                return Err(bad());
            }
            parts.push(self.component(v, index));
        }
        Ok(self.join(&parts))
    }

    /// Component `index` of `v`.
    pub fn component(&self, v: Val, index: u8) -> NodeRef {
        match v.width {
            1 => v.node,
            _ => self
                .g
                .swizzle(v.node, ["x", "y", "z", "w"][usize::from(index.min(3))]),
        }
    }

    /// 1 to 4 floats joined into one value.
    pub fn join(&self, parts: &[NodeRef]) -> Val {
        match parts {
            [one] => Val {
                node: *one,
                width: 1,
            },
            _ => Val {
                node: self.g.join(parts),
                width: parts.len() as u8,
            },
        }
    }

    /// `v` made `width` wide, as MaterialX converts: a float repeated, a longer vector cut, a
    /// shorter one extended with zeros (and alpha 1).
    pub fn fit(&self, v: Val, width: u8) -> Val {
        if v.width == width {
            return v;
        }
        let parts: Vec<NodeRef> = (0..width)
            .map(|i| match (v.width, i) {
                (1, _) => v.node,
                (w, i) if i < w => self.component(v, i),
                (_, 3) => self.g.float(1.0),
                _ => self.g.float(0.0),
            })
            .collect();
        self.join(&parts)
    }

    /// The texture of an image node's `file` input, with whether its colour space asks for the
    /// sRGB decode; `None` when the node names no file.
    pub fn image_file(
        &mut self,
        node: Node<'a, 'd>,
    ) -> Result<Option<(TextureId, bool)>, MaterialxError> {
        let Some(file) = Self::input_element(node, "file") else {
            return Ok(None);
        };
        // An interface binding gives the value and the attributes of the nodegraph's input.
        let scope = self.scope_of(node);
        let held = match file.attribute("interfacename") {
            Some(name) if scope.tag_name().name() == "nodegraph" => {
                Self::input_element(scope, name).unwrap_or(file)
            }
            _ => file,
        };
        let name = held.attribute("value").unwrap_or_default();
        if name.is_empty() {
            return Ok(None);
        }
        let prefix = held
            .ancestors()
            .find_map(|a| a.attribute("fileprefix"))
            .unwrap_or_default();
        let source = held
            .attribute("colorspace")
            .or_else(|| file.attribute("colorspace"));
        let target = self.cx.doc.root_element().attribute("colorspace");
        let decode = match (source, target) {
            (None, _) | (_, None) => false,
            (Some(s), Some(t)) if s == t => false,
            (Some("srgb_texture"), Some("lin_rec709")) => true,
            (Some(s), Some(t)) => {
                return Err(MaterialxError::Unsupported(format!(
                    "{} reads its image in the colour space {s} into {t}; only srgb_texture into lin_rec709 is converted",
                    describe(node)
                )))
            }
        };
        let id = self.cx.texture(&format!("{prefix}{name}"), node)?;
        Ok(Some((id, decode)))
    }

    /// The program of the graph built so far.
    pub fn compile(self, at: Node) -> Result<NodeProgram, MaterialxError> {
        self.g.compile().map_err(|e| {
            MaterialxError::Unsupported(format!(
                "the program of {} does not compile: {e}",
                describe(at)
            ))
        })
    }
}

/// A nodegraph's `<output>` named `name`, or its first output when no name is given.
pub(super) fn graph_output<'a, 'd>(
    graph: Node<'a, 'd>,
    name: Option<&str>,
) -> Option<Node<'a, 'd>> {
    graph.children().find(|c| {
        c.tag_name().name() == "output" && name.is_none_or(|n| c.attribute("name") == Some(n))
    })
}
