//! Surface shaders onto materials, as three.js r187's `applyStandardSurface` maps them: a
//! `standard_surface` input that is a value sets the PHYSICAL material's number; one a graph
//! drives becomes a node output where this port has one (colour, opacity, roughness, metalness,
//! glow, normal) and is refused where it has none. The inputs three.js ignores are ignored.

use super::graph::{graph_output, Compiler, Context, Val};
use super::{describe, MaterialxError};
use crate::scene::{Material, Side};
use glam::Vec2;
use roxmltree::Node;
use tsl_core::{
    Color, NodeProgram, NodeRef, COLOR_NODE, EMISSIVE_NODE, METALNESS_NODE, NORMAL_NODE,
    OPACITY_NODE, ROUGHNESS_NODE,
};

/// A material and the program of its node outputs, if it has any.
pub(super) type Built = (Material, Option<NodeProgram>);

/// The `standard_surface` inputs three.js maps, with the defaults of the standard library's
/// version 1.0.1 (the default version) and of version 1.0.0 where they differ.
const STANDARD_INPUTS: [(&str, &[f32]); 25] = [
    ("base", &[1.0]),
    ("base_color", &[0.8, 0.8, 0.8]),
    ("metalness", &[0.0]),
    ("specular", &[1.0]),
    ("specular_color", &[1.0, 1.0, 1.0]),
    ("specular_roughness", &[0.2]),
    ("specular_IOR", &[1.5]),
    ("specular_anisotropy", &[0.0]),
    ("specular_rotation", &[0.0]),
    ("transmission", &[0.0]),
    ("transmission_color", &[1.0, 1.0, 1.0]),
    ("transmission_depth", &[0.0]),
    ("thin_film_thickness", &[0.0]),
    ("thin_film_IOR", &[1.5]),
    ("sheen", &[0.0]),
    ("sheen_color", &[1.0, 1.0, 1.0]),
    ("sheen_roughness", &[0.3]),
    ("coat", &[0.0]),
    ("coat_color", &[1.0, 1.0, 1.0]),
    ("coat_roughness", &[0.1]),
    ("emission", &[0.0]),
    ("emission_color", &[1.0, 1.0, 1.0]),
    ("opacity", &[1.0, 1.0, 1.0]),
    ("normal", &[]),
    ("coat_normal", &[]),
];

/// Version 1.0.0's defaults that differ from 1.0.1's.
const VERSION_100: [(&str, &[f32]); 2] = [("base", &[0.8]), ("base_color", &[1.0, 1.0, 1.0])];

/// One mapped input: a value, or a graph's output.
#[derive(Clone, Debug)]
enum In {
    Value(Vec<f32>),
    Driven(Val),
}

/// A `surfacematerial`: its shader's material.
pub(super) fn surface_material<'a, 'd>(
    cx: &mut Context<'a, 'd>,
    material: Node<'a, 'd>,
) -> Result<Built, MaterialxError> {
    let root = cx.doc.root_element();
    let shader = Compiler::input_element(material, "surfaceshader")
        .and_then(|i| i.attribute("nodename"))
        .and_then(|name| cx.named(root, name))
        .ok_or_else(|| {
            MaterialxError::Parse(format!(
                "{} names no surface shader of the document (its surfaceshader input's nodename)",
                describe(material)
            ))
        })?;
    match shader.tag_name().name() {
        "standard_surface" => standard_surface(cx, shader),
        // three.js's GLTF surface is left a plain physical material (docs/materialx.md).
        "gltf_pbr" => Ok((Material::physical(Color::WHITE, 1.0, 0.0), None)),
        other => Err(MaterialxError::Unsupported(format!(
            "{} uses the surface shader {other} of {}; the loader builds standard_surface and gltf_pbr",
            describe(material),
            describe(shader)
        ))),
    }
}

/// A standalone nodegraph (one that implements no nodedef) as a BASIC material whose colour is
/// its `out` output; `None` for a graph with no `out`.
pub(super) fn graph_material<'a, 'd>(
    cx: &mut Context<'a, 'd>,
    graph: Node<'a, 'd>,
) -> Result<Option<Built>, MaterialxError> {
    if graph.attribute("nodedef").is_some() {
        return Ok(None);
    }
    let Some(out) = graph_output(graph, Some("out")) else {
        return Ok(None);
    };
    let mut c = Compiler::new(cx);
    let Some(v) = c.connection(graph, out)? else {
        return Ok(None);
    };
    let color = c.fit(v, 3);
    set(&c, COLOR_NODE, color.node, graph)?;
    let program = c.compile(graph)?;
    Ok(Some((Material::basic(Color::WHITE), Some(program))))
}

