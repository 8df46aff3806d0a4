//! Surface shaders onto materials, as three.js r187's `MaterialXSurfaceMappings` maps them:
//! `standard_surface`, `open_pbr_surface` and `gltf_pbr` onto a PHYSICAL material,
//! `surface_unlit` onto a BASIC one, and a `displacement` shader onto the position node. An
//! input that is a value sets the material's number; one a graph drives becomes a node output
//! where this port has one (colour, opacity, roughness, metalness, glow, normal, occlusion,
//! position) and is refused where it has none. The inputs three.js ignores are ignored.

use super::graph::{graph_output, Compiler, Context, Val};
use super::{describe, MaterialxError};
use crate::scene::{Material, Side};
use glam::Vec2;
use roxmltree::Node;
use std::collections::{HashMap, HashSet};
use tsl_core::{
    Color, NodeProgram, NodeRef, AO_NODE, COLOR_NODE, EMISSIVE_NODE, METALNESS_NODE, NORMAL_NODE,
    OPACITY_NODE, POSITION_NODE, ROUGHNESS_NODE,
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

/// The `open_pbr_surface` inputs three.js maps, with its standard library's defaults.
const OPEN_PBR_INPUTS: [(&str, &[f32]); 28] = [
    ("base_weight", &[1.0]),
    ("base_color", &[0.8, 0.8, 0.8]),
    ("base_metalness", &[0.0]),
    ("specular_weight", &[1.0]),
    ("specular_color", &[1.0, 1.0, 1.0]),
    ("specular_roughness", &[0.3]),
    ("specular_ior", &[1.5]),
    ("specular_roughness_anisotropy", &[0.0]),
    ("coat_weight", &[0.0]),
    ("coat_color", &[1.0, 1.0, 1.0]),
    ("coat_roughness", &[0.0]),
    ("coat_ior", &[1.6]),
    ("fuzz_weight", &[0.0]),
    ("fuzz_color", &[1.0, 1.0, 1.0]),
    ("fuzz_roughness", &[0.5]),
    ("transmission_weight", &[0.0]),
    ("transmission_color", &[1.0, 1.0, 1.0]),
    ("transmission_depth", &[0.0]),
    ("transmission_dispersion_scale", &[0.0]),
    ("transmission_dispersion_abbe_number", &[20.0]),
    ("thin_film_weight", &[0.0]),
    ("thin_film_thickness", &[0.5]),
    ("thin_film_ior", &[1.4]),
    ("emission_luminance", &[0.0]),
    ("emission_color", &[1.0, 1.0, 1.0]),
    ("geometry_opacity", &[1.0]),
    ("geometry_thin_walled", &[0.0]),
    ("geometry_normal", &[]),
];

/// The `gltf_pbr` inputs three.js maps, with its standard library's defaults (no
/// `attenuation_distance`: three.js leaves the material's infinite one).
const GLTF_PBR_INPUTS: [(&str, &[f32]); 27] = [
    ("base_color", &[1.0, 1.0, 1.0]),
    ("metallic", &[1.0]),
    ("roughness", &[1.0]),
    ("normal", &[]),
    ("occlusion", &[1.0]),
    ("transmission", &[0.0]),
    ("specular", &[1.0]),
    ("specular_color", &[1.0, 1.0, 1.0]),
    ("ior", &[1.5]),
    ("alpha", &[1.0]),
    ("alpha_mode", &[0.0]),
    ("alpha_cutoff", &[0.5]),
    ("iridescence", &[0.0]),
    ("iridescence_ior", &[1.3]),
    ("iridescence_thickness", &[100.0]),
    ("sheen_color", &[0.0, 0.0, 0.0]),
    ("sheen_roughness", &[0.0]),
    ("clearcoat", &[0.0]),
    ("clearcoat_roughness", &[0.0]),
    ("emissive", &[0.0, 0.0, 0.0]),
    ("emissive_strength", &[1.0]),
    ("thickness", &[0.0]),
    ("attenuation_distance", &[]),
    ("attenuation_color", &[1.0, 1.0, 1.0]),
    ("anisotropy_strength", &[0.0]),
    ("anisotropy_rotation", &[0.0]),
    ("dispersion", &[0.0]),
];

/// The `surface_unlit` inputs, with its standard library's defaults.
const UNLIT_INPUTS: [(&str, &[f32]); 5] = [
    ("emission", &[1.0]),
    ("emission_color", &[1.0, 1.0, 1.0]),
    ("transmission", &[0.0]),
    ("transmission_color", &[1.0, 1.0, 1.0]),
    ("opacity", &[1.0]),
];

/// The `displacement` inputs: scalar displacement along the normal, scaled.
const DISPLACEMENT_INPUTS: [(&str, &[f32]); 2] = [("displacement", &[0.0]), ("scale", &[1.0])];

/// A shader category three.js's loader maps: its inputs and defaults, the material it starts
/// from, and how its inputs land on that material.
struct Kind {
    category: &'static str,
    inputs: &'static [(&'static str, &'static [f32])],
    start: fn() -> Material,
    apply: fn(&mut Surface) -> Result<(), MaterialxError>,
}

/// The surface shaders, as three's `MaterialXSurfaceMappings` lists them.
const SHADERS: [Kind; 4] = [
    Kind {
        category: "standard_surface",
        inputs: &STANDARD_INPUTS,
        start: physical,
        apply: |s| s.standard(),
    },
    Kind {
        category: "open_pbr_surface",
        inputs: &OPEN_PBR_INPUTS,
        start: physical,
        apply: |s| s.open_pbr(),
    },
    Kind {
        category: "gltf_pbr",
        inputs: &GLTF_PBR_INPUTS,
        start: physical,
        apply: |s| s.gltf_pbr(),
    },
    Kind {
        category: "surface_unlit",
        inputs: &UNLIT_INPUTS,
        start: || Material::basic(Color::WHITE),
        apply: |s| s.unlit(),
    },
];

/// three.js's `MeshPhysicalNodeMaterial`, before a mapping sets anything.
fn physical() -> Material {
    Material::physical(Color::WHITE, 1.0, 0.0)
}

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
    let category = shader.tag_name().name();
    let Some(kind) = SHADERS.iter().find(|k| k.category == category) else {
        let known: Vec<&str> = SHADERS.iter().map(|k| k.category).collect();
        return Err(MaterialxError::Unsupported(format!(
            "{} uses the surface shader {category} of {}; the loader builds {}",
            describe(material),
            describe(shader),
            known.join(", ")
        )));
    };
    mapped_surface(cx, material, shader, kind)
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

/// The inputs of `shader` as `kind` lists them: each a value (the document's or the default),
/// or the graph that drives it; and the names the document gave.
fn read_inputs<'a, 'd>(
    c: &mut Compiler<'_, 'a, 'd>,
    shader: Node<'a, 'd>,
    inputs: &'static [(&'static str, &'static [f32])],
) -> Result<(HashMap<&'static str, In>, HashSet<&'static str>), MaterialxError> {
    let old = shader.tag_name().name() == "standard_surface"
        && shader.attribute("version") == Some("1.0.0");
    let mut values = HashMap::new();
    let mut authored = HashSet::new();
    for &(name, default) in inputs {
        let default = match VERSION_100.iter().find(|(n, _)| old && *n == name) {
            Some((_, d)) => d,
            None => default,
        };
        let value = match Compiler::input_element(shader, name) {
            Some(el) if el.attribute("value").is_some() => {
                authored.insert(name);
                In::Value(super::graph::element_value(el, "")?.unwrap_or_default())
            }
            Some(el) => {
                let root = c.cx.doc.root_element();
                match c.connection(root, el)? {
                    Some(v) => {
                        authored.insert(name);
                        In::Driven(v)
                    }
                    None => In::Value(default.to_vec()),
                }
            }
            None => In::Value(default.to_vec()),
        };
        values.insert(name, value);
    }
    Ok((values, authored))
}

/// The surface `shader` of category `kind` onto its material, with the `displacement` shader
/// of `material` (its `displacementshader` input) as the position node.
fn mapped_surface<'a, 'd>(
    cx: &mut Context<'a, 'd>,
    material: Node<'a, 'd>,
    shader: Node<'a, 'd>,
    kind: &Kind,
) -> Result<Built, MaterialxError> {
    let mut c = Compiler::new(cx);
    let (inputs, authored) = read_inputs(&mut c, shader, kind.inputs)?;
    let mut s = Surface {
        c,
        shader,
        inputs,
        authored,
        material: (kind.start)(),
        outputs: false,
    };
    (kind.apply)(&mut s)?;
    s.displacement(material)?;
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

/// The state of one surface shader being mapped.
struct Surface<'c, 'a, 'd> {
    c: Compiler<'c, 'a, 'd>,
    shader: Node<'a, 'd>,
    inputs: HashMap<&'static str, In>,
    /// The inputs the document gave (a value or a connection), not defaulted.
    authored: HashSet<&'static str>,
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

    /// three's `isMeaningfulNode(input, target)`: a graph, a colour whose channels differ, or a
    /// number more than 1e-6 from `target`; an absent input is not.
    fn meaningful(&self, name: &str, target: f32) -> bool {
        match self.get(name) {
            In::Driven(_) => true,
            In::Value(v) => match v.first() {
                None => false,
                Some(&first) => v.iter().any(|&x| x != first) || (first - target).abs() > 1e-6,
            },
        }
    }

    /// Input `name` as a number, `None` where it is within 1e-6 of `target` (three sets the
    /// material's property only where the input is meaningful).
    fn scalar_unless(&self, name: &str, target: f32) -> Result<Option<f32>, MaterialxError> {
        match self.meaningful(name, target) {
            true => self.scalar(name).map(Some),
            false => Ok(None),
        }
    }

    /// An input as a node `width` wide.
    fn node(&self, input: &In, width: u8) -> NodeRef {
        let v = match input {
            In::Value(v) => self.c.constant(v),
            In::Driven(v) => *v,
        };
        self.c.fit(v, width).node
    }

    fn set_output(
        &mut self,
        output: tsl_core::Output,
        node: NodeRef,
    ) -> Result<(), MaterialxError> {
        set(&self.c, output, node, self.shader)?;
        self.outputs = true;
        Ok(())
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
            In::Driven(v) => self.set_output(output, v.node)?,
        }
        Ok(())
    }

    /// The product of the inputs `names` onto `output` (see [`Surface::product`]).
    fn product_of(
        &mut self,
        names: &[&str],
        width: u8,
        output: tsl_core::Output,
        number: impl FnOnce(&mut Material, Vec<f32>),
    ) -> Result<(), MaterialxError> {
        let terms: Vec<In> = names.iter().map(|n| self.get(n)).collect();
        self.product(&terms, width, output, number)
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

    /// A graph-driven normal input: three.js's normalNode replaces the normal; this port's
    /// NORMAL_NODE is an offset added to the world normal (R-OUT-4), so the offset is the
    /// difference.
    fn normal(&mut self, name: &str) -> Result<(), MaterialxError> {
        if let In::Driven(normal) = self.get(name) {
            let g = &self.c.g;
            let n = g.normalize(self.c.fit(normal, 3).node);
            let offset = g.sub(n, g.normalize(g.normal_world()));
            self.set_output(NORMAL_NODE, offset)?;
        }
        Ok(())
    }

    /// three's `setAnisotropy`: nothing where both inputs are absent or zero.
    fn anisotropy(&mut self, strength: &str, rotation: Option<&str>) -> Result<(), MaterialxError> {
        let rotation_set = rotation.is_some_and(|r| self.meaningful(r, 0.0));
        if !self.meaningful(strength, 0.0) && !rotation_set {
            return Ok(());
        }
        self.material.anisotropy = self.scalar(strength)?;
        self.material.anisotropy_rotation = match rotation {
            Some(r) => self.scalar(r)?,
            None => 0.0,
        };
        Ok(())
    }

    /// three's `setTransmissionFlags`.
    fn transmission_flags(&mut self, transmission: &str, opacity: &In, opacity_transparent: bool) {
        let opaque =
            matches!(opacity, In::Value(v) if v.first().is_none_or(|&o| (o - 1.0).abs() <= 1e-6));
        if opacity_transparent && !opaque {
            self.material.transparent = true;
        }
        if self.meaningful(transmission, 0.0) {
            self.material.side = Side::Double;
            self.material.transparent = true;
        }
    }

    /// `applyStandardSurface`.
    fn standard(&mut self) -> Result<(), MaterialxError> {
        let coat = self.meaningful("coat", 0.0);
        let sheen = self.meaningful("sheen", 0.0);
        let transmission = self.meaningful("transmission", 0.0);
        let thin_film = self.meaningful("thin_film_thickness", 0.0);

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
        self.product_of(&["specular_roughness"], 1, ROUGHNESS_NODE, |m, v| {
            m.roughness = v[0]
        })?;
        self.product_of(&["metalness"], 1, METALNESS_NODE, |m, v| m.metalness = v[0])?;
        let opacity = self.get("opacity");
        self.product(std::slice::from_ref(&opacity), 1, OPACITY_NODE, |m, v| {
            m.opacity = v[0]
        })?;
        if self.meaningful("emission", 0.0) {
            self.product_of(&["emission", "emission_color"], 3, EMISSIVE_NODE, |m, v| {
                m.emissive = rgb(&v)
            })?;
        }
        self.normal("normal")?;

        self.material.specular_color = self.color("specular_color")?;
        self.material.specular_intensity = self.scalar("specular")?;
        self.material.ior = self.scalar("specular_IOR")?;
        self.anisotropy("specular_anisotropy", Some("specular_rotation"))?;
        if transmission {
            let depth = self.scalar("transmission_depth")?;
            self.material.transmission = self.scalar("transmission")?;
            self.material.thickness = if depth != 0.0 { depth } else { 1.0 };
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
            self.material.clearcoat = self.scalar("coat")?;
            self.material.clearcoat_roughness = self.scalar("coat_roughness")?;
            self.material.clearcoat_normal_scale = Vec2::ONE;
        }
        self.transmission_flags("transmission", &opacity, true);
        Ok(())
    }

    /// `applyOpenPbrSurface`.
    fn open_pbr(&mut self) -> Result<(), MaterialxError> {
        self.product_of(&["base_weight", "base_color"], 3, COLOR_NODE, |m, v| {
            m.color = rgb(&v)
        })?;
        self.product_of(&["specular_roughness"], 1, ROUGHNESS_NODE, |m, v| {
            m.roughness = v[0]
        })?;
        self.material.specular_color = self.color("specular_color")?;
        if self.meaningful("base_metalness", 0.0) {
            self.product_of(&["base_metalness"], 1, METALNESS_NODE, |m, v| {
                m.metalness = v[0]
            })?;
        }
        if let Some(v) = self.scalar_unless("specular_weight", 1.0)? {
            self.material.specular_intensity = v;
        }
        if let Some(v) = self.scalar_unless("specular_ior", 1.5)? {
            self.material.ior = v;
        }
        self.anisotropy("specular_roughness_anisotropy", None)?;
        if self.meaningful("coat_weight", 0.0) {
            // The coat weight scaled by the coat's reflectance at normal incidence over the 0.04
            // that three.js's clearcoat assumes.
            let ior = self.scalar("coat_ior")?;
            let f0 = (ior - 1.0) / (ior + 1.0);
            let weight = self.scalar("coat_weight")?;
            self.material.clearcoat = (weight * (f0 * f0 / 0.04)).clamp(0.0, 1.0);
            self.material.clearcoat_roughness = self.scalar("coat_roughness")?;
            self.material.clearcoat_normal_scale = Vec2::ONE;
        }
        if self.meaningful("fuzz_weight", 0.0) {
            let (amount, tint) = (self.scalar("fuzz_weight")?, self.color("fuzz_color")?);
            let roughness = self.scalar("fuzz_roughness")?;
            let m = &mut self.material;
            m.sheen = 1.0;
            m.sheen_color = Color::linear(tint.r * amount, tint.g * amount, tint.b * amount);
            m.sheen_roughness = roughness.powf(1.5);
        }
        let transmission = self.meaningful("transmission_weight", 0.0);
        if transmission {
            self.material.transmission = self.scalar("transmission_weight")?;
            self.material.attenuation_color = self.color("transmission_color")?;
            if let Some(depth) = self.scalar_unless("transmission_depth", 0.0)? {
                let thin = self.scalar("geometry_thin_walled")? != 0.0;
                self.material.thickness = if thin { 0.0 } else { depth };
                self.material.attenuation_distance = depth;
            } else {
                self.material.thickness = 1.0;
            }
            if let Some(scale) = self.scalar_unless("transmission_dispersion_scale", 0.0)? {
                let abbe = self.scalar("transmission_dispersion_abbe_number")?;
                self.material.dispersion = scale * 20.0 / abbe;
            }
        }
        let opacity = self.get("geometry_opacity");
        if self.meaningful("geometry_opacity", 1.0) {
            self.product(std::slice::from_ref(&opacity), 1, OPACITY_NODE, |m, v| {
                m.opacity = v[0]
            })?;
            self.material.transparent = true;
        }
        self.normal("geometry_normal")?;
        if self.meaningful("thin_film_weight", 0.0) {
            // OpenPBR's thickness is in micrometres, three.js's in nanometres.
            let thickness = self.scalar("thin_film_thickness")? * 1000.0;
            self.material.iridescence = self.scalar("thin_film_weight")?;
            self.material.iridescence_thickness_range = [thickness, thickness];
            self.material.iridescence_ior = self.scalar("thin_film_ior")?;
        }
        if self.meaningful("emission_luminance", 0.0) {
            self.product_of(
                &["emission_color", "emission_luminance"],
                3,
                EMISSIVE_NODE,
                |m, v| m.emissive = rgb(&v),
            )?;
        }
        self.transmission_flags("transmission_weight", &opacity, true);
        Ok(())
    }

    /// `applyGltfPbrSurface`.
    fn gltf_pbr(&mut self) -> Result<(), MaterialxError> {
        // alpha_mode: 0 OPAQUE, 1 MASK, 2 BLEND; a connected one is BLEND.
        let alpha_mode = match self.get("alpha_mode") {
            In::Value(v) => v.first().copied().unwrap_or(0.0).round() as i32,
            In::Driven(_) => 2,
        };
        let opacity = match alpha_mode {
            0 => In::Value(vec![1.0]),
            _ => self.get("alpha"),
        };
        self.product_of(&["base_color"], 3, COLOR_NODE, |m, v| m.color = rgb(&v))?;
        self.product_of(&["roughness"], 1, ROUGHNESS_NODE, |m, v| m.roughness = v[0])?;
        self.product_of(&["metallic"], 1, METALNESS_NODE, |m, v| m.metalness = v[0])?;
        self.material.specular_color = self.color("specular_color")?;
        self.material.attenuation_color = self.color("attenuation_color")?;
        if self.authored.contains("attenuation_distance") {
            self.material.attenuation_distance = self.scalar("attenuation_distance")?;
        } else if self.authored.contains("attenuation_color") {
            // three.js gives an authored tint without a distance a finite one, so that it shows.
            self.material.attenuation_distance = 1.0;
        }
        if self.meaningful("occlusion", 1.0) {
            let ao = self.node(&self.get("occlusion"), 1);
            self.set_output(AO_NODE, ao)?;
        }
        if let Some(v) = self.scalar_unless("specular", 1.0)? {
            self.material.specular_intensity = v;
        }
        if let Some(v) = self.scalar_unless("ior", 1.5)? {
            self.material.ior = v;
        }
        let translucent =
            !matches!(&opacity, In::Value(v) if v.first().is_none_or(|&o| (o - 1.0).abs() <= 1e-6));
        if translucent {
            self.product(std::slice::from_ref(&opacity), 1, OPACITY_NODE, |m, v| {
                m.opacity = v[0]
            })?;
        }
        if alpha_mode == 1 {
            self.material.alpha_test = self.scalar("alpha_cutoff")?;
        }
        let transmission = self.meaningful("transmission", 0.0);
        if transmission {
            self.material.transmission = self.scalar("transmission")?;
        }
        if self.meaningful("clearcoat", 0.0) {
            self.material.clearcoat = self.scalar("clearcoat")?;
            self.material.clearcoat_roughness = self.scalar("clearcoat_roughness")?;
            self.material.clearcoat_normal_scale = Vec2::ONE;
        }
        if self.meaningful("sheen_color", 0.0) || self.meaningful("sheen_roughness", 0.0) {
            self.material.sheen = 1.0;
            self.material.sheen_color = self.color("sheen_color")?;
            self.material.sheen_roughness = self.scalar("sheen_roughness")?;
        }
        if self.meaningful("iridescence", 0.0) {
            let thickness = self.scalar("iridescence_thickness")?;
            self.material.iridescence = self.scalar("iridescence")?;
            self.material.iridescence_ior = self.scalar("iridescence_ior")?;
            self.material.iridescence_thickness_range = [thickness, thickness];
        }
        if let Some(v) = self.scalar_unless("thickness", 0.0)? {
            self.material.thickness = v;
        } else if transmission {
            self.material.thickness = 1.0;
        }
        if let Some(v) = self.scalar_unless("dispersion", 0.0)? {
            self.material.dispersion = v;
        }
        self.anisotropy("anisotropy_strength", Some("anisotropy_rotation"))?;
        self.normal("normal")?;
        if self.meaningful("emissive", 0.0) {
            self.product_of(
                &["emissive", "emissive_strength"],
                3,
                EMISSIVE_NODE,
                |m, v| m.emissive = rgb(&v),
            )?;
        }
        self.transmission_flags("transmission", &opacity, alpha_mode == 2);
        Ok(())
    }

    /// `applySurfaceUnlit`: colour = emission_color · emission · opacity on a BASIC material.
    /// three.js blends a translucent one with (One, OneMinusSrcAlpha), which this port's
    /// materials do not have: refused.
    fn unlit(&mut self) -> Result<(), MaterialxError> {
        if self.meaningful("opacity", 1.0) || self.meaningful("transmission", 0.0) {
            return Err(MaterialxError::Unsupported(format!(
                "{} has an opacity or a transmission; three.js blends such an unlit surface with \
                 premultiplied blending (One, OneMinusSrcAlpha), which this port's materials do not have",
                describe(self.shader)
            )));
        }
        self.product_of(
            &["emission_color", "emission", "opacity"],
            3,
            COLOR_NODE,
            |m, v| m.color = rgb(&v),
        )
    }

    /// `applyDisplacement`: the material's `displacementshader`, a scalar `displacement` shader,
    /// moves each vertex along its unit local normal by displacement · scale. POSITION_NODE is
    /// an offset from the local position (R-OUT-4), as three's positionNode is
    /// `positionLocal + offset`.
    fn displacement(&mut self, material: Node) -> Result<(), MaterialxError> {
        let root = self.c.cx.doc.root_element();
        let Some(shader) = Compiler::input_element(material, "displacementshader")
            .and_then(|i| i.attribute("nodename"))
            .and_then(|name| self.c.cx.named(root, name))
        else {
            return Ok(());
        };
        if shader.tag_name().name() != "displacement" {
            return Err(MaterialxError::Unsupported(format!(
                "{} uses the displacement shader {} of {}; the loader builds displacement",
                describe(material),
                shader.tag_name().name(),
                describe(shader)
            )));
        }
        let vector = Compiler::input_element(shader, "displacement")
            .is_some_and(|el| el.attribute("type") == Some("vector3"));
        if vector {
            return Err(MaterialxError::Unsupported(format!(
                "{} displaces by a vector3 in tangent space; the loader builds a scalar displacement",
                describe(shader)
            )));
        }
        let (inputs, _) = read_inputs(&mut self.c, shader, &DISPLACEMENT_INPUTS)?;
        let amount = self.fold(
            &[inputs["displacement"].clone(), inputs["scale"].clone()],
            1,
        );
        if matches!(&amount, In::Value(v) if v.first().is_none_or(|&d| d.abs() <= 1e-6)) {
            return Ok(());
        }
        let amount = self.node(&amount, 1);
        let g = &self.c.g;
        let offset = g.mul(g.normalize(g.normal_local()), amount);
        set(&self.c, POSITION_NODE, offset, shader)?;
        self.outputs = true;
        Ok(())
    }
}

/// A linear colour of 1 or 3 numbers.
fn rgb(v: &[f32]) -> Color {
    let at = |i: usize| v.get(i).or(v.first()).copied().unwrap_or(0.0);
    Color::linear(at(0), at(1), at(2))
}
