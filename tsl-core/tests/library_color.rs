//! three.js r187's colour functions and MaterialX's colour and utility functions (R-LIB-1,
//! docs/requirements.md), each held to the values real three.js computed for 64 colours
//! (`tests/fixtures/library_color.json`, made by `tools/oracle_probes/library_color.mjs`; see
//! `tools/oracle_probes/README.md`), evaluated here by `run_nodes` with the colour as a uniform.
//!
//! Bounds: rows of plain arithmetic agree within glsl_oracle.rs's bound, 1e-5 relative (1e-6
//! absolute near zero). Rows with a transcendental (`pow`, `sin`, `cos`, `log2`, ...) agree within
//! 2e-4 absolute (relative above one): SwiftShader's transcendentals are not correctly rounded and
//! differ from IEEE by up to about that much.

use glam::{Vec4, Vec4Swizzles};
use serde_json::Value;
use tsl_core::typed;
use tsl_core::*;

/// How close a row must be.
#[derive(Clone, Copy, Debug)]
enum Bound {
    /// Arithmetic only: 1e-5 relative, 1e-6 absolute near zero.
    Arithmetic,
    /// With a transcendental: 2e-4 absolute, relative above one.
    Transcendental,
}

impl Bound {
    fn holds(self, got: f32, want: f32) -> bool {
        if want.is_nan() || got.is_nan() {
            return want.is_nan() && got.is_nan();
        }
        if want.is_infinite() || got.is_infinite() {
            return want == got;
        }
        let diff = (got - want).abs();
        match self {
            Bound::Arithmetic => diff <= 1e-5 * want.abs() || diff <= 1e-6,
            Bound::Transcendental => diff <= 2e-4 * want.abs().max(1.0),
        }
    }
}

use Bound::{Arithmetic as A, Transcendental as T};

struct Fixture {
    inputs: Vec<Vec4>,
    outputs: serde_json::Map<String, Value>,
}

fn bits(word: &str) -> f32 {
    f32::from_bits(u32::from_str_radix(word, 16).expect("hex bits"))
}

fn floats(s: &str) -> Vec<f32> {
    s.split(' ').map(bits).collect()
}

fn fixture() -> Fixture {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/library_color.json"
    );
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the fixture")).expect("JSON");
    let inputs = json["inputs"]
        .as_array()
        .expect("inputs")
        .iter()
        .map(|v| Vec4::from_slice(&floats(v.as_str().expect("hex"))))
        .collect();
    let outputs = json["outputs"].as_object().expect("outputs").clone();
    Fixture { inputs, outputs }
}

/// Three.js's values of row `name`, one per input.
fn expected(fixture: &Fixture, name: &str) -> Vec<Vec<f32>> {
    fixture.outputs[name]["values"]
        .as_array()
        .unwrap_or_else(|| panic!("no row {name} in the fixture"))
        .iter()
        .map(|v| floats(v.as_str().expect("hex")))
        .collect()
}

/// A compiled graph of one expression of the uniform `input` (a vec4), read back from
/// COLOR_NODE (x, y, z, padded with zeros) and OPACITY_NODE (w, or a float).
struct Probe {
    program: NodeProgram,
    width: usize,
}

impl Probe {
    #[track_caller]
    fn new(graph: &NodeGraph, node: NodeRef) -> Probe {
        let ty = graph
            .type_of(node)
            .unwrap_or_else(|| panic!("refused: {:?}", graph.error()));
        let width = ty.width().expect("a float or a vector");
        let zero = graph.float(0.0);
        let (xyz, w) = match width {
            1 => (None, Some(node)),
            2 => (Some(graph.join(&[node, zero])), None),
            3 => (Some(node), None),
            _ => (
                Some(graph.swizzle(node, "xyz")),
                Some(graph.swizzle(node, "w")),
            ),
        };
        if let Some(xyz) = xyz {
            graph.set_output(COLOR_NODE, xyz).unwrap();
        }
        if let Some(w) = w {
            graph.set_output(OPACITY_NODE, w).unwrap();
        }
        let program = graph.compile().unwrap_or_else(|e| panic!("compile: {e:?}"));
        Probe { program, width }
    }

