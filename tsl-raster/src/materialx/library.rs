//! The node library: each MaterialX node category the loader builds, as three.js r187's
//! MaterialXLoader translates it (its `MaterialXNodeLibrary.js` and compile registry), with the
//! differences docs/materialx.md lists. A missing input takes the MaterialX standard library's
//! default ([`default_of`]).

use super::graph::{Compiler, Val};
use super::{describe, MaterialxError};
use roxmltree::Node;
use tsl_core::{NodeRef, Opcode, Place2dOrder};

/// The categories refused for a reason of this port, with the reason.
const REFUSED: [(&str, &str); 13] = [
    ("normalmap", "the program has no tangents"),
    ("heighttonormal", "the program has no tangents"),
    ("bump", "the program has no tangents"),
    ("tangent", "the program has no tangents"),
    ("bitangent", "the program has no tangents"),
    ("frame", "the program has no frame count"),
    ("unifiednoise2d", "the unified noises are not built"),
    ("unifiednoise3d", "the unified noises are not built"),
    (
        "transformmatrix",
        "the program has no matrices of these types",
    ),
    ("creatematrix", "the program has no matrices of these types"),
    ("determinant", "the program has no matrices of these types"),
    ("transpose", "the program has no matrices of these types"),
    ("invertmatrix", "the program has no matrices of these types"),
];

/// The math nodes that are one opcode of inputs as wide as the node: (category, opcode, inputs).
const MATH: [(&str, Opcode, &[&str]); 21] = [
    ("add", Opcode::Add, &["in1", "in2"]),
    ("subtract", Opcode::Sub, &["in1", "in2"]),
    ("multiply", Opcode::Mul, &["in1", "in2"]),
    ("divide", Opcode::Div, &["in1", "in2"]),
    ("min", Opcode::Min, &["in1", "in2"]),
    ("max", Opcode::Max, &["in1", "in2"]),
    ("power", Opcode::Pow, &["in1", "in2"]),
    ("atan2", Opcode::Atan2, &["iny", "inx"]),
    ("absval", Opcode::Abs, &["in"]),
    ("sign", Opcode::Sign, &["in"]),
    ("floor", Opcode::Floor, &["in"]),
    ("ceil", Opcode::Ceil, &["in"]),
    ("round", Opcode::Round, &["in"]),
    ("sin", Opcode::Sin, &["in"]),
    ("cos", Opcode::Cos, &["in"]),
    ("tan", Opcode::Tan, &["in"]),
    ("asin", Opcode::Asin, &["in"]),
    ("acos", Opcode::Acos, &["in"]),
    ("sqrt", Opcode::Sqrt, &["in"]),
    ("ln", Opcode::Log, &["in"]),
    ("exp", Opcode::Exp, &["in"]),
];

/// More one-opcode nodes, listed apart to keep each table's length plain.
const MATH2: [(&str, Opcode, &[&str]); 3] = [
    ("fract", Opcode::Fract, &["in"]),
    ("normalize", Opcode::Normalize, &["in"]),
    ("clamp", Opcode::Clamp, &["in", "low", "high"]),
];

