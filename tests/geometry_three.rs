//! The geometry generators against three.js r187's own arrays: `tools/three_geometry/dump.mjs`
//! runs three's generators in node for several parameter sets of each and writes their
//! position, normal, uv and index arrays to `tests/fixtures/geometry/*.json`. Each case here
//! builds the same parameters and compares: floats within 1e-6 (three computes in f64 and
//! stores f32, as we do; on the machine the fixtures were made on every float is three's f32
//! exactly, and the bound leaves room for a `sin` or `cos` that rounds an f64 otherwise and
//! tips an f32 by one step; it also covers serde_json's float parsing, which may miss the
//! nearest f64 by one step), indices exactly (a non-indexed three geometry is our triangles in
//! order).

use serde_json::Value;
use std::f64::consts::PI;
use tsl::raster::geometry::*;
use tsl::raster::{Geometry, GeometryError, RenderError};

const TOLERANCE: f64 = 1e-6;

/// The cases of one fixture file: (name, params, the case's JSON).
fn cases(family: &str) -> Vec<(String, Vec<Value>, Value)> {
    let path = format!(
        "{}/tests/fixtures/geometry/{family}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["three"], "r187");
    json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|case| {
            let name = case["name"].as_str().unwrap().to_string();
            let params = case["params"].as_array().unwrap().clone();
            (name, params, case.clone())
        })
        .collect()
}

/// Positional parameter `i` as a number, or `default` where three's call left it out.
fn num(params: &[Value], i: usize, default: f64) -> f64 {
    params.get(i).map_or(default, |v| v.as_f64().unwrap())
}

/// Positional parameter `i` as a count.
fn count(params: &[Value], i: usize, default: u32) -> u32 {
    num(params, i, default as f64) as u32
}

/// Positional parameter `i` as a flag.
fn flag(params: &[Value], i: usize, default: bool) -> bool {
    params.get(i).map_or(default, |v| v.as_bool().unwrap())
}