    fn read(&mut self, input: Vec4) -> Vec<f32> {
        self.program.set_uniform("input", input).unwrap();
        let fragment = Fragment::default();
        let eval = |o| self.program.evaluate(o, &fragment).expect("the output");
        match self.width {
            1 => eval(OPACITY_NODE),
            2 | 3 => eval(COLOR_NODE)[..self.width].to_vec(),
            _ => {
                let mut c = eval(COLOR_NODE);
                c.extend(eval(OPACITY_NODE));
                c
            }
        }
    }
}

/// Why three.js's value of row `name` at `input` is not a value to hold us to: GLSL leaves it
/// undefined and SwiftShader's answer is one of several conformant ones.
fn undefined_at(name: &str, c: Vec4) -> Option<&'static str> {
    match name {
        // `pow(x, y)` of a negative x is undefined; SwiftShader gives |x|^y, run_nodes NaN.
        "mx_power" if c.x < 0.0 => Some("pow of a negative base"),
        // 0/0 inside `min`: GLSL does not say which operand a NaN gives back.
        "blend_burn"
            if (c.truncate() - 1.0)
                .cmpeq(glam::Vec3::ZERO)
                .any_and(c.yzw().cmpeq(glam::Vec3::ZERO)) =>
        {
            Some("min(1, 0/0)")
        }
        "blend_dodge"
            if c.truncate()
                .cmpeq(glam::Vec3::ZERO)
                .any_and(c.yzw().cmpeq(glam::Vec3::ONE)) =>
        {
            Some("min(0/0, 1)")
        }
        _ => None,
    }
}

/// Whether some lane is set in both masks.
trait AnyAnd {
    fn any_and(self, other: Self) -> bool;
}

impl AnyAnd for glam::BVec3 {
    fn any_and(self, other: Self) -> bool {
        (self & other).any()
    }
}

/// Every input of the fixture through `build` (given the graph and the input node), against row
/// `name`.
#[track_caller]
fn check(
    fixture: &Fixture,
    name: &str,
    bound: Bound,
    build: impl Fn(&NodeGraph, NodeRef) -> NodeRef,
) {
    let graph = NodeGraph::new();
    let input = graph.named_uniform("input", Vec4::ZERO);
    let node = build(&graph, input);
    compare(fixture, name, bound, &graph, node);
}

/// [`check`] for a typed expression of the typed uniform `input`, built in a [`typed::Scope`].
#[track_caller]
fn check_typed<T: typed::NodeType>(
    fixture: &Fixture,
    name: &str,
    bound: Bound,
    build: impl Fn(typed::Node<typed::Vec4>) -> typed::Node<T>,
) {
    let scope = typed::Scope::new();
    let node = build(typed::uniform(Vec4::ZERO).set_name("input"));
    compare(fixture, name, bound, &scope, node.node_ref());
}

/// `node` of `graph`, whose uniform `input` is set to each input of the fixture, against row
/// `name`.
#[track_caller]
fn compare(fixture: &Fixture, name: &str, bound: Bound, graph: &NodeGraph, node: NodeRef) {
    let mut probe = Probe::new(graph, node);
    let want = expected(fixture, name);
    let mut failures = Vec::new();
    for (input, want) in fixture.inputs.iter().zip(&want) {
        if undefined_at(name, *input).is_some() {
            continue;
        }
        let got = probe.read(*input);
        let ok = got.len() == want.len() && got.iter().zip(want).all(|(&g, &w)| bound.holds(g, w));
        if !ok {
            failures.push(format!("  input {input}: got {got:?}, three.js {want:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{name}: {} of {} inputs differ ({bound:?} bound):\n{}",
        failures.len(),
        want.len(),
        failures.join("\n")
    );
}

/// Check every row of a table; report all failing rows at once.
macro_rules! rows {
    ($fixture:expr; $($name:literal, $bound:expr, |$g:ident, $c:ident| $build:expr;)*) => {{
        let mut failed = Vec::new();
        $(
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                check($fixture, $name, $bound, |$g: &NodeGraph, $c: NodeRef| $build)
            }));
            if let Err(e) = result {
                failed.push(e.downcast_ref::<String>().cloned().unwrap_or_else(|| $name.to_string()));
            }
        )*
        assert!(failed.is_empty(), "{} rows failed:\n{}", failed.len(), failed.join("\n"));
    }};
}