fn set(
    c: &Compiler,
    output: tsl_core::Output,
    node: NodeRef,
    at: Node,
) -> Result<(), MaterialxError> {
    c.g.set_output(output, node).map_err(|e| {
        MaterialxError::Unsupported(format!("{} cannot set {output:?}: {e}", describe(at)))
    })
}

/// The `standard_surface` onto a PHYSICAL material.
fn standard_surface<'a, 'd>(
    cx: &mut Context<'a, 'd>,
    shader: Node<'a, 'd>,
) -> Result<Built, MaterialxError> {
    let mut c = Compiler::new(cx);
    let old = shader.attribute("version") == Some("1.0.0");
    let mut inputs = std::collections::HashMap::new();
    for (name, default) in STANDARD_INPUTS {
        let default = match VERSION_100.iter().find(|(n, _)| old && *n == name) {
            Some((_, d)) => d,
            None => default,
        };
        let value = match Compiler::input_element(shader, name) {
            Some(el) if el.attribute("value").is_some() => {
                In::Value(super::graph::element_value(el, "")?.unwrap_or_default())
            }
            Some(el) => {
                let root = c.cx.doc.root_element();
                match c.connection(root, el)? {
                    Some(v) => In::Driven(v),
                    None => In::Value(default.to_vec()),
                }
            }
            None => In::Value(default.to_vec()),
        };
        inputs.insert(name, value);
    }
    let mut s = Surface {
        c,
        shader,
        inputs,
        material: Material::physical(Color::WHITE, 0.2, 0.0),
        outputs: false,
    };
    s.apply()?;
    let Surface {
        c,
        material,
        outputs,
        ..
    } = s;
    let program = match outputs {
        true => Some(c.compile(shader)?),
        false => None,
    };
    Ok((material, program))
}

/// The state of one `standard_surface` being mapped.
struct Surface<'c, 'a, 'd> {
    c: Compiler<'c, 'a, 'd>,
    shader: Node<'a, 'd>,
    inputs: std::collections::HashMap<&'static str, In>,
    material: Material,
    /// Whether any node output was set.
    outputs: bool,
}