/// The MaterialX standard library's default of input `input` of category `category` (the same
/// for every type of the node, a single number repeated to the input's width): a number list,
/// or `@UV0`, `@P` (position) or `@N` (normal) for a geometric default.
pub(super) fn default_of(category: &str, input: &str) -> Option<&'static str> {
    Some(match (category, input) {
        ("divide" | "multiply" | "modulo" | "power" | "safepower", "in2") => "1",
        ("atan2", "inx") | ("ln", "in") => "1",
        ("clamp", "high") | ("remap" | "range", "inhigh" | "outhigh") => "1",
        ("invert" | "contrast" | "saturate", "amount") => "1",
        ("contrast", "pivot") => "0.5",
        ("luminance" | "saturate", "lumacoeffs") => "0.2722287, 0.6740818, 0.0536895",
        ("splitlr" | "splittb", "center") => "0.5",
        ("place2d", "texcoord") => "0",
        ("place2d", "scale") => "1",
        ("rotate3d", "axis") => "0, 1, 0",
        ("tiledimage", "uvtiling") => "1",
        (_, "texcoord") => "@UV0",
        (_, "position") => "@P",
        (_, "normal") => "@N",
        (_, "amplitude" | "jitter") => "1",
        (_, "octaves") => "3",
        (_, "lacunarity") => "2",
        (_, "diminish") => "0.5",
        ("ifgreater" | "ifgreatereq" | "ifequal", "value1") => "1",
        ("reflect" | "refract", "in") => "1, 0, 0",
        ("refract", "ior") => "1",
        (
            _,
            "in" | "in1" | "in2" | "in3" | "in4" | "fg" | "bg" | "mix" | "low" | "inlow" | "outlow"
            | "pivot" | "offset" | "rotate" | "amount" | "valuel" | "valuer" | "valuet" | "valueb"
            | "valuetl" | "valuetr" | "valuebl" | "valuebr" | "uvoffset" | "default" | "value"
            | "value1" | "value2" | "iny" | "index" | "style" | "operationorder",
        ) => "0",
        _ => return None,
    })
}

/// The value of `node`'s output `output`.
pub(super) fn build<'a, 'd>(
    c: &mut Compiler<'_, 'a, 'd>,
    node: Node<'a, 'd>,
    output: Option<&str>,
) -> Result<Val, MaterialxError> {
    let category = node.tag_name().name();
    if let Some((_, why)) = REFUSED.iter().find(|(n, _)| *n == category) {
        return Err(MaterialxError::Unsupported(format!(
            "the node category {category} of {} is refused: {why}",
            describe(node)
        )));
    }
    let mut a = Args { c, node, category };
    // A separate node is of type "multioutput": each output is one float.
    if let Some(index) = separate_channel(category, output) {
        let count = category.as_bytes()[8] - b'0';
        if index >= count {
            return Err(MaterialxError::Parse(format!(
                "{} has no output {}",
                describe(node),
                output.unwrap_or_default()
            )));
        }
        let v = a.get("in", count)?;
        return Ok(Val {
            node: a.c.component(v, index),
            width: 1,
        });
    }
    let ty = node.attribute("type").unwrap_or_default();
    let w = super::graph::type_width(ty).ok_or_else(|| {
        MaterialxError::Unsupported(format!(
            "{} is of the type \"{ty}\", which the node library does not build",
            describe(node)
        ))
    })?;
    let v = a.node_value(w)?;
    // A single-output node read by a channel (`outx`, `outr`) gives that component.
    match output {
        None | Some("out") => Ok(a.c.fit(v, w)),
        Some(name) => match channel_index(name.strip_prefix("out").unwrap_or(name)) {
            Some(i) if i < v.width => Ok(Val {
                node: a.c.component(v, i),
                width: 1,
            }),
            _ => Err(MaterialxError::Parse(format!(
                "{} has no output {name}",
                describe(node)
            ))),
        },
    }
}

/// The component a `separate2/3/4` output names (`outx`, `outr`, …).
fn separate_channel(category: &str, output: Option<&str>) -> Option<u8> {
    matches!(category, "separate2" | "separate3" | "separate4")
        .then(|| channel_index(output?.strip_prefix("out")?))
        .flatten()
}

fn channel_index(name: &str) -> Option<u8> {
    match name {
        "x" | "r" => Some(0),
        "y" | "g" => Some(1),
        "z" | "b" => Some(2),
        "w" | "a" => Some(3),
        _ => None,
    }
}

/// The inputs of one node being built.
struct Args<'x, 'c, 'a, 'd> {
    c: &'x mut Compiler<'c, 'a, 'd>,
    node: Node<'a, 'd>,
    category: &'a str,
}

impl<'a, 'd> Args<'_, '_, 'a, 'd> {
    /// Input `name`, or its default, made `width` wide.
    fn get(&mut self, name: &str, width: u8) -> Result<Val, MaterialxError> {
        let v = self.raw(name, width)?;
        Ok(self.c.fit(v, width))
    }

