//! MaterialX noise against real three.js r187: every fixture point bit for bit, and the worked
//! examples of R-NOISE-7 (docs/requirements.md).
//!
//! The fixtures (`tests/fixtures/noise/*.json`) hold float32 bits as hex: the probe's inputs
//! (`"x y z w"`) and, per TSL expression, the outputs three.js computed for them. How they were
//! made is in `tools/oracle_probes/README.md`.

use std::collections::BTreeMap;
use tsl_core::noise::*;

// ---------------------------------------------------------------- a small JSON reader

#[derive(Debug)]
enum Json {
    Str(String),
    Num,
    Lit,
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        let ok = self.s.get(self.i) == Some(&c);
        self.i += ok as usize;
        ok
    }

    fn expect(&mut self, c: u8) {
        assert!(
            self.eat(c),
            "JSON: expected {:?} at byte {}",
            c as char,
            self.i
        );
    }

    fn string(&mut self) -> String {
        self.expect(b'"');
        let mut out = Vec::new();
        while self.s[self.i] != b'"' {
            if self.s[self.i] == b'\\' {
                self.i += 1;
                out.push(match self.s[self.i] {
                    b'n' => b'\n',
                    b't' => b'\t',
                    c => c,
                });
            } else {
                out.push(self.s[self.i]);
            }
            self.i += 1;
        }
        self.i += 1;
        String::from_utf8(out).expect("JSON: UTF-8")
    }

    fn list<T>(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> T) -> Vec<T> {
        let mut v = Vec::new();
        if self.eat(close) {
            return v;
        }
        loop {
            v.push(item(self));
            if self.eat(close) {
                return v;
            }
            self.expect(b',');
        }
    }

    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'"' => Json::Str(self.string()),
            b'[' => {
                self.i += 1;
                Json::Arr(self.list(b']', Self::value))
            }
            b'{' => {
                self.i += 1;
                Json::Obj(self.list(b'}', |r| {
                    let k = r.string();
                    r.expect(b':');
                    (k, r.value())
                }))
            }
            c => {
                let lit = c.is_ascii_alphabetic();
                while self.i < self.s.len() && !b",]} \n\r\t".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                if lit {
                    Json::Lit
                } else {
                    Json::Num
                }
            }
        }
    }
}

impl Json {
    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Obj(kv) => {
                &kv.iter()
                    .find(|(k, _)| k == key)
                    .unwrap_or_else(|| panic!("no {key:?}"))
                    .1
            }
            _ => panic!("not an object"),
        }
    }

    fn strings(&self) -> Vec<&str> {
        match self {
            Json::Arr(v) => v
                .iter()
                .map(|s| match s {
                    Json::Str(s) => s.as_str(),
                    _ => panic!("not a string"),
                })
                .collect(),
            _ => panic!("not an array"),
        }
    }
}

fn bits(s: &str) -> Vec<u32> {
    s.split(' ')
        .map(|h| u32::from_str_radix(h, 16).expect("hex bits"))
        .collect()
}

// ---------------------------------------------------------------- fixtures against the port