impl Surface<'_, '_, '_> {
    fn get(&self, name: &str) -> In {
        self.inputs
            .get(name)
            .cloned()
            .unwrap_or(In::Value(Vec::new()))
    }

    /// Input `name` as numbers: refused where a graph drives it, as no node output takes it.
    fn value(&self, name: &str) -> Result<Vec<f32>, MaterialxError> {
        match self.get(name) {
            In::Value(v) => Ok(v),
            In::Driven(_) => Err(MaterialxError::Unsupported(format!(
                "the input {name} of {} is driven by a graph; this port has no node output for it",
                describe(self.shader)
            ))),
        }
    }

    fn scalar(&self, name: &str) -> Result<f32, MaterialxError> {
        Ok(self.value(name)?.first().copied().unwrap_or(0.0))
    }

    fn color(&self, name: &str) -> Result<Color, MaterialxError> {
        Ok(rgb(&self.value(name)?))
    }

    /// An input as a node `width` wide.
    fn node(&self, input: &In, width: u8) -> NodeRef {
        let v = match input {
            In::Value(v) => self.c.constant(v),
            In::Driven(v) => *v,
        };
        self.c.fit(v, width).node
    }

    /// `output` from `terms` multiplied together: the material's own number where every term is
    /// a value (given to `number`), else a node output.
    fn product(
        &mut self,
        terms: &[In],
        width: u8,
        output: tsl_core::Output,
        number: impl FnOnce(&mut Material, Vec<f32>),
    ) -> Result<(), MaterialxError> {
        match self.fold(terms, width) {
            In::Value(v) => number(&mut self.material, v),
            In::Driven(v) => {
                set(&self.c, output, v.node, self.shader)?;
                self.outputs = true;
            }
        }
        Ok(())
    }

    /// `terms` multiplied together, `width` wide: a value where every term is one.
    fn fold(&self, terms: &[In], width: u8) -> In {
        if terms.iter().all(|t| matches!(t, In::Value(_))) {
            let mut acc = vec![1.0f32; usize::from(width)];
            for t in terms {
                if let In::Value(v) = t {
                    for (i, a) in acc.iter_mut().enumerate() {
                        *a *= v.get(i).or(v.first()).copied().unwrap_or(1.0);
                    }
                }
            }
            return In::Value(acc);
        }
        let nodes: Vec<NodeRef> = terms.iter().map(|t| self.node(t, width)).collect();
        let g = &self.c.g;
        In::Driven(Val {
            node: nodes[1..].iter().fold(nodes[0], |a, &b| g.mul(a, b)),
            width,
        })
    }

    fn apply(&mut self) -> Result<(), MaterialxError> {
        let enabled = |s: &Self, name: &str| s.scalar(name).map(|v| v != 0.0);
        let coat = enabled(self, "coat")?;
        let sheen = enabled(self, "sheen")?;
        let transmission = enabled(self, "transmission")?;
        let thin_film = enabled(self, "thin_film_thickness")?;

        // colorNode = base * base_color (* coat_color), mixed toward the transmission colour.
        let mut terms = vec![self.get("base"), self.get("base_color")];
        if coat {
            terms.push(self.get("coat_color"));
        }
        if transmission {
            let t = self.scalar("transmission")?;
            let tint = self.get("transmission_color");
            let base = self.fold(&terms, 3);
            terms = vec![match (base, tint) {
                (In::Value(b), In::Value(c)) => {
                    In::Value((0..3).map(|i| b[i] + (c[i] - b[i]) * t).collect())
                }
                (b, c) => {
                    let (b, c) = (self.node(&b, 3), self.node(&c, 3));
                    In::Driven(Val {
                        node: self.c.g.mix(b, c, self.c.g.float(t)),
                        width: 3,
                    })
                }
            }];
        }
        self.product(&terms, 3, COLOR_NODE, |m, v| m.color = rgb(&v))?;
        let roughness = [self.get("specular_roughness")];
        self.product(&roughness, 1, ROUGHNESS_NODE, |m, v| m.roughness = v[0])?;
        let metalness = [self.get("metalness")];
        self.product(&metalness, 1, METALNESS_NODE, |m, v| m.metalness = v[0])?;
        let opacity = self.get("opacity");
        let opaque = matches!(&opacity, In::Value(v) if v.first() == Some(&1.0));
        self.product(&[opacity], 1, OPACITY_NODE, |m, v| m.opacity = v[0])?;
        self.material.transparent = !opaque;
        let emission = self.get("emission");
        if !matches!(&emission, In::Value(v) if v.first() == Some(&0.0)) {
            let terms = [emission, self.get("emission_color")];
            self.product(&terms, 3, EMISSIVE_NODE, |m, v| m.emissive = rgb(&v))?;
        }
        if let In::Driven(normal) = self.get("normal") {
            // three.js's normalNode replaces the normal; this port's NORMAL_NODE is an offset
            // added to the world normal (R-OUT-4), so the offset is the difference.
            let g = &self.c.g;
            let n = g.normalize(self.c.fit(normal, 3).node);
            let offset = g.sub(n, g.normalize(g.normal_world()));
            set(&self.c, NORMAL_NODE, offset, self.shader)?;
            self.outputs = true;
        }

        let specular_color = self.color("specular_color")?;
        let specular = self.scalar("specular")?;
        let ior = self.scalar("specular_IOR")?;
        let strength = self.scalar("specular_anisotropy")?;
        let rotation = self.scalar("specular_rotation")?;
        let m = &mut self.material;
        m.specular_color = specular_color;
        m.specular_intensity = specular;
        m.ior = ior;
        m.anisotropy = strength;
        m.anisotropy_rotation = rotation;
        if transmission {
            let depth = self.scalar("transmission_depth")?;
            let amount = self.scalar("transmission")?;
            let m = &mut self.material;
            m.transmission = amount;
            m.thickness = if depth != 0.0 { depth } else { 1.0 };
            m.side = Side::Double;
            m.transparent = true;
        }
        if thin_film {
            let (thickness, ior) = (
                self.scalar("thin_film_thickness")?,
                self.scalar("thin_film_IOR")?,
            );
            let m = &mut self.material;
            m.iridescence = 1.0;
            m.iridescence_thickness_range = [thickness, thickness];
            m.iridescence_ior = ior.clamp(1.0, 2.333);
        }
        if sheen {
            let (amount, tint, roughness) = (
                self.scalar("sheen")?,
                self.color("sheen_color")?,
                self.scalar("sheen_roughness")?,
            );
            let m = &mut self.material;
            m.sheen = 1.0;
            m.sheen_color = Color::linear(tint.r * amount, tint.g * amount, tint.b * amount);
            m.sheen_roughness = roughness;
        }
        if coat {
            let (amount, roughness) = (self.scalar("coat")?, self.scalar("coat_roughness")?);
            let m = &mut self.material;
            m.clearcoat = amount;
            m.clearcoat_roughness = roughness;
            m.clearcoat_normal_scale = Vec2::ONE;
        }
        Ok(())
    }
}

/// A linear colour of 1 or 3 numbers.
fn rgb(v: &[f32]) -> Color {
    let at = |i: usize| v.get(i).or(v.first()).copied().unwrap_or(0.0);
    Color::linear(at(0), at(1), at(2))
}