    /// [`Args::get`] as a node.
    fn n(&mut self, name: &str, width: u8) -> Result<NodeRef, MaterialxError> {
        Ok(self.get(name, width)?.node)
    }

    /// Input `name` as wide as it is connected; its default is `width` wide.
    fn raw(&mut self, name: &str, width: u8) -> Result<Val, MaterialxError> {
        if let Some(input) = Compiler::input_element(self.node, name) {
            let scope = self.c.scope_of(self.node);
            if let Some(v) = self.c.connection(scope, input)? {
                return Ok(v);
            }
        }
        let spec = default_of(self.category, name).ok_or_else(|| {
            MaterialxError::Unsupported(format!(
                "{} has no input {name}, and the loader knows no default for it",
                describe(self.node)
            ))
        })?;
        let g = &self.c.g;
        Ok(match spec {
            "@UV0" => Val {
                node: g.uv(),
                width: 2,
            },
            // Object space reads the world's (docs/materialx.md).
            "@P" => Val {
                node: g.position_world(),
                width: 3,
            },
            "@N" => Val {
                node: g.normalize(g.normal_world()),
                width: 3,
            },
            numbers => {
                let parsed: Vec<f32> = numbers
                    .split(',')
                    .map(|s| s.trim().parse().unwrap_or(0.0))
                    .collect();
                let v = self.c.constant(&parsed);
                self.c.fit(v, width)
            }
        })
    }

    /// Input `name` as a number the program is built with (an octave count, a style): a value,
    /// not a connection.
    fn number(&mut self, name: &str) -> Result<f32, MaterialxError> {
        let el = Compiler::input_element(self.node, name);
        let scope = self.c.scope_of(self.node);
        let held = match el.and_then(|e| e.attribute("interfacename")) {
            Some(i) => Compiler::input_element(scope, i),
            None => el,
        };
        match held {
            Some(h) if h.attribute("value").is_some() => {
                Ok(super::graph::element_value(h, "float")?
                    .and_then(|v| v.first().copied())
                    .unwrap_or(0.0))
            }
            Some(h) if h.attribute("nodename").is_some() || h.attribute("nodegraph").is_some() => {
                Err(MaterialxError::Unsupported(format!(
                    "the input {name} of {} is connected; the loader builds it only from a value",
                    describe(self.node)
                )))
            }
            _ => Ok(default_of(self.category, name)
                .and_then(|s| s.parse().ok())
                .unwrap_or(0.0)),
        }
    }

