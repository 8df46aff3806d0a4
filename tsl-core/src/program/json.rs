//! A program in JSON (docs/json.md; R-JSON-1 and R-JSON-2 in docs/requirements.md): what
//! object JSON holds in a node material's `nodes` field.
//!
//! The words go as a `code` array when the program has no integer data: integers where a word
//! is one (the header's counts, the instructions), numbers where it is a float (the header's
//! frame values, the constants and uniforms). A program with integer data (an integer constant
//! or uniform) goes as `codeBits`, every word as its unsigned 32 bits, so a payload shaped like
//! a NaN, an infinity or a subnormal survives. Texture ids are not written: each texture slot
//! names its texture by the caller's key (three.js's uuid), and the reader asks the caller for
//! the id that key has in its own store.
//!
//! The reader trusts the document no more than bytes: the words go through
//! [`NodeProgram::from_words`] and its validator, then the storage checks below, before a
//! renderer can see them.

use super::error::JsonError;
use super::file::TYPES;
use super::format::*;
use super::{NodeProgram, TextureSlot, UniformSlot};
use crate::interface::CustomAttribute;
use crate::opcode::Opcode;
use crate::types::{TextureId, ValueType, NO_TEXTURE};
use serde_json::{json, Map, Value};

/// The version of a program in JSON that this library writes and reads.
pub const PROGRAM_JSON_VERSION: u32 = 1;

/// The most words a program in JSON may have (4 Mi words, 16 MiB of program): the reader refuses
/// a longer `code` or `codeBits` array before it makes the words.
pub const MAX_JSON_WORDS: usize = 1 << 22;

/// What a word holds, as the header, the code and the slots show: how it is written in `code`
/// and whether it must be finite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// A count, an index or an instruction word: an exact integer.
    Integer,
    /// A float of the header or of the data: finite.
    Float,
    /// An integer constant or uniform's bits: any value.
    Bits,
    /// A texture id: the reader writes it from the texture slot.
    Texture,
}

/// Each word's role, for words that passed [`NodeProgram::from_words`]; refuses storage that a
/// loaded program may not have: a texture read through a word that no texture slot holds, a 3D
/// texture (object JSON has no form for it), uniform spans that overlap, and a texture slot
/// inside a numeric uniform.
fn roles(program: &NodeProgram) -> Result<Vec<Role>, String> {
    let words = &program.words;
    let data = words[H_DATA] as usize;
    let mut roles = vec![Role::Integer; words.len()];
    roles[H_TIME..HEADER_WORDS].fill(Role::Float);
    roles[data..].fill(Role::Float);
    let slot_words: Vec<usize> = program.textures.iter().map(|t| t.word).collect();
    for index in 0..words[H_CODE_LEN] as usize {
        let inst = program.instruction(index);
        match Opcode::from_byte(inst.opcode) {
            Some(Opcode::Tex3) => {
                return Err(format!(
                    "instruction {index} reads a 3D texture, which object JSON cannot hold"
                ))
            }
            Some(Opcode::Tex | Opcode::TexLod | Opcode::TexFetch) if !slot_words.contains(&(inst.operands[1] as usize)) => {
                return Err(format!(
                    "instruction {index} reads the texture id at word {}, which no texture slot names",
                    inst.operands[1]
                ))
            }
            Some(Opcode::Load) if inst.operands[1] != LOAD_TAG_FLOAT => {
                // Invariant: `validate` held the load inside the words.
                let first = inst.operands[0] as usize;
                for role in &mut roles[first..first + inst.width as usize] {
                    if *role == Role::Float {
                        *role = Role::Bits;
                    }
                }
            }
            _ => {}
        }
    }
    let mut spans: Vec<(usize, usize, &str)> = program
        .uniforms
        .iter()
        .map(|u| (u.word, u.word + u.ty.float_count(), u.name.as_str()))
        .collect();
    spans.sort_unstable();
    for pair in spans.windows(2) {
        if pair[1].0 < pair[0].1 {
            return Err(format!(
                "uniforms '{}' and '{}' overlap at word {}",
                pair[0].2, pair[1].2, pair[1].0
            ));
        }
    }
    for u in &program.uniforms {
        let span = u.word..u.word + u.ty.float_count();
        if u.ty.is_integer() {
            roles[span.clone()].fill(Role::Bits);
        }
        if u.ty != ValueType::Texture {
            if let Some(&word) = slot_words.iter().find(|w| span.contains(w)) {
                return Err(format!(
                    "the texture slot at word {word} lies inside the {} uniform '{}'",
                    u.ty, u.name
                ));
            }
        }
    }
    for &word in &slot_words {
        roles[word] = Role::Texture;
    }
    Ok(roles)
}

