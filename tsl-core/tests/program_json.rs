//! Programs in JSON (docs/json.md, R-JSON-1 and R-JSON-2): `NodeProgram::to_json` writes the
//! `code` form for a float-only program and `codeBits` for one with integer data, `from_json`
//! reads either back to an equal program with the caller's texture ids, and refuses a version,
//! both forms, words out of range, overlapping uniforms, nonfinite float data and mutated
//! documents with an error, never a panic.

mod every_slot;

mod xorshift;

use serde_json::Value;
use tsl_core::format::{HEADER_WORDS, H_DATA, H_TIME};
use tsl_core::*;
use xorshift::Rng;

/// Every uniform type, a texture uniform and a constant texture, a custom attribute, a frame.
fn float_program() -> NodeProgram {
    let g = NodeGraph::new();
    let sum = every_slot::every_slot_sum(&g, "tint");
    let sum = g.add(sum, g.named_attribute("tone", ValueType::Vec3));
    g.set_output(COLOR_NODE, sum).unwrap();
    let mut p = g.compile().unwrap();
    p.set_frame(
        2.5,
        glam::Mat4::from_translation(glam::Vec3::new(1.0, -2.0, 3.0)),
    );
    p.set_uniform("f", 0.1f32).unwrap();
    p
}

/// Integer data: a `uint` constant shaped like a NaN, an `int` uniform, a `uvec2` uniform.
fn integer_program() -> NodeProgram {
    let g = NodeGraph::new();
    let nan_shaped = g.uint(0x7fc0_0001);
    let i = g.named_uniform("count", -7i32);
    let u = g.named_uniform("mask", [0xffff_ffffu32, 0x0080_0000]);
    let a = g.to_float(g.bit_and(nan_shaped, g.swizzle(u, "x")));
    let b = g.to_float(i);
    g.set_output(OPACITY_NODE, g.add(a, b)).unwrap();
    g.compile().unwrap()
}

/// The keys the tests name textures by, and back.
fn uuid(id: TextureId) -> Result<String, JsonError> {
    Ok(format!("tex-{}", id.0))
}

/// Ids of the loader's own store: 100 more than the writer's.
fn store_id(key: Option<&str>) -> Result<TextureId, JsonError> {
    let Some(key) = key else {
        return Ok(NO_TEXTURE);
    };
    key.strip_prefix("tex-")
        .and_then(|n| n.parse::<u32>().ok())
        .map(|n| TextureId(n + 100))
        .ok_or_else(|| JsonError::Field {
            at: "texture".into(),
            reason: format!("no texture has the uuid '{key}'"),
        })
}

/// Through text and back.
fn round_trip(p: &NodeProgram) -> Result<NodeProgram, JsonError> {
    let text = serde_json::to_string(&p.to_json("nodes", uuid)?).unwrap();
    let value: Value = serde_json::from_str(&text).unwrap();
    NodeProgram::from_json(&value, "nodes", store_id)
}

/// `p` with each texture id moved to the loader's store, as the loader reads it.
fn in_store(p: &NodeProgram) -> NodeProgram {
    let mut q = p.clone();
    for id in p.textures() {
        q.replace_texture(id, TextureId(id.0 + 100)).unwrap();
    }
    q
}