    /// A string input (`space`, an address mode), or `default`.
    fn string(&self, name: &str, default: &'a str) -> &'a str {
        Compiler::input_element(self.node, name)
            .and_then(|e| e.attribute("value"))
            .unwrap_or(default)
    }

    fn val(node: NodeRef, width: u8) -> Val {
        Val { node, width }
    }

    /// The node's value, `w` wide or to be fitted to it.
    fn node_value(&mut self, w: u8) -> Result<Val, MaterialxError> {
        let category = self.category;
        if let Some((_, op, inputs)) = MATH
            .iter()
            .chain(MATH2.iter())
            .find(|(n, ..)| *n == category)
        {
            let args = inputs
                .iter()
                .map(|name| self.n(name, w))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Self::val(self.c.g.math(*op, &args), w));
        }
        let g = self.c.g.clone();
        let v = |node| Self::val(node, w);
        Ok(match category {
            "modulo" => v(g.mx_modulo(self.n("in1", w)?, self.n("in2", w)?)),
            "safepower" => v(g.mx_safepower(self.n("in1", w)?, self.n("in2", w)?)),
            "invert" => v(g.mx_invert(self.n("in", w)?, self.n("amount", w)?)),
            "magnitude" => Self::val(g.length(self.raw("in", 3)?.node), 1),
            "dotproduct" | "distance" => {
                let a = self.raw("in1", 3)?;
                let b = self.n("in2", a.width)?;
                let f = if category == "dotproduct" {
                    g.dot(a.node, b)
                } else {
                    g.distance(a.node, b)
                };
                Self::val(f, 1)
            }
            "crossproduct" => v(g.cross(self.n("in1", 3)?, self.n("in2", 3)?)),
            "remap" => v(g.remap(
                self.n("in", w)?,
                self.n("inlow", w)?,
                self.n("inhigh", w)?,
                self.n("outlow", w)?,
                self.n("outhigh", w)?,
            )),
            "smoothstep" => {
                v(g.mx_smoothstep(self.n("in", w)?, self.n("low", w)?, self.n("high", w)?))
            }
            "luminance" => Self::val(g.luminance(self.n("in", 3)?, self.n("lumacoeffs", 3)?), 1),
            "saturate" => {
                let rgb = g.saturation(
                    self.n("in", 3)?,
                    self.n("amount", 1)?,
                    self.n("lumacoeffs", 3)?,
                );
                self.keep_alpha(rgb, w)?
            }
            "rgbtohsv" => {
                let rgb = g.mx_rgbtohsv(self.n("in", 3)?);
                self.keep_alpha(rgb, w)?
            }
            "hsvtorgb" => {
                let rgb = g.mx_hsvtorgb(self.n("in", 3)?);
                self.keep_alpha(rgb, w)?
            }
            "contrast" => {
                v(g.mx_contrast(self.n("in", w)?, self.n("amount", w)?, self.n("pivot", w)?))
            }
            "mix" => {
                let (bg, fg) = (self.n("bg", w)?, self.n("fg", w)?);
                let m = self.raw("mix", 1)?;
                let m = if m.width == 1 { m } else { self.c.fit(m, w) };
                v(g.mix(bg, fg, m.node))
            }
            "combine2" | "combine3" | "combine4" => {
                let count = category.as_bytes()[7] - b'0';
                let mut parts = Vec::new();
                for i in 1..=count {
                    let p = self.raw(&format!("in{i}"), 1)?;
                    parts.extend((0..p.width).map(|k| self.c.component(p, k)));
                }
                self.c.join(&parts)
            }
            "extract" => {
                let input = self.raw("in", w)?;
                let index = self.number("index")?;
                if !(0.0..f32::from(input.width)).contains(&index) {
                    return Err(MaterialxError::Parse(format!(
                        "{} extracts the component {index} of a value of {} components",
                        describe(self.node),
                        input.width
                    )));
                }
                Self::val(self.c.component(input, index as u8), 1)
            }
            "separate2" | "separate3" | "separate4" => {
                return Err(MaterialxError::Parse(format!(
                    "{} is read without naming one of its outputs (outx, outy, …)",
                    describe(self.node)
                )))
            }
            "dot" | "constant" | "convert" => {
                let name = if category == "constant" {
                    "value"
                } else {
                    "in"
                };
                self.raw(name, w)?
            }
            "ramplr" => v(g.mx_ramplr(
                self.n("valuel", w)?,
                self.n("valuer", w)?,
                self.n("texcoord", 2)?,
            )),
            "ramptb" => v(g.mx_ramptb(
                self.n("valueb", w)?,
                self.n("valuet", w)?,
                self.n("texcoord", 2)?,
            )),
            "ramp4" => v(g.mx_ramp4(
                self.n("valuetl", w)?,
                self.n("valuetr", w)?,
                self.n("valuebl", w)?,
                self.n("valuebr", w)?,
                self.n("texcoord", 2)?,
            )),
            // The specification's input names (docs/materialx.md).
            "splitlr" => v(g.mx_splitlr(
                self.n("valuel", w)?,
                self.n("valuer", w)?,
                self.n("center", 1)?,
                self.n("texcoord", 2)?,
            )),
            "splittb" => v(g.mx_splittb(
                self.n("valueb", w)?,
                self.n("valuet", w)?,
                self.n("center", 1)?,
                self.n("texcoord", 2)?,
            )),
            "noise2d" | "noise3d" => {
                let at = if category == "noise2d" {
                    self.n("texcoord", 2)?
                } else {
                    self.n("position", 3)?
                };
                let pivot = self.n("pivot", 1)?;
                match w {
                    1 => v(g.mx_noise_float(at, self.n("amplitude", 1)?, pivot)),
                    // three.js: the first two of the vec3 noise, scaled and shifted.
                    2 => {
                        let noise = g.mx_noise_vec3(at, g.vec3(1.0, 1.0, 1.0), g.float(0.0));
                        let xy = g.swizzle(noise, "xy");
                        v(g.add(g.mul(xy, self.n("amplitude", 2)?), pivot))
                    }
                    3 => v(g.mx_noise_vec3(at, self.n("amplitude", 3)?, pivot)),
                    _ => v(g.mx_noise_vec4(at, self.n("amplitude", 4)?, pivot)),
                }
            }
            "fractal2d" | "fractal3d" => self.fractal(w)?,
            "cellnoise2d" | "cellnoise3d" => {
                let at = if category == "cellnoise2d" {
                    self.n("texcoord", 2)?
                } else {
                    self.n("position", 3)?
                };
                match w {
                    3 => v(g.mx_cell_noise_vec3(at)),
                    _ => Self::val(g.mx_cell_noise_float(at), 1),
                }
            }
            "worleynoise2d" | "worleynoise3d" => {
                let at = if category == "worleynoise2d" {
                    self.n("texcoord", 2)?
                } else {
                    self.n("position", 3)?
                };
                let jitter = self.n("jitter", 1)?;
                let style = g.float(self.number("style")?);
                match w {
                    1 if category == "worleynoise2d" => {
                        v(g.mx_worley_noise_float_2d(at, jitter, style))
                    }
                    1 => v(g.mx_worley_noise_float_3d(at, jitter, style)),
                    _ => {
                        let cells = g.mx_worley_noise_vec3_style(at, jitter, style, g.float(0.0));
                        self.c.fit(Self::val(cells, 3), w)
                    }
                }
            }
            "place2d" => {
                let order = match self.number("operationorder")? as i32 {
                    0 => Place2dOrder::Srt,
                    _ => Place2dOrder::Trs,
                };
                v(g.mx_place2d(
                    self.n("texcoord", 2)?,
                    self.n("pivot", 2)?,
                    self.n("scale", 2)?,
                    self.n("rotate", 1)?,
                    self.n("offset", 2)?,
                    order,
                ))
            }
            "rotate2d" => v(g.mx_rotate2d(self.n("in", 2)?, self.n("amount", 1)?)),
            "rotate3d" => {
                v(g.mx_rotate3d(self.n("in", 3)?, self.n("amount", 1)?, self.n("axis", 3)?))
            }
            "position" => Self::val(g.position_world(), 3),
            "normal" => Self::val(g.normalize(g.normal_world()), 3),
            "texcoord" | "geomcolor" => {
                if self.number("index")? != 0.0 {
                    return Err(MaterialxError::Unsupported(format!(
                        "{} reads a set other than the first; the program has one",
                        describe(self.node)
                    )));
                }
                match category {
                    "texcoord" => Self::val(g.uv(), 2),
                    _ => Self::val(g.vertex_color(), 4),
                }
            }
            "time" => Self::val(g.mx_timer(), 1),
            "ifgreater" | "ifgreatereq" | "ifequal" => {
                let (v1, v2) = (self.n("value1", 1)?, self.n("value2", 1)?);
                let (a, b) = (self.n("in1", w)?, self.n("in2", w)?);
                v(match category {
                    "ifgreater" => g.mx_ifgreater(v1, v2, a, b),
                    "ifgreatereq" => g.mx_ifgreatereq(v1, v2, a, b),
                    _ => g.mx_ifequal(v1, v2, a, b),
                })
            }
            "reflect" => v(g.reflect(self.n("in", 3)?, self.n("normal", 3)?)),
            "refract" => v(g.refract(self.n("in", 3)?, self.n("normal", 3)?, self.n("ior", 1)?)),
            "image" | "tiledimage" => self.image(w)?,
            _ => {
                return Err(MaterialxError::Unsupported(format!(
                    "the node category {category} of {} is not in the node library",
                    describe(self.node)
                )))
            }
        })
    }