/// Refuses a float word that is not finite: the header's frame values, the float constants and
/// uniforms (matrices included).
fn check_finite(words: &[u32], roles: &[Role]) -> Result<(), String> {
    match (0..words.len())
        .find(|&i| roles[i] == Role::Float && !f32::from_bits(words[i]).is_finite())
    {
        Some(i) => Err(format!(
            "word {i} is a float and must be finite, but holds {}",
            f32::from_bits(words[i])
        )),
        None => Ok(()),
    }
}

impl NodeProgram {
    /// The program as JSON (docs/json.md): what object JSON writes in a node material's `nodes`
    /// field. `uuid` gives the key the document names each texture by (three.js's uuid); a slot
    /// holding [`NO_TEXTURE`] is written as `null` without asking. `at` is the field's path,
    /// for messages.
    ///
    /// Refuses ([`JsonError::Storage`]) a program that reads a 3D texture, one whose float data
    /// is not finite and one that [`NodeProgram::from_json`] would refuse for its storage; and
    /// whatever `uuid` refuses.
    ///
    /// ```
    /// use tsl_core::*;
    /// let graph = NodeGraph::new();
    /// graph.set_output(OPACITY_NODE, graph.mul(graph.time(), graph.named_uniform("speed", 2.0))).unwrap();
    /// let program = graph.compile().unwrap();
    /// let json = program.to_json("nodes", |_| unreachable!("no texture")).unwrap();
    /// assert_eq!(json["version"], 1);
    /// assert!(json.get("code").is_some(), "no integer data: the code form");
    /// let read = NodeProgram::from_json(&json, "nodes", |_| unreachable!()).unwrap();
    /// assert_eq!(read, program);
    /// ```
    pub fn to_json(
        &self,
        at: &str,
        mut uuid: impl FnMut(TextureId) -> Result<String, JsonError>,
    ) -> Result<Value, JsonError> {
        let storage = |reason: String| JsonError::Storage {
            at: at.to_string(),
            reason,
        };
        let roles = roles(self).map_err(storage)?;
        check_finite(&self.words, &roles).map_err(storage)?;
        let bits = roles.contains(&Role::Bits);
        let code: Vec<Value> = self
            .words
            .iter()
            .zip(&roles)
            .map(|(&w, role)| match role {
                // The reader writes the id its own store gives the texture.
                Role::Texture => Value::from(0),
                Role::Float if !bits => Value::from(f64::from(f32::from_bits(w))),
                _ => Value::from(w),
            })
            .collect();
        let mut textures = Vec::with_capacity(self.textures.len());
        for t in &self.textures {
            let id = TextureId(self.words[t.word]);
            let texture = if id == NO_TEXTURE {
                Value::Null
            } else {
                Value::from(uuid(id)?)
            };
            textures.push(json!({ "uniform": t.uniform, "word": t.word, "texture": texture }));
        }
        let uniforms: Vec<Value> = self
            .uniforms
            .iter()
            .map(|u| json!({ "name": u.name, "type": u.ty.name(), "word": u.word }))
            .collect();
        let attributes: Vec<Value> = self
            .attributes
            .iter()
            .map(|a| json!({ "name": a.name, "width": a.width, "offset": a.offset }))
            .collect();
        let mut out = Map::new();
        out.insert("type".into(), "NodeProgram".into());
        out.insert("version".into(), PROGRAM_JSON_VERSION.into());
        out.insert(if bits { "codeBits" } else { "code" }.into(), code.into());
        out.insert("uniforms".into(), uniforms.into());
        out.insert("textures".into(), textures.into());
        out.insert("attributes".into(), attributes.into());
        Ok(Value::Object(out))
    }