fn v3(g: &NodeGraph, v: [f32; 3]) -> NodeRef {
    g.vec3(v[0], v[1], v[2])
}

fn rgb(g: &NodeGraph, c: NodeRef) -> NodeRef {
    g.swizzle(c, "rgb")
}

#[test]
fn colour_adjustments_match_three() {
    let f = fixture();
    rows! { &f;
        "luminance", A, |g, c| g.luminance(rgb(g, c), g.working_luminance_coefficients());
        "luminance_coeffs", A, |g, c| g.luminance(rgb(g, c), v3(g, [0.3, 0.59, 0.11]));
        "grayscale", A, |g, c| g.grayscale(rgb(g, c), g.working_luminance_coefficients());
        "saturation", A, |g, c| g.saturation(rgb(g, c), g.float(0.3), g.working_luminance_coefficients());
        "saturation_up", A, |g, c| g.saturation(rgb(g, c), g.float(1.7), g.working_luminance_coefficients());
        "vibrance", A, |g, c| g.vibrance(rgb(g, c), g.float(0.6));
        "vibrance_down", A, |g, c| g.vibrance(rgb(g, c), g.float(-0.4));
        "hue", T, |g, c| g.hue(rgb(g, c), g.float(1.2));
        "posterize", A, |g, c| g.posterize(rgb(g, c), g.float(4.0));
        "cdl", T, |g, c| g.cdl(c, v3(g, [1.1, 0.9, 1.2]), v3(g, [0.02, -0.01, 0.0]), v3(g, [1.2, 0.8, 1.0]), g.float(0.7), v3(g, REC709_LUMINANCE_COEFFICIENTS));
        "cdl_default", T, |g, c| g.cdl(c, v3(g, [1.0; 3]), v3(g, [0.0; 3]), v3(g, [1.0; 3]), g.float(1.0), v3(g, REC709_LUMINANCE_COEFFICIENTS));
        "sepia", A, |g, c| g.sepia(c);
        "bleach", A, |g, c| g.bleach(c, g.float(1.0));
        "bleach_half", A, |g, c| g.bleach(c, g.float(0.5));
    }
}

#[test]
fn blend_modes_and_alpha_match_three() {
    let f = fixture();
    rows! { &f;
        "blend_burn", A, |g, c| g.blend_burn(rgb(g, c), g.swizzle(c, "gba"));
        "blend_dodge", A, |g, c| g.blend_dodge(rgb(g, c), g.swizzle(c, "gba"));
        "blend_screen", A, |g, c| g.blend_screen(rgb(g, c), g.swizzle(c, "gba"));
        "blend_overlay", A, |g, c| g.blend_overlay(rgb(g, c), g.swizzle(c, "gba"));
        "blend_color", A, |g, c| g.blend_color(c, g.swizzle(c, "wzxy"));
        "premultiply_alpha", A, |g, c| g.premultiply_alpha(c);
        "unpremultiply_alpha", A, |g, c| g.unpremultiply_alpha(c);
    }
}