    /// A colour function of rgb made `w` wide, keeping the input's alpha for a colour4.
    fn keep_alpha(&mut self, rgb: NodeRef, w: u8) -> Result<Val, MaterialxError> {
        if w != 4 {
            return Ok(Self::val(rgb, 3));
        }
        let alpha = self.get("in", 4)?;
        let a = self.c.component(alpha, 3);
        Ok(Self::val(self.c.g.join(&[rgb, a]), 4))
    }

    /// `fractal2d` and `fractal3d` by the node's width, as three.js picks its functions.
    fn fractal(&mut self, w: u8) -> Result<Val, MaterialxError> {
        let g = self.c.g.clone();
        let octaves = self.number("octaves")?;
        if !(0.0..=16.0).contains(&octaves) {
            return Err(MaterialxError::Unsupported(format!(
                "{} asks for {octaves} octaves; the loader builds 0 to 16",
                describe(self.node)
            )));
        }
        let octaves = octaves as u32;
        let lacunarity = self.n("lacunarity", 1)?;
        let diminish = self.n("diminish", 1)?;
        let amplitude = self.n("amplitude", w)?;
        if self.category == "fractal2d" {
            let at = self.n("texcoord", 2)?;
            let one = g.float(1.0);
            return match w {
                1 => Ok(Self::val(g.mx_fractal_noise_float_2d(at, octaves, lacunarity, diminish, amplitude), 1)),
                // three.js: the float fractal at the texcoord and at texcoord + (19, 193).
                2 => {
                    let x = g.mx_fractal_noise_float_2d(at, octaves, lacunarity, diminish, one);
                    let shifted = g.add(at, g.vec2(19.0, 193.0));
                    let y = g.mx_fractal_noise_float_2d(shifted, octaves, lacunarity, diminish, one);
                    Ok(Self::val(g.mul(g.join(&[x, y]), amplitude), 2))
                }
                _ => Err(MaterialxError::Unsupported(format!(
                    "{} is a fractal2d of {w} components; the loader builds the float and vector2 ones",
                    describe(self.node)
                ))),
            };
        }
        let at = self.n("position", 3)?;
        Ok(Self::val(
            match w {
                1 => g.mx_fractal_noise_float(at, octaves, lacunarity, diminish, amplitude),
                2 => g.mx_fractal_noise_vec2(at, octaves, lacunarity, diminish, amplitude),
                3 => g.mx_fractal_noise_vec3(at, octaves, lacunarity, diminish, amplitude),
                _ => g.mx_fractal_noise_vec4(at, octaves, lacunarity, diminish, amplitude),
            },
            w,
        ))
    }