fn floats(case: &Value, key: &str) -> Vec<f64> {
    case[key]
        .as_array()
        .unwrap_or_else(|| panic!("no {key}"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

/// Our geometry equals three's arrays: counts, every float within [`TOLERANCE`], the index.
fn assert_matches(family: &str, name: &str, ours: &Geometry, three: &Value) {
    let label = format!("{family}/{name}");
    let compare = |key: &str, ours: Vec<f32>| {
        let theirs = floats(three, key);
        assert_eq!(ours.len(), theirs.len(), "{label}: {key} length");
        for (i, (&a, &b)) in ours.iter().zip(&theirs).enumerate() {
            assert!(
                (a as f64 - b).abs() <= TOLERANCE,
                "{label}: {key}[{i}] (vertex {}) is {a}, three's {b}",
                i / if key == "uv" { 2 } else { 3 }
            );
        }
    };
    compare(
        "position",
        ours.positions().iter().flat_map(|p| p.to_array()).collect(),
    );
    compare(
        "normal",
        ours.normals()
            .unwrap()
            .iter()
            .flat_map(|n| n.to_array())
            .collect(),
    );
    compare(
        "uv",
        ours.uvs()
            .unwrap()
            .iter()
            .flat_map(|t| t.to_array())
            .collect(),
    );
    let ours_index: Vec<u64> = ours.indices().iter().flatten().map(|&i| i as u64).collect();
    match three["index"].as_array() {
        Some(index) => {
            let theirs: Vec<u64> = index.iter().map(|v| v.as_u64().unwrap()).collect();
            assert_eq!(ours_index, theirs, "{label}: index");
        }
        None => {
            let sequential: Vec<u64> = (0..ours.positions().len() as u64).collect();
            assert_eq!(ours_index, sequential, "{label}: three's is not indexed");
        }
    }
}

/// Runs every case of `family`, building each with `build`; at least `expected` cases.
fn check_family(family: &str, expected: usize, build: impl Fn(&[Value]) -> Geometry) {
    let cases = cases(family);
    assert!(cases.len() >= expected, "{family}: {} cases", cases.len());
    for (name, params, three) in &cases {
        let ours = build(params);
        assert_matches(family, name, &ours, three);
    }
}

#[test]
fn cones_match_three() {
    check_family("cone", 3, |p| {
        ConeGeometry {
            radius: num(p, 0, 1.0),
            height: num(p, 1, 1.0),
            radial_segments: count(p, 2, 32),
            height_segments: count(p, 3, 1),
            open_ended: flag(p, 4, false),
            theta_start: num(p, 5, 0.0),
            theta_length: num(p, 6, 2.0 * PI),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn circles_match_three() {
    check_family("circle", 3, |p| {
        CircleGeometry {
            radius: num(p, 0, 1.0),
            segments: count(p, 1, 32),
            theta_start: num(p, 2, 0.0),
            theta_length: num(p, 3, 2.0 * PI),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn rings_match_three() {
    check_family("ring", 3, |p| {
        RingGeometry {
            inner_radius: num(p, 0, 0.5),
            outer_radius: num(p, 1, 1.0),
            theta_segments: count(p, 2, 32),
            phi_segments: count(p, 3, 1),
            theta_start: num(p, 4, 0.0),
            theta_length: num(p, 5, 2.0 * PI),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn torus_knots_match_three() {
    check_family("torus_knot", 3, |p| {
        TorusKnotGeometry {
            radius: num(p, 0, 1.0),
            tube: num(p, 1, 0.4),
            tubular_segments: count(p, 2, 64),
            radial_segments: count(p, 3, 8),
            p: num(p, 4, 2.0),
            q: num(p, 5, 3.0),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn capsules_match_three() {
    check_family("capsule", 3, |p| {
        CapsuleGeometry {
            radius: num(p, 0, 1.0),
            height: num(p, 1, 1.0),
            cap_segments: count(p, 2, 4),
            radial_segments: count(p, 3, 8),
            height_segments: count(p, 4, 1),
        }
        .build()
        .unwrap()
    });
}

/// A list of (x, y) pairs from the fixture's params.
fn points2(value: &Value) -> Vec<[f64; 2]> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|p| [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()])
        .collect()
}

#[test]
fn lathes_match_three() {
    check_family("lathe", 3, |p| {
        let default = LatheGeometry::default();
        LatheGeometry {
            points: p.first().map_or(default.points, points2),
            segments: count(p, 1, 12),
            phi_start: num(p, 2, 0.0),
            phi_length: num(p, 3, 2.0 * PI),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn polyhedra_match_three() {
    check_family("polyhedron", 10, |p| {
        let kind = p[0].as_str().unwrap();
        let solid = match kind {
            "tetrahedron" => Platonic::Tetrahedron,
            "octahedron" => Platonic::Octahedron,
            "icosahedron" => Platonic::Icosahedron,
            "dodecahedron" => Platonic::Dodecahedron,
            "custom" => {
                let flat: Vec<f64> = p[1]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                let index: Vec<u32> = p[2]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap() as u32)
                    .collect();
                return PolyhedronGeometry {
                    vertices: flat.chunks_exact(3).map(|v| [v[0], v[1], v[2]]).collect(),
                    faces: index.chunks_exact(3).map(|f| [f[0], f[1], f[2]]).collect(),
                    radius: num(p, 3, 1.0),
                    detail: count(p, 4, 0),
                }
                .build()
                .unwrap();
            }
            other => panic!("unknown solid {other}"),
        };
        solid
            .geometry(num(p, 1, 1.0), count(p, 2, 0))
            .build()
            .unwrap()
    });
}

/// The parameter a refusal names.
fn refused(result: Result<Geometry, RenderError>) -> &'static str {
    match result {
        Err(RenderError::Geometry(GeometryError::Parameter { parameter, .. })) => parameter,
        Ok(g) => panic!("not refused: {} vertices built", g.positions().len()),
        Err(e) => panic!("refused otherwise: {e}"),
    }
}

#[test]
fn bad_parameters_are_refused_by_name() {
    let cone = |f: fn(&mut ConeGeometry)| {
        let mut g = ConeGeometry::default();
        f(&mut g);
        refused(g.build())
    };
    assert_eq!(cone(|g| g.radius = -1.0), "radius");
    assert_eq!(cone(|g| g.height = f64::NAN), "height");
    assert_eq!(cone(|g| g.height = 0.0), "height");
    assert_eq!(cone(|g| g.radial_segments = 0), "radial_segments");
    assert_eq!(
        cone(|g| g.height_segments = MAX_SEGMENTS + 1),
        "height_segments"
    );
    assert_eq!(cone(|g| g.theta_length = f64::INFINITY), "theta_length");
    assert_eq!(refused(CircleGeometry::new(0.0, 8).build()), "radius");
    assert_eq!(refused(CircleGeometry::new(1.0, 5000).build()), "segments");
    assert_eq!(
        refused(RingGeometry::new(-0.1, 1.0, 8).build()),
        "inner_radius"
    );
    assert_eq!(
        refused(RingGeometry::new(0.5, 0.0, 8).build()),
        "outer_radius"
    );
    let knot = TorusKnotGeometry {
        p: 0.0,
        ..TorusKnotGeometry::default()
    };
    assert_eq!(refused(knot.build()), "p");
    let knot = TorusKnotGeometry {
        tubular_segments: 0,
        ..TorusKnotGeometry::default()
    };
    assert_eq!(refused(knot.build()), "tubular_segments");
    assert_eq!(refused(CapsuleGeometry::new(1.0, -1.0).build()), "height");
    assert_eq!(refused(CapsuleGeometry::new(0.0, 1.0).build()), "radius");
    assert_eq!(
        refused(LatheGeometry::new(vec![[0.0, 0.0]], 8).build()),
        "points"
    );
    assert_eq!(
        refused(LatheGeometry::new(vec![[0.0, 0.0], [f64::NAN, 1.0]], 8).build()),
        "points"
    );
    assert_eq!(
        refused(LatheGeometry::new(vec![[0.0, 0.0], [1.0, 1.0]], 0).build()),
        "segments"
    );
    assert_eq!(
        refused(Platonic::Icosahedron.geometry(1.0, MAX_DETAIL + 1).build()),
        "detail"
    );
    assert_eq!(
        refused(Platonic::Octahedron.geometry(f64::NAN, 0).build()),
        "radius"
    );
    let bad_face = PolyhedronGeometry {
        vertices: vec![[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        faces: vec![[0, 1, 3]],
        radius: 1.0,
        detail: 0,
    };
    assert_eq!(refused(bad_face.build()), "faces");
    // The message names the generator, the parameter, the value and the rule.
    let message = ConeGeometry::new(-2.0, 1.0, 8)
        .build()
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "geometry: ConeGeometry: radius = -2 is refused (a finite size ≥ 0)"
    );
}

/// A 3D point from the fixture's params.
fn point3(value: &Value) -> glam::DVec3 {
    glam::DVec3::new(
        value[0].as_f64().unwrap(),
        value[1].as_f64().unwrap(),
        value[2].as_f64().unwrap(),
    )
}

/// A `['catmull_rom', points, closed, curveType, tension]` path of the fixtures.
fn catmull_rom(path: &Value) -> CatmullRomCurve3 {
    assert_eq!(path[0], "catmull_rom");
    let curve_type = match path[3].as_str().unwrap() {
        "centripetal" => CatmullRomType::Centripetal,
        "chordal" => CatmullRomType::Chordal,
        "catmullrom" => CatmullRomType::Uniform,
        other => panic!("unknown curve type {other}"),
    };
    CatmullRomCurve3 {
        points: path[1].as_array().unwrap().iter().map(point3).collect(),
        closed: path[2].as_bool().unwrap(),
        curve_type,
        tension: path[4].as_f64().unwrap(),
    }
}

/// The tube with the fixture's parameters after the path.
fn tube<C: Curve3>(path: C, p: &[Value]) -> Geometry {
    TubeGeometry {
        path,
        tubular_segments: count(p, 1, 64),
        radius: num(p, 2, 1.0),
        radial_segments: count(p, 3, 8),
        closed: flag(p, 4, false),
    }
    .build()
    .unwrap()
}

#[test]
fn tubes_match_three() {
    check_family("tube", 5, |p| {
        let Some(path) = p.first() else {
            return TubeGeometry::default().build().unwrap();
        };
        match path[0].as_str().unwrap() {
            "catmull_rom" => tube(catmull_rom(path), p),
            "line" => tube(
                LineCurve3 {
                    v1: point3(&path[1]),
                    v2: point3(&path[2]),
                },
                p,
            ),
            other => panic!("unknown path {other}"),
        }
    });
}

#[test]
fn bad_tubes_are_refused() {
    let one_point = CatmullRomCurve3::new(vec![glam::DVec3::ZERO]);
    assert_eq!(refused(TubeGeometry::new(one_point).build()), "points");
    let t = TubeGeometry {
        radius: -0.5,
        ..TubeGeometry::default()
    };
    assert_eq!(refused(t.build()), "radius");
    let t = TubeGeometry {
        tubular_segments: 0,
        ..TubeGeometry::default()
    };
    assert_eq!(refused(t.build()), "tubular_segments");
    // A curve of the user's that gives NaNs is refused by the geometry's own check.
    let nan = |t: f64| glam::DVec3::new(t, f64::NAN, 0.0);
    assert!(matches!(
        TubeGeometry::new(nan).build(),
        Err(RenderError::Geometry(GeometryError::NonFinite))
    ));
}

/// The shapes of `tests/fixtures/geometry/shapes.json`, by name: an outline of commands
/// (`M x y`, `L x y`, `Q cx cy x y`, `C c1x c1y c2x c2y x y`) and holes of the same.
fn shape(name: &str) -> Shape {
    let path = format!(
        "{}/tests/fixtures/geometry/shapes.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let path_of = |commands: &Value| {
        commands
            .as_array()
            .unwrap()
            .iter()
            .fold(Path::new(), |path, command| {
                let c: Vec<f64> = command.as_array().unwrap()[1..]
                    .iter()
                    .map(|v| v.as_f64().unwrap())
                    .collect();
                match command[0].as_str().unwrap() {
                    "M" => path.move_to(c[0], c[1]),
                    "L" => path.line_to(c[0], c[1]),
                    "Q" => path.quadratic_curve_to(c[0], c[1], c[2], c[3]),
                    "C" => path.bezier_curve_to([c[0], c[1]], [c[2], c[3]], c[4], c[5]),
                    other => panic!("unknown command {other}"),
                }
            })
    };
    let entry = &json[name];
    let mut shape = Shape::new(path_of(&entry[0]));
    for hole in entry[1].as_array().unwrap() {
        shape = shape.with_hole(path_of(hole));
    }
    shape
}

#[test]
fn shapes_match_three() {
    check_family("shape", 10, |p| {
        if p.is_empty() {
            return ShapeGeometry::default().build().unwrap();
        }
        ShapeGeometry {
            shapes: vec![shape(p[0].as_str().unwrap())],
            curve_segments: count(p, 1, 12),
        }
        .build()
        .unwrap()
    });
}

#[test]
fn extrusions_match_three() {
    check_family("extrude", 9, |p| {
        if p.is_empty() {
            return ExtrudeGeometry::default().build().unwrap();
        }
        let options = &p[1];
        let opt = |key: &str| options.get(key).and_then(Value::as_f64);
        let mut g = ExtrudeGeometry::new(shape(p[0].as_str().unwrap()));
        g.curve_segments = opt("curveSegments").map_or(12, |v| v as u32);
        g.steps = opt("steps").map_or(1, |v| v as u32);
        g.depth = opt("depth").unwrap_or(1.0);
        g.bevel_enabled = options
            .get("bevelEnabled")
            .is_none_or(|v| v.as_bool().unwrap());
        g.bevel_thickness = opt("bevelThickness").unwrap_or(0.2);
        g.bevel_size = opt("bevelSize");
        g.bevel_offset = opt("bevelOffset").unwrap_or(0.0);
        g.bevel_segments = opt("bevelSegments").map_or(3, |v| v as u32);
        g.extrude_path = options.get("extrudePath").map(catmull_rom);
        g.build().unwrap()
    });
}

#[test]
fn the_shape_fixtures_reach_earcut_s_z_order_search() {
    // Earcut searches by z-order when the polygon has more than 80 points (160 coordinates,
    // holes included): the comb (the `comb` cases of shapes_match_three and
    // extrusions_match_three) has 82, so those cases hold the z-order path to three's
    // triangles; the others hold the plain search.
    let comb = ShapeGeometry::new(shape("comb")).build().unwrap();
    assert_eq!(comb.positions().len(), 82);
    let heart = ShapeGeometry::new(shape("heart")).build().unwrap();
    assert_eq!(heart.positions().len(), 48);
}

#[test]
fn bad_shapes_are_refused() {
    let empty = Shape::new(Path::new().move_to(1.0, 1.0));
    assert_eq!(
        refused(ShapeGeometry::new(empty.clone()).build()),
        "outline"
    );
    assert_eq!(refused(ExtrudeGeometry::new(empty).build()), "outline");
    let nan = Shape::new(Path::from_points(&[
        [0.0, 0.0],
        [1.0, f64::NAN],
        [1.0, 1.0],
    ]));
    assert_eq!(refused(ShapeGeometry::new(nan).build()), "outline");
    let square = shape("square");
    let mut g = ShapeGeometry::new(square.clone());
    g.curve_segments = 0;
    assert_eq!(refused(g.build()), "curve_segments");
    let mut e = ExtrudeGeometry::new(square.clone());
    e.depth = -1.0;
    assert_eq!(refused(e.build()), "depth");
    let mut e = ExtrudeGeometry::new(square);
    e.steps = 0;
    assert_eq!(refused(e.build()), "steps");
    // Each count within its limit, but together past MAX_GENERATED_VERTICES: an outline and
    // four holes of 4096 curved pieces, 1025 points each (5 · 4096 · 1025 > 2^24), refused
    // before a point is made.
    let mut wavy = Path::new();
    for i in 0..4096 {
        wavy = wavy.quadratic_curve_to(i as f64, 1.0, i as f64 + 1.0, 0.0);
    }
    let holes = vec![wavy.clone(); 4];
    let shape = ShapeGeometry {
        shapes: vec![Shape {
            outline: wavy.clone(),
            holes,
        }],
        curve_segments: MAX_SEGMENTS,
    };
    assert_eq!(refused(shape.build()), "vertices");
    let mut e = ExtrudeGeometry::new(Shape::new(wavy));
    e.curve_segments = 16;
    e.steps = MAX_SEGMENTS;
    assert_eq!(refused(e.build()), "vertices");
    let many_faces = PolyhedronGeometry {
        detail: MAX_DETAIL,
        ..Platonic::Icosahedron.geometry(1.0, 0)
    };
    let faces = many_faces.faces.repeat(200);
    assert_eq!(
        refused(
            PolyhedronGeometry {
                faces,
                ..many_faces
            }
            .build()
        ),
        "vertices"
    );
}

#[test]
fn the_earlier_generators_match_three() {
    check_family("box", 2, |p| {
        BoxGeometry {
            width: num(p, 0, 1.0),
            height: num(p, 1, 1.0),
            depth: num(p, 2, 1.0),
            width_segments: count(p, 3, 1),
            height_segments: count(p, 4, 1),
            depth_segments: count(p, 5, 1),
        }
        .build()
    });
    check_family("plane", 2, |p| {
        PlaneGeometry {
            width: num(p, 0, 1.0),
            height: num(p, 1, 1.0),
            width_segments: count(p, 2, 1),
            height_segments: count(p, 3, 1),
        }
        .build()
    });
    check_family("sphere", 3, |p| {
        SphereGeometry {
            radius: num(p, 0, 1.0),
            width_segments: count(p, 1, 32),
            height_segments: count(p, 2, 16),
            phi_start: num(p, 3, 0.0),
            phi_length: num(p, 4, 2.0 * PI),
            theta_start: num(p, 5, 0.0),
            theta_length: num(p, 6, PI),
        }
        .build()
    });
    check_family("cylinder", 3, |p| {
        CylinderGeometry {
            radius_top: num(p, 0, 1.0),
            radius_bottom: num(p, 1, 1.0),
            height: num(p, 2, 1.0),
            radial_segments: count(p, 3, 32),
            height_segments: count(p, 4, 1),
            open_ended: flag(p, 5, false),
            theta_start: num(p, 6, 0.0),
            theta_length: num(p, 7, 2.0 * PI),
        }
        .build()
    });
    check_family("torus", 2, |p| {
        TorusGeometry {
            radius: num(p, 0, 1.0),
            tube: num(p, 1, 0.4),
            radial_segments: count(p, 2, 12),
            tubular_segments: count(p, 3, 48),
            arc: num(p, 4, 2.0 * PI),
            theta_start: num(p, 5, 0.0),
            theta_length: num(p, 6, 2.0 * PI),
        }
        .build()
    });
}

/// Values a user might pass by mistake or on purpose.
const HOSTILE: [f64; 10] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MAX,
    -f64::MAX,
    1e300,
    0.0,
    -0.0,
    1e-300,
    -1.0,
];

/// Builds under `catch_unwind`: a panic fails the test and names the case; a geometry that is
/// built holds only finite values (its own check ran).
fn no_panic(case: &str, build: impl FnOnce() -> Result<Geometry, RenderError>) {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)) {
        Ok(Ok(g)) => {
            let finite = g.positions().iter().all(|p| p.is_finite())
                && g.normals().unwrap().iter().all(|n| n.is_finite())
                && g.uvs().unwrap().iter().all(|t| t.is_finite());
            assert!(finite, "{case}: built a non-finite geometry");
        }
        Ok(Err(_)) => {}
        Err(_) => panic!("{case}: the generator panicked"),
    }
}

#[test]
fn hostile_parameters_are_refused_or_built_finite_never_a_panic() {
    for (i, &v) in HOSTILE.iter().enumerate() {
        let case = |name: &str| format!("{name} with value #{i} ({v})");
        let cone = ConeGeometry::default();
        no_panic(&case("cone radius"), || {
            ConeGeometry { radius: v, ..cone }.build()
        });
        no_panic(&case("cone height"), || {
            ConeGeometry { height: v, ..cone }.build()
        });
        no_panic(&case("cone theta"), || {
            ConeGeometry {
                theta_length: v,
                ..cone
            }
            .build()
        });
        no_panic(&case("circle"), || CircleGeometry::new(v, 8).build());
        no_panic(&case("ring"), || RingGeometry::new(v, 1.0, 8).build());
        no_panic(&case("ring outer"), || RingGeometry::new(0.5, v, 8).build());
        no_panic(&case("knot radius"), || {
            TorusKnotGeometry::new(v, 0.4, 2.0, 3.0).build()
        });
        no_panic(&case("knot p"), || {
            TorusKnotGeometry::new(1.0, 0.4, v, 3.0).build()
        });
        no_panic(&case("knot q"), || {
            TorusKnotGeometry::new(1.0, 0.4, 2.0, v).build()
        });
        no_panic(&case("capsule"), || CapsuleGeometry::new(v, v).build());
        no_panic(&case("lathe"), || {
            LatheGeometry::new(vec![[v, 0.0], [0.5, v], [0.0, 1.0]], 5).build()
        });
        no_panic(&case("lathe phi"), || {
            LatheGeometry {
                phi_length: v,
                ..LatheGeometry::default()
            }
            .build()
        });
        no_panic(&case("polyhedron"), || {
            Platonic::Dodecahedron.geometry(v, 1).build()
        });
        let points = vec![
            glam::DVec3::ZERO,
            glam::DVec3::new(v, 1.0, 0.0),
            glam::DVec3::X,
        ];
        no_panic(&case("tube"), || {
            TubeGeometry::new(CatmullRomCurve3::new(points.clone())).build()
        });
        no_panic(&case("tube radius"), || {
            TubeGeometry {
                radius: v,
                ..TubeGeometry::default()
            }
            .build()
        });
        let closed = CatmullRomCurve3 {
            closed: true,
            tension: v,
            curve_type: CatmullRomType::Uniform,
            ..CatmullRomCurve3::new(points)
        };
        no_panic(&case("closed tube"), || {
            TubeGeometry {
                closed: true,
                ..TubeGeometry::new(closed)
            }
            .build()
        });
        let line = LineCurve3 {
            v1: glam::DVec3::splat(v),
            v2: glam::DVec3::ZERO,
        };
        no_panic(&case("line tube"), || TubeGeometry::new(line).build());
        // Outlines: degenerate (a point, a line, collinear), hostile coordinates.
        for outline in [
            vec![[0.0, 0.0], [v, v]],
            vec![[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [v, 0.0]],
            vec![[0.0, 0.0], [1.0, 0.0], [1.0, v], [0.0, 1.0]],
            vec![[v, v], [v, v], [v, v]],
        ] {
            let shape =
                Shape::new(Path::from_points(&outline)).with_hole(Path::from_points(&outline));
            no_panic(&case("shape"), || ShapeGeometry::new(shape.clone()).build());
            no_panic(&case("extrude"), || {
                ExtrudeGeometry::new(shape.clone()).build()
            });
        }
        let square = shape("square");
        no_panic(&case("extrude depth"), || {
            ExtrudeGeometry {
                depth: v,
                ..ExtrudeGeometry::new(square.clone())
            }
            .build()
        });
        no_panic(&case("extrude bevel"), || {
            ExtrudeGeometry {
                bevel_size: Some(v),
                bevel_offset: v,
                ..ExtrudeGeometry::new(square.clone())
            }
            .build()
        });
    }
    // Curves asked for points far outside 0..1, and frames of no segments.
    let curve = CatmullRomCurve3 {
        closed: true,
        ..CatmullRomCurve3::new(vec![glam::DVec3::ZERO, glam::DVec3::X, glam::DVec3::Y])
    };
    for t in HOSTILE {
        let _ =
            std::panic::catch_unwind(|| curve.point(t)).expect("a closed curve's point panicked");
        let open = CatmullRomCurve3 {
            closed: false,
            ..curve.clone()
        };
        let _ = std::panic::catch_unwind(|| open.point(t)).expect("an open curve's point panicked");
    }
    let empty = CatmullRomCurve3::new(Vec::new());
    assert!(empty.point(0.5).is_nan());
    let _ = std::panic::catch_unwind(|| frenet_frames(&curve, 0, true))
        .expect("frames of no segments panicked");
}