    /// A program from JSON that [`NodeProgram::to_json`] wrote, or any other: `texture` gives
    /// the id in the caller's store of the texture a slot names by its key (`None` for `null`,
    /// which is [`NO_TEXTURE`] unless the caller says otherwise). `at` is the field's path, for
    /// messages.
    ///
    /// Refuses, with a [`JsonError`] that names the field: a version other than
    /// [`PROGRAM_JSON_VERSION`], both `code` and `codeBits` or neither, more than
    /// [`MAX_JSON_WORDS`] words (before the words are made), a word that is not a number of its
    /// kind (an integer word must be an integer from 0 to 2³²−1, a float word a finite `f32`),
    /// an unknown uniform type; then whatever [`NodeProgram::from_words`] refuses, a texture
    /// read through a word no slot names, a 3D texture, overlapping uniform spans, a texture
    /// slot inside a numeric uniform, nonfinite float data, and a bad custom attribute table.
    /// Never panics.
    pub fn from_json(
        value: &Value,
        at: &str,
        mut texture: impl FnMut(Option<&str>) -> Result<TextureId, JsonError>,
    ) -> Result<NodeProgram, JsonError> {
        let program = object(value, at)?;
        let version = field(program, at, "version")?;
        if version.as_u64() != Some(u64::from(PROGRAM_JSON_VERSION)) {
            return Err(JsonError::Version {
                at: format!("{at}.version"),
                found: version.to_string(),
                expected: PROGRAM_JSON_VERSION.to_string(),
            });
        }
        let (key, list, bits) = match (program.get("code"), program.get("codeBits")) {
            (Some(list), None) => ("code", list, false),
            (None, Some(list)) => ("codeBits", list, true),
            (Some(_), Some(_)) => {
                return Err(field_error(
                    at,
                    "has both code and codeBits; a program gives one",
                ))
            }
            (None, None) => return Err(field_error(at, "has neither code nor codeBits")),
        };
        let code_at = format!("{at}.{key}");
        let list = array(list, &code_at)?;
        if list.len() > MAX_JSON_WORDS {
            return Err(JsonError::TooLarge {
                what: "a program's words",
                found: list.len() as u64,
                limit: MAX_JSON_WORDS as u64,
            });
        }
        // The integer words now; a float word of `code` is made once its role is known.
        let mut words = Vec::with_capacity(list.len());
        for (i, v) in list.iter().enumerate() {
            match (v.as_u64().and_then(|n| u32::try_from(n).ok()), bits) {
                (Some(w), _) => words.push(w),
                (None, false) if v.is_number() => words.push(0),
                (None, _) => {
                    return Err(field_error(
                        &format!("{code_at}[{i}]"),
                        if bits {
                            "is not an integer from 0 to 4294967295"
                        } else {
                            "is not a number"
                        },
                    ))
                }
            }
        }
        // The header's counts and the instructions are integers whatever the data holds: a
        // float there is named before the validator sees the placeholder.
        let is_word = |v: &Value| v.as_u64().is_some_and(|n| n <= u64::from(u32::MAX));
        let code_end = words.get(H_DATA).map_or(0, |&d| d as usize);
        if let Some(i) = (0..list.len())
            .find(|&i| (i < H_TIME || (HEADER_WORDS..code_end).contains(&i)) && !is_word(&list[i]))
        {
            return Err(integer_word(&code_at, i));
        }
        let uniforms = each(program, at, "uniforms", uniform)?;
        let textures = each(program, at, "textures", texture_slot)?;
        let attributes = each(program, at, "attributes", attribute)?;
        let program_error = |error| JsonError::Program {
            at: at.to_string(),
            error,
        };
        let slots: Vec<TextureSlot> = textures.iter().map(|(slot, _)| slot.clone()).collect();
        let shape = NodeProgram::from_words(words, uniforms, slots).map_err(program_error)?;
        let storage = |reason: String| JsonError::Storage {
            at: at.to_string(),
            reason,
        };
        let roles = roles(&shape).map_err(storage)?;
        let NodeProgram {
            mut words,
            uniforms,
            textures: slots,
            ..
        } = shape;
        if !bits {
            for (i, (v, role)) in list.iter().zip(&roles).enumerate() {
                if *role == Role::Float {
                    // Invariant: the first pass refused a word that is not a number.
                    let x = v.as_f64().unwrap_or(f64::NAN) as f32;
                    words[i] = x.to_bits();
                } else if !is_word(v) {
                    return Err(integer_word(&code_at, i));
                }
            }
        }
        check_finite(&words, &roles).map_err(storage)?;
        for (slot, key) in &textures {
            // Invariant: `from_words` held every slot inside the words.
            words[slot.word] = texture(key.as_deref())?.0;
        }
        NodeProgram::from_words(words, uniforms, slots)
            .and_then(|p| p.with_custom_attributes(attributes))
            .map_err(program_error)
    }
}