    /// `image` and `tiledimage`: the file sampled at the texcoord (tiled and offset for
    /// `tiledimage`), decoded from sRGB after filtering where its colour space asks, as three.js's
    /// colour-space node does; the default where the node names no file.
    fn image(&mut self, w: u8) -> Result<Val, MaterialxError> {
        for mode in ["uaddressmode", "vaddressmode"] {
            let m = self.string(mode, "periodic");
            if m != "periodic" {
                return Err(MaterialxError::Unsupported(format!(
                    "{} has the {mode} {m}; the loader repeats every image (periodic)",
                    describe(self.node)
                )));
            }
        }
        let Some((id, decode)) = self.c.image_file(self.node)? else {
            return self.get("default", w);
        };
        let g = self.c.g.clone();
        let mut uv = self.n("texcoord", 2)?;
        if self.category == "tiledimage" {
            uv = g.mx_transform_uv(self.n("uvtiling", 2)?, self.n("uvoffset", 2)?, uv);
        }
        let texel = g.texture(id, uv);
        let texel = match decode {
            true => g.join(&[
                g.mx_srgb_texture_to_lin_rec709(g.swizzle(texel, "rgb")),
                g.swizzle(texel, "a"),
            ]),
            false => texel,
        };
        Ok(Self::val(texel, 4))
    }
}