type Point = [f32; 4];
/// An expression of a fixture: its name, the most ulps the port may differ by (0: bit for bit),
/// and the port's computation.
type Case = (&'static str, i64, fn(Point) -> Vec<f32>);

fn xy(p: Point) -> [f32; 2] {
    [p[0], p[1]]
}

fn xyz(p: Point) -> [f32; 3] {
    [p[0], p[1], p[2]]
}

/// The distance between two floats in units in the last place (0 for equal bits).
fn ulps(a: f32, b: f32) -> i64 {
    let key = |x: f32| {
        let i = x.to_bits() as i32 as i64;
        if i < 0 {
            i64::from(i32::MIN) - i
        } else {
            i
        }
    };
    (key(a) - key(b)).abs()
}

/// Checks every point of every expression of `file` with `cases`, which must name exactly the
/// fixture's expressions.
fn check(file: &str, cases: &[Case]) {
    compare(file, cases, true)
}

/// As [`check`], for some of the fixture's expressions.
fn check_some(file: &str, cases: &[Case]) {
    compare(file, cases, false)
}

fn compare(file: &str, cases: &[Case], all: bool) {
    let dir = std::env::var("TSL_NOISE_FIXTURES")
        .unwrap_or_else(|_| format!("{}/tests/fixtures/noise", env!("CARGO_MANIFEST_DIR")));
    let path = format!("{dir}/{file}");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json = Reader {
        s: text.as_bytes(),
        i: 0,
    }
    .value();
    let inputs: Vec<Point> = json
        .get("inputs")
        .strings()
        .into_iter()
        .map(|s| {
            bits(s)
                .iter()
                .map(|&b| f32::from_bits(b))
                .collect::<Vec<_>>()
                .try_into()
                .unwrap()
        })
        .collect();
    assert!(inputs.len() >= 200, "{file}: only {} points", inputs.len());
    let Json::Obj(outputs) = json.get("outputs") else {
        panic!("{file}: outputs")
    };
    let fixture: Vec<&str> = outputs.iter().map(|(k, _)| k.as_str()).collect();
    let ported: Vec<&str> = cases.iter().map(|c| c.0).collect();
    if all {
        assert_eq!(
            fixture, ported,
            "{file}: the fixture's expressions and the test's differ"
        );
    }
    let outputs: Vec<&(String, Json)> = ported
        .iter()
        .map(|n| {
            outputs
                .iter()
                .find(|(k, _)| k == n)
                .unwrap_or_else(|| panic!("{file}: no {n}"))
        })
        .collect();

    let mut failures = BTreeMap::<&str, (usize, i64, String)>::new();
    let mut worst = BTreeMap::<&str, i64>::new();
    let mut compared = 0;
    for (&(name, want), &(_, tolerance, f)) in outputs.iter().zip(cases) {
        let want = want.strings();
        assert_eq!(want.len(), inputs.len(), "{file}/{name}: point count");
        for (i, (&p, w)) in inputs.iter().zip(want).enumerate() {
            let (want, got) = (bits(w), f(p));
            assert_eq!(want.len(), got.len(), "{file}/{name}: width");
            for (&w, &g) in want.iter().zip(&got) {
                compared += 1;
                // a differing sign of zero counts as 1 ulp
                let d = if w == g.to_bits() {
                    0
                } else {
                    ulps(f32::from_bits(w), g).max(1)
                };
                let seen = worst.entry(name).or_insert(0);
                *seen = (*seen).max(d);
                if d > tolerance {
                    let e = failures.entry(name).or_insert((0, 0, String::new()));
                    if e.0 == 0 {
                        e.2 = format!(
                            "#{i} {p:?}: three.js {:?} ({w:08x}), port {got:?}",
                            want.iter().map(|&b| f32::from_bits(b)).collect::<Vec<_>>()
                        );
                    }
                    e.0 += 1;
                    e.1 = e.1.max(d);
                }
            }
        }
    }
    let report: Vec<String> = failures
        .iter()
        .map(|(n, (count, ulp, first))| {
            format!("{n}: {count} values differ, up to {ulp} ulp; first {first}")
        })
        .collect();
    assert!(report.is_empty(), "{file}:\n{}", report.join("\n"));
    // a bound is what was measured, not slack: each must still be reached
    for &(name, tolerance, _) in cases {
        assert_eq!(
            worst[name], tolerance,
            "{file}/{name}: the bound is no longer tight"
        );
    }
    println!("{file}: {compared} values of {} expressions", cases.len());
}

// Rows ending in _lit pass literal parameters (TSL's defaults among them), which the GLSL
// compiler folds (tools/oracle_probes/README.md); their bounds are the measured ones. All other
// rows pass parameters as uniforms and must match bit for bit. With the default amplitude 1 and
// pivot 0, the compiler drops `* 1.0 + 0.0`, so those rows are the bare Perlin functions.

#[test]
fn perlin_matches_threejs() {
    let cases: &[Case] = &[
        ("perlin_float_2d", 0, |p| vec![perlin_noise_float_2d(xy(p))]),
        ("perlin_float_3d", 0, |p| {
            vec![perlin_noise_float_3d(xyz(p))]
        }),
        ("perlin_vec3_2d", 0, |p| {
            perlin_noise_vec3_2d(xy(p)).to_vec()
        }),
        ("perlin_vec3_3d", 0, |p| {
            perlin_noise_vec3_3d(xyz(p)).to_vec()
        }),
        ("perlin_vec4_2d", 0, |p| {
            perlin_noise_vec4_2d(xy(p)).to_vec()
        }),
        ("perlin_vec4_3d", 0, |p| {
            perlin_noise_vec4_3d(xyz(p)).to_vec()
        }),
        ("perlin_float_of_float", 0, |p| {
            vec![perlin_noise_float_2d([p[0], p[0]])]
        }),
        ("noise_float_2d", 0, |p| {
            vec![mx_noise_float(xy(p), 1.7, 0.3)]
        }),
        ("noise_float_3d", 0, |p| {
            vec![mx_noise_float(xyz(p), 2.5, -0.75)]
        }),
        ("noise_float_3d_1_0", 0, |p| {
            vec![mx_noise_float(xyz(p), 1.0, 0.0)]
        }),
        ("noise_float_of_vec4", 0, |p| {
            vec![mx_noise_float(p, 0.5, 0.5)]
        }),
        ("noise_vec3_2d", 0, |p| {
            mx_noise_vec3(xy(p), 0.8, -0.1).to_vec()
        }),
        ("noise_vec3_3d", 0, |p| {
            mx_noise_vec3(xyz(p), 0.6, 0.5).to_vec()
        }),
        ("noise_vec4_2d", 0, |p| {
            mx_noise_vec4(xy(p), 1.3, -0.2).to_vec()
        }),
        ("noise_vec4_3d", 0, |p| {
            mx_noise_vec4(xyz(p), 0.7, 0.1).to_vec()
        }),
        ("noise_float_2d_lit", 32, |p| {
            vec![mx_noise_float(xy(p), 1.7, 0.3)]
        }),
        ("noise_float_3d_lit", 128, |p| {
            vec![mx_noise_float(xyz(p), 2.5, -0.75)]
        }),
        ("noise_vec3_3d_lit", 2, |p| {
            mx_noise_vec3(xyz(p), 0.6, 0.5).to_vec()
        }),
        ("noise_vec4_2d_lit", 0, |p| {
            mx_noise_vec4(xy(p), 1.3, -0.2).to_vec()
        }),
    ];
    check("perlin.json", cases);
}

#[test]
fn cell_matches_threejs() {
    let cases: &[Case] = &[
        ("cell_float_1d", 0, |p| vec![cell_noise_float_1d(p[0])]),
        ("cell_float_2d", 0, |p| vec![cell_noise_float_2d(xy(p))]),
        ("cell_float_3d", 0, |p| vec![cell_noise_float_3d(xyz(p))]),
        ("cell_float_4d", 0, |p| vec![cell_noise_float_4d(p)]),
        ("cell_vec3_1d", 0, |p| cell_noise_vec3_1d(p[0]).to_vec()),
        ("cell_vec3_2d", 0, |p| cell_noise_vec3_2d(xy(p)).to_vec()),
        ("cell_vec3_3d", 0, |p| cell_noise_vec3_3d(xyz(p)).to_vec()),
        ("cell_vec3_4d", 0, |p| cell_noise_vec3_4d(p).to_vec()),
        ("mx_cell_float_of_float", 0, |p| {
            vec![mx_cell_noise_float(p[0])]
        }),
        ("mx_cell_float_of_vec4", 0, |p| vec![mx_cell_noise_float(p)]),
    ];
    check("cell.json", cases);
}

#[test]
fn worley_matches_threejs() {
    let cases: &[Case] = &[
        ("worley_float_3d", 0, |p| {
            vec![mx_worley_noise_float(xyz(p), 1.0, 0)]
        }),
        ("worley_float_3d_j", 0, |p| {
            vec![worley_noise_float_3d(xyz(p), 0.6, 0)]
        }),
        ("worley_float_3d_style1", 0, |p| {
            vec![worley_noise_float_3d(xyz(p), 0.8, 1)]
        }),
        ("worley_float_of_vec2", 0, |p| {
            vec![mx_worley_noise_float(xy(p), 1.0, 0)]
        }),
        ("worley_float_2d", 0, |p| {
            vec![worley_noise_float_2d(xy(p), 1.0, 0)]
        }),
        ("worley_float_2d_j", 0, |p| {
            vec![worley_noise_float_2d(xy(p), 0.6, 0)]
        }),
        ("worley_float_2d_style1", 0, |p| {
            vec![worley_noise_float_2d(xy(p), 0.8, 1)]
        }),
        ("worley_vec2_2d", 0, |p| {
            mx_worley_noise_vec2(xy(p), 1.0).to_vec()
        }),
        ("worley_vec2_3d", 0, |p| {
            mx_worley_noise_vec2(xyz(p), 0.7).to_vec()
        }),
        ("worley_vec3_2d_m0", 0, |p| {
            worley_noise_vec3_2d(xy(p), 1.0, 0).to_vec()
        }),
        ("worley_vec3_2d_m1", 0, |p| {
            mx_worley_noise_vec3(xy(p), 1.0, 1).to_vec()
        }),
        ("worley_vec3_2d_m2", 0, |p| {
            worley_noise_vec3_2d(xy(p), 0.9, 2).to_vec()
        }),
        ("worley_vec3_2d_m3", 0, |p| {
            worley_noise_vec3_2d(xy(p), 0.5, 3).to_vec()
        }),
        ("worley_vec3_3d_m0", 0, |p| {
            worley_noise_vec3_3d(xyz(p), 1.0, 0).to_vec()
        }),
        ("worley_vec3_3d_m1", 0, |p| {
            mx_worley_noise_vec3(xyz(p), 1.0, 1).to_vec()
        }),
        ("worley_vec3_3d_m2", 0, |p| {
            worley_noise_vec3_3d(xyz(p), 0.9, 2).to_vec()
        }),
        ("worley_vec3_3d_m3", 0, |p| {
            worley_noise_vec3_3d(xyz(p), 0.5, 3).to_vec()
        }),
        ("worley_style_2d_s1m0", 0, |p| {
            mx_worley_noise_vec3_style(xy(p), 1.0, 1, 0).to_vec()
        }),
        ("worley_style_2d_s1m2", 0, |p| {
            worley_noise_vec3_style_2d(xy(p), 0.5, 1, 2).to_vec()
        }),
        ("worley_style_3d_s1m0", 0, |p| {
            mx_worley_noise_vec3_style(xyz(p), 1.0, 1, 0).to_vec()
        }),
        ("worley_style_3d_s1m3", 0, |p| {
            worley_noise_vec3_style_3d(xyz(p), 0.5, 1, 3).to_vec()
        }),
        ("worley_style_3d_s0m2", 0, |p| {
            worley_noise_vec3_style_3d(xyz(p), 0.7, 0, 2).to_vec()
        }),
        ("worley_float_3d_lit", 6, |p| {
            vec![mx_worley_noise_float(xyz(p), 1.0, 0)]
        }),
        ("worley_float_2d_lit", 4, |p| {
            vec![worley_noise_float_2d(xy(p), 1.0, 0)]
        }),
        ("worley_vec2_2d_lit", 10, |p| {
            mx_worley_noise_vec2(xy(p), 1.0).to_vec()
        }),
        ("worley_vec3_3d_lit", 15, |p| {
            mx_worley_noise_vec3(xyz(p), 1.0, 1).to_vec()
        }),
    ];
    check("worley.json", cases);
}

#[test]
fn fractal_matches_threejs() {
    let cases: &[Case] = &[
        ("fractal_float_3d", 0, |p| {
            vec![mx_fractal_noise_float(xyz(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_float_3d_p", 0, |p| {
            vec![fractal_noise_float_3d(xyz(p), 5, 2.1, 0.6, 1.3)]
        }),
        ("fractal_float_3d_o1", 0, |p| {
            vec![fractal_noise_float_3d(xyz(p), 1, 2.0, 0.5, 0.7)]
        }),
        ("fractal_float_of_vec2", 0, |p| {
            vec![mx_fractal_noise_float(xy(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_float_2d", 0, |p| {
            vec![fractal_noise_float_2d(xy(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_float_2d_p", 0, |p| {
            vec![fractal_noise_float_2d(xy(p), 4, 1.9, 0.45, 0.8)]
        }),
        ("fractal_vec2", 0, |p| {
            mx_fractal_noise_vec2(xyz(p), 3, 2.0, 0.5, 0.9).to_vec()
        }),
        ("fractal_float_3d_lit", 0, |p| {
            vec![mx_fractal_noise_float(xyz(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_float_of_vec2_lit", 0, |p| {
            vec![mx_fractal_noise_float(xy(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_float_2d_lit", 0, |p| {
            vec![fractal_noise_float_2d(xy(p), 3, 2.0, 0.5, 1.0)]
        }),
        ("fractal_vec2_lit", 0, |p| {
            mx_fractal_noise_vec2(xyz(p), 3, 2.0, 0.5, 1.0).to_vec()
        }),
    ];
    check("fractal.json", cases);
}

/// SwiftShader does not finish compiling three.js's vec3/vec4 fractal shaders, so this fixture
/// holds the same GLSL run on Mesa llvmpipe; the _ctl rows, which SwiftShader computed in
/// fractal.json, show llvmpipe agreeing with it bit for bit on these shaders.
#[test]
fn fractal_vec_matches_threejs() {
    let cases: &[Case] = &[
        ("fractal_vec3", 0, |p| {
            fractal_noise_vec3(xyz(p), 4, 2.5, 0.4, 1.1).to_vec()
        }),
        ("fractal_vec4", 0, |p| {
            mx_fractal_noise_vec4(xyz(p), 3, 2.0, 0.5, 1.0).to_vec()
        }),
        ("fractal_vec2_ctl", 0, |p| {
            fractal_noise_vec2(xyz(p), 3, 2.0, 0.5, 0.9).to_vec()
        }),
        ("fractal_float_3d_p_ctl", 0, |p| {
            vec![fractal_noise_float_3d(xyz(p), 5, 2.1, 0.6, 1.3)]
        }),
    ];
    check("fractal_vec.json", cases);
}

/// TSL's `hash` (not MaterialX: `src/nodes/math/Hash.js`), seeds negative and past 2³² among
/// them: SwiftShader gives 0 for `uint(seed)` there.
#[test]
fn hash_matches_threejs() {
    let cases: &[Case] = &[
        ("hash_x", 0, |p| vec![pcg_hash(p[0])]),
        ("hash_y", 0, |p| vec![pcg_hash(p[1])]),
        ("hash_z", 0, |p| vec![pcg_hash(p[2])]),
        ("hash_w", 0, |p| vec![pcg_hash(p[3])]),
    ];
    check("hash.json", cases);
}

/// The _lit Perlin rows differ because the compiler folds `(0.6616 · b) · amplitude` into
/// `(0.6616 · amplitude) · b` (0.982 in 3D): computing that way reproduces them bit for bit.
#[test]
fn literal_amplitude_folds_into_the_scale() {
    fn bilerp_2d(p: [f32; 2]) -> f32 {
        let ((x, fx), (y, fy)) = (floorfrac(p[0]), floorfrac(p[1]));
        let g = [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(dx, dy)| {
            let h = hash_int([x.wrapping_add(dx), y.wrapping_add(dy)]);
            let off = |f: f32, d: i32| if d == 0 { f } else { f - 1.0 };
            gradient_2d(h, off(fx, dx), off(fy, dy))
        });
        bilerp(g, fade(fx), fade(fy))
    }
    fn trilerp_3d(p: [f32; 3], shift: u32) -> f32 {
        let [(x, fx), (y, fy), (z, fz)] = p.map(floorfrac);
        let off = |f: f32, d: i32| if d == 0 { f } else { f - 1.0 };
        let mut g = [0.0; 8];
        for (k, g) in g.iter_mut().enumerate() {
            let d = [k & 1, (k >> 1) & 1, (k >> 2) & 1].map(|b| b as i32);
            let h = hash_int([0, 1, 2].map(|i| [x, y, z][i].wrapping_add(d[i]))) >> shift;
            *g = gradient_3d(h, off(fx, d[0]), off(fy, d[1]), off(fz, d[2]));
        }
        trilerp(g, fade(fx), fade(fy), fade(fz))
    }
    let cases: &[Case] = &[
        ("noise_float_2d_lit", 0, |p| {
            vec![(0.6616_f32 * 1.7) * bilerp_2d(xy(p)) + 0.3]
        }),
        ("noise_float_3d_lit", 0, |p| {
            vec![(0.982_f32 * 2.5) * trilerp_3d(xyz(p), 0) + -0.75]
        }),
        ("noise_vec3_3d_lit", 0, |p| {
            [0, 8, 16]
                .map(|s| (0.982_f32 * 0.6) * trilerp_3d(xyz(p), s) + 0.5)
                .to_vec()
        }),
    ];
    check_some("perlin.json", cases);
}

/// The _lit Worley rows differ because with the literal jitter 1 the compiler folds the feature
/// offset `(c − 0.5) · 1 + 0.5` to `c`: computing that way reproduces them bit for bit.
#[test]
fn literal_jitter_one_folds_away() {
    /// Squared distances to the `N` nearest features with offsets `c`, nearest first.
    fn nearest<const D: usize, const N: usize>(p: [f32; D]) -> [f32; N] {
        let cell = p.map(floorfrac);
        let mut best = [1e6_f32; N];
        for k in 0..3_usize.pow(D as u32) {
            let o: [i32; D] =
                std::array::from_fn(|i| (k / 3_usize.pow((D - 1 - i) as u32) % 3) as i32 - 1);
            let at: [f32; D] = std::array::from_fn(|i| cell[i].0.wrapping_add(o[i]) as f32);
            let c = if D == 2 {
                cell_noise_vec3_2d([at[0], at[1]])
            } else {
                cell_noise_vec3_3d([at[0], at[1], at[2]])
            };
            let d = (0..D)
                .map(|i| (o[i] as f32 + c[i]) - cell[i].1)
                .map(|v| v * v)
                .reduce(|a, b| a + b)
                .unwrap();
            if let Some(i) = best.iter().position(|&b| d < b) {
                best.copy_within(i..N - 1, i + 1);
                best[i] = d;
            }
        }
        best
    }
    /// `mx_worley_noise_float_2d` with its offsets `cell_noise(seed, 0/1)` unjittered.
    fn float_2d(p: [f32; 2]) -> f32 {
        let (floor, local) = (p.map(f32::floor), p.map(fract));
        let mut best = 1e6_f32;
        for x in [-1.0_f32, 0.0, 1.0] {
            for y in [-1.0_f32, 0.0, 1.0] {
                let seed = [x + floor[0], y + floor[1]];
                let off = [0.0, 1.0].map(|z| cell_noise_float_3d([seed[0], seed[1], z]));
                let pos = [(x + off[0]) - local[0], (y + off[1]) - local[1]];
                best = best.min(pos[0] * pos[0] + pos[1] * pos[1]);
            }
        }
        best.sqrt()
    }
    let cases: &[Case] = &[
        ("worley_float_3d_lit", 0, |p| {
            vec![nearest::<3, 1>(xyz(p))[0].sqrt()]
        }),
        ("worley_float_2d_lit", 0, |p| vec![float_2d(xy(p))]),
        ("worley_vec2_2d_lit", 0, |p| nearest::<2, 2>(xy(p)).to_vec()),
        ("worley_vec3_3d_lit", 0, |p| {
            nearest::<3, 3>(xyz(p)).to_vec()
        }),
    ];
    check_some("worley.json", cases);
}

// ---------------------------------------------------------------- the reference's worked examples

#[test]
fn worked_examples_hash() {
    assert_eq!(hash_int([0]), 0x9519_dc65);
    assert_eq!(hash_int([0, 0]), 0xdc3d_74f9);
    assert_eq!(hash_int([1, 2, 3]), 0xb8d1_7a0a);
    assert_eq!(hash_int([-1, 0, 0]), 0xf5f5_7c4a);
    assert_eq!(hash_int([1, 2, 3, 4]), 0x0584_dec1);
    // bits_to_01 is closed at both ends
    assert_eq!(bits_to_01(0), 0.0);
    assert_eq!(bits_to_01(0xffff_ff80), 1.0);
    assert_eq!(bits_to_01(u32::MAX), 1.0);
}

#[test]
fn worked_examples_noise() {
    let b = f32::to_bits;
    assert_eq!(b(perlin_noise_float_2d([3.7, 1.2])), 0x3db4_b15e);
    assert_eq!(b(mx_noise_float([3.7_f32, 1.2], 2.0, 0.5)), 0x3f2d_2c58);
    assert_eq!(b(perlin_noise_float_2d([-0.25, 10.75])), 0x3e37_e37c);
    assert_eq!(b(perlin_noise_float_3d([1.3, -2.7, 0.25])), 0x3ef3_194c);
    assert_eq!(b(perlin_noise_float_3d([0.5, 0.5, 0.5])), 0x3dfb_645a);
    assert_eq!(
        b(mx_fractal_noise_float([0.5_f32, 0.25], 3, 2.0, 0.5, 1.0)),
        0xbec0_d71b
    );
    assert_eq!(
        b(fractal_noise_float_3d([1.3, -2.7, 0.25], 4, 2.0, 0.5, 1.0)),
        0x3f15_74dc
    );
    assert_eq!(b(cell_noise_float_3d([1.3, -2.7, 0.25])), 0x3ed4_bdba);
    assert_eq!(
        cell_noise_float_3d([1.3, -2.7, 0.25]),
        bits_to_01(hash_int([1, -3, 0]))
    );
}

#[test]
fn worked_example_trace() {
    // perlin(vec2(3.7, 1.2)), step by step
    let (x, fx) = floorfrac(3.7);
    let (y, fy) = floorfrac(1.2);
    assert_eq!((x, y), (3, 1));
    assert_eq!((fx, fy), (0.700_000_05, 0.200_000_05));
    // (the reference prints v rounded to 7 digits, 0.05792003, which is another float)
    assert_eq!((fade(fx), fade(fy)), (0.836_920_2, 0.057_920_035));
    let hashes = [[3, 1], [4, 1], [3, 2], [4, 2]].map(hash_int);
    assert_eq!(hashes, [0xb240_b4e9, 0x20a8_f6e8, 0xd389_5593, 0xd9a2_a6b3]);
    let g = [
        gradient_2d(hashes[0], fx, fy),
        gradient_2d(hashes[1], fx - 1.0, fy),
        gradient_2d(hashes[2], fx, fy - 1.0),
        gradient_2d(hashes[3], fx - 1.0, fy - 1.0),
    ];
    assert_eq!(g, [-0.299_999_95, 0.100_000_14, 0.899_999_86, 1.899_999_9]);
}

#[test]
fn traps() {
    // lattice points give exactly zero, and so does perlin(vec2(0.5, 0.5))
    for p in [[0.0, 0.0], [3.0, -7.0], [-1.0, 2.0]] {
        assert_eq!(perlin_noise_float_2d(p).abs(), 0.0);
        assert_eq!(perlin_noise_float_3d([p[0], p[1], 5.0]).abs(), 0.0);
    }
    assert_eq!(perlin_noise_float_2d([0.5, 0.5]), 0.0);
    // TSL's conversions: a float texcoord is (x, x), a vec4 is .xy; the fractal casts vec2 to z = 0
    assert_eq!(
        mx_noise_float(0.3_f32, 1.0, 0.0),
        perlin_noise_float_2d([0.3, 0.3])
    );
    assert_eq!(
        mx_cell_noise_float([1.5_f32, 2.5, 3.5, 4.5]),
        cell_noise_float_2d([1.5, 2.5])
    );
    assert_eq!(
        mx_fractal_noise_float([0.5_f32, 0.25], 3, 2.0, 0.5, 1.0),
        fractal_noise_float_3d([0.5, 0.25, 0.0], 3, 2.0, 0.5, 1.0)
    );
    // Worley: nearest first
    let d = worley_noise_vec3_3d([0.3, 1.7, -2.2], 1.0, 1);
    assert!(d[0] <= d[1] && d[1] <= d[2]);
    assert_eq!(
        worley_noise_vec3_3d([0.3, 1.7, -2.2], 1.0, 0)[0],
        d[0].sqrt()
    );
}