#[test]
fn transfer_functions_and_tone_mapping_match_three() {
    let f = fixture();
    rows! { &f;
        "srgb_oetf", T, |g, c| g.srgb_transfer_oetf(rgb(g, c));
        "srgb_eotf", T, |g, c| g.srgb_transfer_eotf(rgb(g, c));
        "mx_srgb_texture_to_lin_rec709", T, |g, c| g.mx_srgb_texture_to_lin_rec709(rgb(g, c));
        "convert_srgb_to_linear", T, |g, c| g.convert_color_space(c, NodeColorSpace::Srgb, NodeColorSpace::SrgbLinear);
        "color_space_to_working", T, |g, c| g.color_space_to_working(c, NodeColorSpace::Srgb);
        "working_to_color_space", T, |g, c| g.working_to_color_space(c, NodeColorSpace::Srgb);
        "convert_same", A, |g, c| g.convert_color_space(c, NodeColorSpace::Srgb, NodeColorSpace::Srgb);
        "tone_mapping_node", T, |g, c| g.tone_mapping(ToneMappingCurve::AgX, g.float(1.3), c);
        "tone_mapping_chain", A, |g, c| g.tone_mapping(ToneMappingCurve::AcesFilmic, g.float(0.8), c);
        "linear_tone_mapping", A, |g, c| g.linear_tone_mapping(rgb(g, c), g.float(1.3));
        "reinhard_tone_mapping", A, |g, c| g.reinhard_tone_mapping(rgb(g, c), g.float(1.3));
        "cineon_tone_mapping", T, |g, c| g.cineon_tone_mapping(rgb(g, c), g.float(1.3));
        "aces_filmic_tone_mapping", A, |g, c| g.aces_filmic_tone_mapping(rgb(g, c), g.float(1.3));
        "agx_tone_mapping", T, |g, c| g.agx_tone_mapping(rgb(g, c), g.float(1.3));
        "neutral_tone_mapping", A, |g, c| g.neutral_tone_mapping(rgb(g, c), g.float(1.3));
    }
}