/// A word of `code` that holds an integer but is not one.
fn integer_word(code_at: &str, i: usize) -> JsonError {
    field_error(
        &format!("{code_at}[{i}]"),
        "holds an integer (a count, an instruction, a texture id or integer data), so it must be an integer from 0 to 4294967295",
    )
}

fn field_error(at: &str, reason: &str) -> JsonError {
    JsonError::Field {
        at: at.to_string(),
        reason: reason.to_string(),
    }
}

/// `value` as an object, or why not.
fn object<'a>(value: &'a Value, at: &str) -> Result<&'a Map<String, Value>, JsonError> {
    value
        .as_object()
        .ok_or_else(|| field_error(at, "is not an object"))
}

fn array<'a>(value: &'a Value, at: &str) -> Result<&'a Vec<Value>, JsonError> {
    value
        .as_array()
        .ok_or_else(|| field_error(at, "is not an array"))
}

/// A field that must be there.
fn field<'a>(object: &'a Map<String, Value>, at: &str, name: &str) -> Result<&'a Value, JsonError> {
    object
        .get(name)
        .ok_or_else(|| field_error(&format!("{at}.{name}"), "is missing"))
}

/// Each entry of the list `name` read by `read`, which gets the entry and its path.
fn each<T>(
    parent: &Map<String, Value>,
    at: &str,
    name: &str,
    read: fn(&Map<String, Value>, &str) -> Result<T, JsonError>,
) -> Result<Vec<T>, JsonError> {
    let list_at = format!("{at}.{name}");
    let list = array(field(parent, at, name)?, &list_at)?;
    let mut out = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let entry_at = format!("{list_at}[{i}]");
        out.push(read(object(v, &entry_at)?, &entry_at)?);
    }
    Ok(out)
}

fn string(object: &Map<String, Value>, at: &str, name: &str) -> Result<String, JsonError> {
    field(object, at, name)?
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| field_error(&format!("{at}.{name}"), "is not a string"))
}

/// A string or `null`.
fn maybe_string(
    object: &Map<String, Value>,
    at: &str,
    name: &str,
) -> Result<Option<String>, JsonError> {
    match field(object, at, name)? {
        Value::Null => Ok(None),
        Value::String(s) => Ok(Some(s.clone())),
        _ => Err(field_error(
            &format!("{at}.{name}"),
            "is neither a string nor null",
        )),
    }
}

/// An integer from 0 to `max`.
fn integer(object: &Map<String, Value>, at: &str, name: &str, max: u64) -> Result<u64, JsonError> {
    field(object, at, name)?
        .as_u64()
        .filter(|&n| n <= max)
        .ok_or_else(|| {
            field_error(
                &format!("{at}.{name}"),
                &format!("is not an integer from 0 to {max}"),
            )
        })
}

/// A word index: an integer below the most words a program may have.
fn word(object: &Map<String, Value>, at: &str) -> Result<usize, JsonError> {
    integer(object, at, "word", MAX_JSON_WORDS as u64 - 1).map(|n| n as usize)
}

fn uniform(object: &Map<String, Value>, at: &str) -> Result<UniformSlot, JsonError> {
    let name = string(object, at, "name")?;
    let ty_name = string(object, at, "type")?;
    let ty = TYPES
        .iter()
        .copied()
        .find(|t| t.name() == ty_name)
        .ok_or_else(|| {
            field_error(
                &format!("{at}.type"),
                &format!("'{ty_name}' is not a uniform type"),
            )
        })?;
    let word = word(object, at)?;
    Ok(UniformSlot { name, ty, word })
}

/// A texture slot and the key of the texture it names.
fn texture_slot(
    object: &Map<String, Value>,
    at: &str,
) -> Result<(TextureSlot, Option<String>), JsonError> {
    let uniform = maybe_string(object, at, "uniform")?;
    let word = word(object, at)?;
    let texture = maybe_string(object, at, "texture")?;
    Ok((TextureSlot { uniform, word }, texture))
}

fn attribute(object: &Map<String, Value>, at: &str) -> Result<CustomAttribute, JsonError> {
    let name = string(object, at, "name")?;
    // Past a byte a value cannot fit the 8 floats: `with_custom_attributes` refuses it.
    let width = integer(object, at, "width", u64::from(u8::MAX))? as u8;
    let offset = integer(object, at, "offset", u64::from(u8::MAX))? as u8;
    Ok(CustomAttribute {
        name,
        width,
        offset,
    })
}