#[test]
fn a_float_program_goes_as_code_and_comes_back_equal() {
    let p = float_program();
    let json = p.to_json("nodes", uuid).unwrap();
    assert!(json.get("codeBits").is_none());
    let code = json["code"].as_array().unwrap();
    // The header's counts are integers, its time a float; the uniform f is 0.1 as an f32.
    assert_eq!(code[H_DATA], Value::from(p.words()[H_DATA]));
    assert_eq!(code[H_TIME].as_f64(), Some(2.5));
    let f = p.uniforms().iter().find(|u| u.name == "f").unwrap();
    assert_eq!(code[f.word].as_f64().unwrap() as f32, 0.1f32);
    // The texture uniform names texture 3, the constant texture 7, each by its uuid.
    let keys: Vec<&str> = json["textures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["texture"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["tex-3", "tex-7"]);
    assert_eq!(json["attributes"][0]["name"], "tone");
    let back = round_trip(&p).unwrap();
    assert_eq!(back, in_store(&p));
    assert_eq!(back.textures(), [TextureId(103), TextureId(107)]);
    assert_eq!(back.custom_attributes(), p.custom_attributes());
    // The interpreter agrees on a fragment (textures unread: no store here).
    let frag = Fragment::default();
    assert_eq!(
        back.evaluate(OPACITY_NODE, &frag),
        p.evaluate(OPACITY_NODE, &frag)
    );
}

#[test]
fn an_integer_program_goes_as_code_bits_with_every_bit() {
    let p = integer_program();
    let json = p.to_json("nodes", uuid).unwrap();
    assert!(json.get("code").is_none());
    let bits: Vec<u64> = json["codeBits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(bits.contains(&0x7fc0_0001), "the NaN-shaped uint is kept");
    assert!(bits.contains(&0xffff_fff9), "-7 as its bits");
    let back = round_trip(&p).unwrap();
    assert_eq!(back, p);
    let frag = Fragment::default();
    // (0x7fc00001 & 0xffffffff) as float + (-7): worked out by hand, 2143289345 - 7.
    let want = 0x7fc0_0001u32 as f32 + -7.0;
    assert_eq!(back.evaluate(OPACITY_NODE, &frag), Some(vec![want]));
}

#[test]
fn a_texture_uniform_naming_no_texture_is_null() {
    let g = NodeGraph::new();
    let t = g.texture_uniform("map", NO_TEXTURE);
    g.set_output(COLOR_NODE, g.swizzle(g.texture(t, g.uv()), "xyz"))
        .unwrap();
    let p = g.compile().unwrap();
    let json = p
        .to_json("nodes", |_| panic!("NO_TEXTURE is not asked"))
        .unwrap();
    assert_eq!(json["textures"][0]["texture"], Value::Null);
    assert_eq!(round_trip(&p).unwrap(), p);
}

#[test]
fn a_3d_texture_is_refused_by_the_writer() {
    let g = NodeGraph::new();
    let v = g.texture_3d(TextureId(0), g.vec3(0.5, 0.5, 0.5));
    g.set_output(COLOR_NODE, g.swizzle(v, "xyz")).unwrap();
    let err = g.compile().unwrap().to_json("nodes", uuid).unwrap_err();
    assert!(err.to_string().contains("3D texture"), "{err}");
}

/// The message of `from_json` on `json` changed by `edit`.
fn refusal(p: &NodeProgram, edit: impl FnOnce(&mut Value)) -> String {
    let mut json = p.to_json("nodes", uuid).unwrap();
    edit(&mut json);
    match NodeProgram::from_json(&json, "nodes", store_id) {
        Ok(_) => panic!("accepted {json}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn refusals_name_what_is_wrong() {
    let p = float_program();
    let ip = integer_program();
    let data = p.words()[H_DATA] as usize;
    let cases: Vec<(String, &str)> = vec![
        (
            refusal(&p, |j| j["codeBits"] = j["code"].clone()),
            "both code and codeBits",
        ),
        (
            refusal(&p, |j| j["version"] = 2.into()),
            "version 2; this library reads version 1",
        ),
        (refusal(&p, |j| j["version"] = "1".into()), "version \"1\""),
        (
            refusal(&p, |j| {
                j.as_object_mut().unwrap().remove("code");
            }),
            "neither code nor codeBits",
        ),
        // An instruction word that is not an integer, one past u32.
        (
            refusal(&p, |j| j["code"][HEADER_WORDS] = 1.5.into()),
            "must be an integer",
        ),
        (
            refusal(&ip, |j| j["codeBits"][3] = (1u64 << 32).into()),
            "codeBits[3]: is not an integer",
        ),
        (
            refusal(&ip, |j| j["codeBits"][3] = (-1).into()),
            "codeBits[3]",
        ),
        // A float word past f32, and a nonfinite one in codeBits.
        (
            refusal(&p, |j| j["code"][data] = 1e300.into()),
            "must be finite",
        ),
        (
            refusal(&ip, |j| j["codeBits"][H_TIME] = 0x7f80_0000u32.into()),
            "must be finite",
        ),
        // A word the validator refuses: the header's total.
        (
            refusal(&p, |j| j["code"][1] = 5.into()),
            "validate: the header says 5 words",
        ),
        // Two uniforms at one word.
        (
            refusal(&p, |j| {
                let w = j["uniforms"][0]["word"].clone();
                j["uniforms"][1]["word"] = w;
            }),
            "overlap",
        ),
        // A texture slot inside a numeric uniform (a slot more: each read keeps its own).
        (
            refusal(&p, |j| {
                let w = j["uniforms"][0]["word"].clone();
                let slot = serde_json::json!({ "uniform": null, "word": w, "texture": "tex-1" });
                j["textures"].as_array_mut().unwrap().push(slot);
            }),
            "inside the float uniform 'f'",
        ),
        // A texture read whose id word no slot names.
        (
            refusal(&p, |j| {
                j["textures"].as_array_mut().unwrap().pop();
            }),
            "which no texture slot names",
        ),
        (
            refusal(&p, |j| j["uniforms"][0]["type"] = "vec5".into()),
            "'vec5' is not a uniform type",
        ),
        (
            refusal(&p, |j| j["textures"][0]["texture"] = "nope".into()),
            "no texture has the uuid 'nope'",
        ),
        (
            refusal(&p, |j| j["attributes"][0]["width"] = 5.into()),
            "custom attribute 'tone'",
        ),
        (
            refusal(&p, |j| j["uniforms"] = 3.into()),
            "nodes.uniforms: is not an array",
        ),
    ];
    for (message, want) in cases {
        assert!(message.starts_with("json: "), "{message}");
        assert!(message.contains(want), "{message:?} lacks {want:?}");
    }
}

#[test]
fn more_words_than_the_limit_are_refused_before_they_are_made() {
    let json = serde_json::json!({
        "version": 1,
        "codeBits": vec![0; MAX_JSON_WORDS + 1],
        "uniforms": [], "textures": [], "attributes": [],
    });
    let err = NodeProgram::from_json(&json, "nodes", store_id).unwrap_err();
    assert!(matches!(err, JsonError::TooLarge { .. }), "{err}");
}

/// Change one value somewhere in `v`, chosen by `rng`.
fn mutate(v: &mut Value, rng: &mut Rng) {
    match v {
        Value::Array(a) if !a.is_empty() && rng.below(4) != 0 => {
            let i = rng.below(a.len());
            mutate(&mut a[i], rng)
        }
        Value::Object(o) if !o.is_empty() && rng.below(4) != 0 => {
            let i = rng.below(o.len());
            let key = o.keys().nth(i).unwrap().clone();
            mutate(o.get_mut(&key).unwrap(), rng)
        }
        _ => {
            *v = match rng.below(9) {
                0 => Value::Null,
                1 => Value::from(rng.next() as u32),
                2 => Value::from(rng.below(300) as u64),
                3 => Value::from(f64::from_bits(rng.next())).clone(),
                4 => Value::from(-(rng.below(5) as i64)),
                5 => Value::from("vec3"),
                6 => Value::from(0x7f80_0000u32),
                7 => Value::Array(vec![]),
                _ => Value::from(1.5),
            }
        }
    }
}

#[test]
fn fuzz_mutated_documents_are_refused_or_valid() {
    let seeds = [float_program(), integer_program()];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut accepted = 0;
    for round in 0..4000 {
        let mut json = seeds[round % 2].to_json("nodes", uuid).unwrap();
        for _ in 0..1 + rng.below(3) {
            mutate(&mut json, &mut rng);
        }
        if let Ok(p) = NodeProgram::from_json(&json, "nodes", store_id) {
            // What is accepted is a valid program: it validates and writes again.
            validate(p.words()).unwrap();
            p.to_json("nodes", uuid).unwrap();
            accepted += 1;
        }
    }
    // Most single changes hit a word the checks see; some (a float constant) are valid.
    assert!(accepted > 0 && accepted < 4000, "{accepted}");
}