#[test]
fn materialx_colour_and_utilities_match_three() {
    let f = fixture();
    rows! { &f;
        "mx_hsvtorgb", A, |g, c| {
            let h = g.sub(g.mul(g.swizzle(c, "x"), g.float(3.0)), g.float(1.0));
            g.mx_hsvtorgb(g.join(&[h, g.swizzle(c, "yz")]))
        };
        "mx_rgbtohsv", A, |g, c| g.mx_rgbtohsv(rgb(g, c));
        "mx_contrast", A, |g, c| g.mx_contrast(g.swizzle(c, "x"), g.float(1.5), g.float(0.4));
        "mx_contrast_default", A, |g, c| g.mx_contrast(g.swizzle(c, "x"), g.float(1.0), g.float(0.5));
        "mx_safepower", T, |g, c| g.mx_safepower(g.swizzle(c, "x"), g.float(2.2));
        "mx_safepower_xy", T, |g, c| g.mx_safepower(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_ramplr", A, |g, c| g.mx_ramplr(v3(g, [1.0, 0.5, 0.0]), v3(g, [0.0, 0.25, 1.0]), g.swizzle(c, "xy"));
        "mx_ramptb", A, |g, c| g.mx_ramptb(v3(g, [1.0, 0.5, 0.0]), v3(g, [0.0, 0.25, 1.0]), g.swizzle(c, "xy"));
        "mx_ramp4", A, |g, c| g.mx_ramp4(v3(g, [1.0, 0.0, 0.0]), v3(g, [0.0, 1.0, 0.0]), v3(g, [0.0, 0.0, 1.0]), v3(g, [1.0; 3]), g.swizzle(c, "xy"));
        "mx_splitlr", A, |g, c| g.mx_splitlr(v3(g, [1.0, 0.5, 0.0]), v3(g, [0.0, 0.25, 1.0]), g.swizzle(c, "x"), g.vec2(0.43, 0.61));
        "mx_splittb", A, |g, c| g.mx_splittb(v3(g, [1.0, 0.5, 0.0]), v3(g, [0.0, 0.25, 1.0]), g.swizzle(c, "x"), g.vec2(0.43, 0.61));
        "mx_transform_uv", A, |g, c| g.mx_transform_uv(g.float(2.5), g.float(0.25), g.swizzle(c, "xy"));
        "mx_transform_uv_vec2", A, |g, c| g.mx_transform_uv(g.vec2(2.0, -3.0), g.vec2(0.5, 0.125), g.swizzle(c, "xy"));
        "mx_smoothstep", A, |g, c| g.mx_smoothstep(g.swizzle(c, "x"), g.float(0.2), g.float(0.8));
        "mx_smoothstep_inverted", A, |g, c| g.mx_smoothstep(g.swizzle(c, "x"), g.float(0.8), g.float(0.2));
        "mx_rotate2d", T, |g, c| g.mx_rotate2d(g.swizzle(c, "xy"), g.float(37.0));
        "mx_rotate3d", T, |g, c| g.mx_rotate3d(g.swizzle(c, "xyz"), g.float(37.0), v3(g, [1.0, 2.0, 2.0]));
        "mx_place2d", T, |g, c| g.mx_place2d(g.swizzle(c, "xy"), g.vec2(0.5, 0.25), g.vec2(2.0, 0.5), g.float(30.0), g.vec2(0.1, -0.2), Place2dOrder::Srt);
        "mx_place2d_trs", T, |g, c| g.mx_place2d(g.swizzle(c, "xy"), g.vec2(0.5, 0.25), g.vec2(2.0, 0.5), g.float(30.0), g.vec2(0.1, -0.2), Place2dOrder::Trs);
        "mx_separate_outz", A, |g, c| g.mx_separate(c, "outz");
        "mx_separate_a", A, |g, c| g.mx_separate(c, "a");
        "mx_separate_1", A, |g, c| g.mx_separate(c, "1");
        "mx_add", A, |g, c| g.mx_add(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_subtract", A, |g, c| g.mx_subtract(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_multiply", A, |g, c| g.mx_multiply(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_divide", A, |g, c| g.mx_divide(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_modulo", A, |g, c| g.mx_modulo(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_power", T, |g, c| g.mx_power(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_atan2", T, |g, c| g.mx_atan2(g.swizzle(c, "x"), g.swizzle(c, "y"));
        "mx_invert", A, |g, c| g.mx_invert(g.swizzle(c, "x"), g.float(1.0));
        "mx_invert_amount", A, |g, c| g.mx_invert(g.swizzle(c, "x"), g.float(0.75));
        "mx_ifgreater", A, |g, c| g.mx_ifgreater(g.swizzle(c, "x"), g.swizzle(c, "y"), v3(g, [1.0, 2.0, 3.0]), rgb(g, c));
        "mx_ifgreatereq", A, |g, c| g.mx_ifgreatereq(g.swizzle(c, "x"), g.swizzle(c, "y"), v3(g, [1.0, 2.0, 3.0]), rgb(g, c));
        "mx_ifequal", A, |g, c| g.mx_ifequal(g.swizzle(c, "x"), g.swizzle(c, "y"), v3(g, [1.0, 2.0, 3.0]), rgb(g, c));
    }
}

/// The typed front against three.js directly, a few functions of each kind (fixed layouts,
/// generic values, the chain form).
#[test]
fn typed_functions_match_three() {
    use typed::*;
    let f = fixture();
    check_typed(&f, "luminance", A, |c| {
        luminance(c.rgb(), working_luminance_coefficients())
    });
    check_typed(&f, "saturation", A, |c| {
        saturation(c.rgb(), 0.3, working_luminance_coefficients())
    });
    check_typed(&f, "posterize", A, |c| posterize(c.rgb(), 4.0));
    check_typed(&f, "cdl", T, |c| {
        let coefficients = glam::Vec3::from(REC709_LUMINANCE_COEFFICIENTS);
        cdl(
            c,
            glam::vec3(1.1, 0.9, 1.2),
            glam::vec3(0.02, -0.01, 0.0),
            glam::vec3(1.2, 0.8, 1.0),
            0.7,
            coefficients,
        )
    });
    check_typed(&f, "blend_overlay", A, |c| blend_overlay(c.rgb(), c.gba()));
    check_typed(&f, "unpremultiply_alpha", A, unpremultiply_alpha);
    check_typed(&f, "srgb_eotf", T, |c| srgb_transfer_eotf(c.rgb()));
    check_typed(&f, "agx_tone_mapping", T, |c| {
        agx_tone_mapping(c.rgb(), 1.3)
    });
    check_typed(&f, "neutral_tone_mapping", A, |c| {
        c.rgb().tone_mapping(ToneMappingCurve::Neutral, 1.3)
    });
    check_typed(&f, "mx_hsvtorgb", A, |c| {
        mx_hsvtorgb(vec3(c.x() * 3.0 - 1.0, c.y(), c.z()))
    });
    check_typed(&f, "mx_ramp4", A, |c| {
        mx_ramp4(
            glam::vec3(1.0, 0.0, 0.0),
            glam::vec3(0.0, 1.0, 0.0),
            glam::vec3(0.0, 0.0, 1.0),
            glam::Vec3::ONE,
            c.xy(),
        )
    });
    check_typed(&f, "mx_splitlr", A, |c| {
        mx_splitlr(
            glam::vec3(1.0, 0.5, 0.0),
            glam::vec3(0.0, 0.25, 1.0),
            c.x(),
            glam::vec2(0.43, 0.61),
        )
    });
    check_typed(&f, "mx_transform_uv_vec2", A, |c| {
        mx_transform_uv(glam::vec2(2.0, -3.0), glam::vec2(0.5, 0.125), c.xy())
    });
    check_typed(&f, "mx_transform_uv", A, |c| {
        mx_transform_uv(2.5, 0.25, c.xy())
    });
    check_typed(&f, "mx_ifgreatereq", A, |c| {
        mx_ifgreatereq(c.x(), c.y(), glam::vec3(1.0, 2.0, 3.0), c.rgb())
    });
    check_typed(&f, "mx_modulo", A, |c| mx_modulo(c.x(), c.y()));
    check_typed(&f, "working_to_color_space", T, |c| {
        c.working_to_color_space(NodeColorSpace::Srgb)
    });
    check_typed(&f, "color_space_to_working", T, |c| {
        c.color_space_to_working(NodeColorSpace::Srgb)
    });
    check_typed(&f, "mx_separate_outz", A, |c| mx_separate(c, "outZ"));
}

/// The typed front builds the builder's nodes, node for node.
#[test]
fn typed_builds_the_builders_nodes() {
    use typed::*;
    let typed_graph = |build: &dyn Fn(Node<typed::Vec4>)| {
        let scope = Scope::new();
        build(uniform(glam::Vec4::ZERO).set_name("input"));
        scope.into_graph().parts()
    };
    let builder_graph = |build: &dyn Fn(&NodeGraph, NodeRef)| {
        let graph = NodeGraph::new();
        build(&graph, graph.named_uniform("input", glam::Vec4::ZERO));
        graph.parts()
    };
    assert_eq!(
        typed_graph(&|c| {
            hue(c.rgb(), 1.2);
        }),
        builder_graph(&|g, c| {
            let rgb = g.swizzle(c, "rgb");
            g.hue(rgb, g.float(1.2));
        }),
    );
    assert_eq!(
        typed_graph(&|c| {
            c.tone_mapping(ToneMappingCurve::AcesFilmic, 0.8);
        }),
        builder_graph(&|g, c| {
            let exposure = g.float(0.8);
            g.tone_mapping(ToneMappingCurve::AcesFilmic, exposure, c);
        }),
    );
    assert_eq!(
        typed_graph(&|c| {
            mx_rgbtohsv(c.xyz());
        }),
        builder_graph(&|g, c| {
            g.mx_rgbtohsv(g.swizzle(c, "xyz"));
        }),
    );
}

/// Arguments of a type the layout cannot take are refused with the parameter's name; a float is
/// repeated and a wider vector cut, as TSL converts them.
#[test]
fn layouts_convert_and_refuse_as_tsl() {
    let graph = NodeGraph::new();
    let uv = graph.vec2(0.5, 0.25);
    let refused = graph.sepia(uv);
    assert!(refused.is_refused());
    let error = graph.error().expect("a refusal").to_string();
    assert!(
        error.contains("sepia") && error.contains("color") && error.contains("vec2"),
        "{error}"
    );
    // A node built on the refused one is refused without a second message.
    assert!(graph.premultiply_alpha(refused).is_refused());
    assert_eq!(graph.error().unwrap().to_string(), error);

    // A float grey is repeated: luminance(0.5) is 0.5 times the sum of the coefficients.
    let graph = NodeGraph::new();
    let l = graph.luminance(graph.float(0.5), graph.working_luminance_coefficients());
    graph.set_output(OPACITY_NODE, l).unwrap();
    let got = graph
        .compile()
        .unwrap()
        .evaluate(OPACITY_NODE, &Fragment::default())
        .unwrap();
    let want = 0.5 * (0.2126f32 + 0.7152 + 0.0722);
    assert!((got[0] - want).abs() <= 1e-6, "{got:?} vs {want}");

    // A vec4 colour's alpha is dropped where the layout says vec3: sRGB's EOTF of (1, 1, 1, 0).
    let graph = NodeGraph::new();
    let c = graph.srgb_transfer_eotf(graph.vec4(1.0, 1.0, 1.0, 0.0));
    assert_eq!(graph.type_of(c), Some(ValueType::Vec3));

    // ToneMappingCurve::None is the colour itself.
    let graph = NodeGraph::new();
    let c = graph.vec3(2.0, 1.0, 0.5);
    assert_eq!(
        graph.tone_mapping(ToneMappingCurve::None, graph.float(1.0), c),
        c
    );
}

/// `mx_aastep` and `mx_heighttonormal` read derivatives, which the probe cannot pin down (its
/// inputs change arbitrarily from pixel to pixel): their values here are worked out by hand from
/// the fragment's neighbours. With `uv` = (0.3, 0.4) here, (0.31, 0.4) to the right and (0.3, 0.42)
/// above, a height of `uv.x * 8 + uv.y * 4` changes by dFdx = 0.08 and dFdy = 0.08.
#[test]
fn derivative_functions_by_hand() {
    let views = |here: glam::Vec2, right: glam::Vec2, up: glam::Vec2| {
        let mut v = [Fragment::default(); VIEW_COUNT];
        for (view, uv) in [
            (View::Fragment, here),
            (View::DerivativeHere, here),
            (View::Right, right),
            (View::Up, up),
        ] {
            v[view as usize].uv = uv;
        }
        v
    };
    let v = views(
        glam::vec2(0.3, 0.4),
        glam::vec2(0.31, 0.4),
        glam::vec2(0.3, 0.42),
    );
    let read = |graph: &NodeGraph, node: NodeRef, output| {
        graph.set_output(output, node).unwrap();
        let program = graph.compile().unwrap();
        program.evaluate_views(output, &v, &WhiteSampler).unwrap()
    };

    // mx_heighttonormal: dH = (0.08, 0.08) * 2 / 16 = (0.01, 0.01); du = (0.01, 0), dv = (0, 0.02).
    // tangent (0.01, 0, 0.01), bitangent (0, 0.02, 0.01): n = (0 - 0.0002, 0 - 0.0001, 0.0002),
    // normalized (-2, -1, 2) / 3, encoded (1/6, 1/3, 5/6).
    let graph = NodeGraph::new();
    let uv = graph.uv();
    let height = graph.add(
        graph.mul(graph.swizzle(uv, "x"), graph.float(8.0)),
        graph.mul(graph.swizzle(uv, "y"), graph.float(4.0)),
    );
    let n = graph.mx_heighttonormal(height, graph.float(2.0), uv);
    let got = read(&graph, n, COLOR_NODE);
    let want = [1.0 / 6.0, 1.0 / 3.0, 5.0 / 6.0];
    assert!(
        got.iter().zip(want).all(|(g, w)| (g - w).abs() < 1e-3),
        "{got:?} vs {want:?}"
    );

    // With no change at all there is no normal: (0, 0, 1), encoded (0.5, 0.5, 1).
    let graph = NodeGraph::new();
    let flat = graph.mx_heighttonormal(graph.float(0.3), graph.float(1.0), graph.vec2(0.5, 0.5));
    assert_eq!(read(&graph, flat, COLOR_NODE), vec![0.5, 0.5, 1.0]);

    // mx_aastep(0.3, uv.x): w = length(0.01, 0) / sqrt(2), so the step runs over
    // [0.3 - w, 0.3 + w] and uv.x = 0.3 is its middle: 0.5.
    let graph = NodeGraph::new();
    let x = graph.swizzle(graph.uv(), "x");
    let step = graph.mx_aastep(graph.float(0.3), x);
    let got = read(&graph, step, OPACITY_NODE);
    assert!((got[0] - 0.5).abs() < 1e-3, "{got:?}");
    // A quarter of the width past the threshold, t = 5/8 of the way: (5/8)² (3 − 5/4) = 0.68359375.
    let graph = NodeGraph::new();
    let width = 0.01 / 2f32.sqrt();
    let x = graph.add(graph.swizzle(graph.uv(), "x"), graph.float(width / 4.0));
    let step = graph.mx_aastep(graph.float(0.3), x);
    let got = read(&graph, step, OPACITY_NODE);
    assert!((got[0] - 0.683_593_75).abs() < 1e-3, "{got:?}");
}

/// `mx_separate` refuses a name that is no channel, saying which names are.
#[test]
fn mx_separate_refuses_unknown_channels() {
    let graph = NodeGraph::new();
    let v = graph.vec3(1.0, 2.0, 3.0);
    assert!(graph.mx_separate(v, "outq").is_refused());
    let error = graph.error().unwrap().to_string();
    assert!(
        error.contains("mx_separate") && error.contains("`outq`"),
        "{error}"
    );
    // A channel the vector lacks is the swizzle's refusal.
    let graph = NodeGraph::new();
    assert!(graph.mx_separate(graph.vec2(1.0, 2.0), "w").is_refused());
}

/// The colour functions are made of the graph's own operations, so a program of them is emitted
/// natively (R-GPU-11) as any other: one program using every family, to WGSL through naga.
#[cfg(feature = "naga")]
#[test]
fn colour_functions_emit_natively() {
    let graph = NodeGraph::new();
    let input = graph.named_uniform("input", Vec4::ZERO);
    let rgb = graph.swizzle(input, "rgb");
    let k = graph.working_luminance_coefficients();
    let parts = [
        graph.saturation(rgb, graph.float(0.3), k),
        graph.hue(rgb, graph.float(1.2)),
        graph.swizzle(graph.cdl(input, k, k, k, graph.float(0.7), k), "rgb"),
        graph.blend_overlay(rgb, graph.swizzle(input, "gba")),
        graph.swizzle(graph.bleach(input, graph.float(0.5)), "rgb"),
        graph.srgb_transfer_oetf(rgb),
        graph.agx_tone_mapping(rgb, graph.float(1.3)),
        graph.neutral_tone_mapping(rgb, graph.float(1.3)),
        graph.aces_filmic_tone_mapping(rgb, graph.float(1.3)),
        graph.mx_hsvtorgb(graph.mx_rgbtohsv(rgb)),
        graph.mx_splitlr(rgb, k, graph.float(0.5), graph.uv()),
        graph.mx_heighttonormal(graph.luminance(rgb, k), graph.float(1.0), graph.uv()),
    ];
    let sum = parts.into_iter().reduce(|a, b| graph.add(a, b)).unwrap();
    graph.set_output(COLOR_NODE, sum).unwrap();
    let program = graph.compile().unwrap();
    let wgsl = program
        .to_wgsl()
        .unwrap_or_else(|e| panic!("emission refused: {e}"));
    assert!(wgsl.contains("fn fs_main"), "{wgsl}");
}

/// `mx_timer()` is TSL's `time`: the frame's time in seconds.
#[test]
fn mx_timer_is_the_frame_time() {
    let graph = NodeGraph::new();
    graph.set_output(OPACITY_NODE, graph.mx_timer()).unwrap();
    let mut program = graph.compile().unwrap();
    program.set_frame(2.5, glam::Mat4::IDENTITY);
    assert_eq!(
        program.evaluate(OPACITY_NODE, &Fragment::default()),
        Some(vec![2.5])
    );
}
