//! The functions emitted code calls, found in the host module by name and checked against one
//! table of signatures.

use super::EmitError;
use naga::{Handle, Module, Scalar, TypeInner, VectorSize};

/// A WGSL type in a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    U32,
    F32,
    Vec2,
    Vec3,
    Vec4,
}

impl Ty {
    pub(super) fn inner(self) -> TypeInner {
        let vector = |size| TypeInner::Vector {
            size,
            scalar: Scalar::F32,
        };
        match self {
            Ty::U32 => TypeInner::Scalar(Scalar::U32),
            Ty::F32 => TypeInner::Scalar(Scalar::F32),
            Ty::Vec2 => vector(VectorSize::Bi),
            Ty::Vec3 => vector(VectorSize::Tri),
            Ty::Vec4 => vector(VectorSize::Quad),
        }
    }
}

/// Where a function comes from: the error when it is missing differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Origin {
    Hook,
    Prelude,
}

/// One function the emitted code calls.
struct Signature {
    name: &'static str,
    args: &'static [Ty],
    result: Ty,
    wgsl: &'static str,
    origin: Origin,
}

/// The functions, in the order of [`Callees`]'s fields.
const SIGNATURES: [Signature; 13] =
    {
        use Origin::*;
        use Ty::*;
        const fn s(
            name: &'static str,
            args: &'static [Ty],
            result: Ty,
            wgsl: &'static str,
            origin: Origin,
        ) -> Signature {
            Signature {
                name,
                args,
                result,
                wgsl,
                origin,
            }
        }
        [
        s(
            "tsl_word",
            &[U32],
            U32,
            "fn tsl_word(word: u32) -> u32",
            Hook,
        ),
        s(
            "tsl_attribute",
            &[U32, U32],
            Vec3,
            "fn tsl_attribute(view: u32, id: u32) -> vec3<f32>",
            Hook,
        ),
        s(
            "tsl_texture",
            &[U32, Vec2],
            Vec4,
            "fn tsl_texture(id: u32, uv: vec2<f32>) -> vec4<f32>",
            Hook,
        ),
        s(
            "powf",
            &[F32, F32],
            F32,
            "fn powf(x: f32, y: f32) -> f32",
            Prelude,
        ),
        s(
            "atan2f",
            &[F32, F32],
            F32,
            "fn atan2f(y: f32, x: f32) -> f32",
            Prelude,
        ),
        s("asinf", &[F32], F32, "fn asinf(v: f32) -> f32", Prelude),
        s("acosf", &[F32], F32, "fn acosf(x: f32) -> f32", Prelude),
        s("atanf", &[F32], F32, "fn atanf(v: f32) -> f32", Prelude),
        s(
            "perlin_2d",
            &[Vec2, U32],
            Vec3,
            "fn perlin_2d(p: vec2<f32>, channels: u32) -> vec3<f32>",
            Prelude,
        ),
        s(
            "perlin_3d",
            &[Vec3, U32],
            Vec3,
            "fn perlin_3d(p: vec3<f32>, channels: u32) -> vec3<f32>",
            Prelude,
        ),
        s(
            "cell_noise",
            &[Vec4, U32, U32],
            Vec3,
            "fn cell_noise(p: vec4<f32>, n: u32, channels: u32) -> vec3<f32>",
            Prelude,
        ),
        s("pcg_hash", &[F32], F32, "fn pcg_hash(seed: f32) -> f32", Prelude),
        s(
            "worley",
            &[Vec3, U32, F32, F32, U32],
            Vec3,
            "fn worley(p: vec3<f32>, dims: u32, jitter: f32, mode: f32, kind: u32) -> vec3<f32>",
            Prelude,
        ),
    ]
    };

/// The handles of the functions emitted code calls.
#[derive(Clone, Copy, Debug)]
pub(super) struct Callees {
    pub word: Handle<naga::Function>,
    pub attribute: Handle<naga::Function>,
    pub texture: Handle<naga::Function>,
    pub powf: Handle<naga::Function>,
    pub atan2f: Handle<naga::Function>,
    pub asinf: Handle<naga::Function>,
    pub acosf: Handle<naga::Function>,
    pub atanf: Handle<naga::Function>,
    pub perlin_2d: Handle<naga::Function>,
    pub perlin_3d: Handle<naga::Function>,
    pub cell_noise: Handle<naga::Function>,
    pub worley: Handle<naga::Function>,
    pub pcg_hash: Handle<naga::Function>,
    /// `tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32>`, the volume read: optional, as
    /// only a program with a `texture_3d` node calls it (such a program refuses a host without
    /// it, [`EmitError::MissingHook`]).
    pub texture_3d: Option<Handle<naga::Function>>,
    /// `tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32>`, the read at an
    /// explicit mip level: optional, as `texture_3d` is (only a program with a
    /// `texture_level` node calls it).
    pub texture_level: Option<Handle<naga::Function>>,
    /// `tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32>`, the unfiltered
    /// read of one texel: optional, as `texture_3d` is (only a program with a `texture_fetch`
    /// node calls it).
    pub texture_fetch: Option<Handle<naga::Function>>,
}

/// The signature of the optional hook a `texture_3d` instruction calls.
pub(super) const TEXTURE_3D_WGSL: &str = "fn tsl_texture_3d(id: u32, uvw: vec3<f32>) -> vec4<f32>";

/// The optional hook a `texture_3d` instruction calls.
const TEXTURE_3D: Signature = Signature {
    name: "tsl_texture_3d",
    args: &[Ty::U32, Ty::Vec3],
    result: Ty::Vec4,
    wgsl: TEXTURE_3D_WGSL,
    origin: Origin::Hook,
};

/// The signature of the optional hook a `texture_level` instruction calls.
pub(super) const TEXTURE_LEVEL_WGSL: &str =
    "fn tsl_texture_level(id: u32, uv: vec2<f32>, level: f32) -> vec4<f32>";

/// The optional hook a `texture_level` instruction calls.
const TEXTURE_LEVEL: Signature = Signature {
    name: "tsl_texture_level",
    args: &[Ty::U32, Ty::Vec2, Ty::F32],
    result: Ty::Vec4,
    wgsl: TEXTURE_LEVEL_WGSL,
    origin: Origin::Hook,
};

/// The signature of the optional hook a `texture_fetch` instruction calls.
pub(super) const TEXTURE_FETCH_WGSL: &str =
    "fn tsl_texture_fetch(id: u32, texel: vec2<f32>, level: f32) -> vec4<f32>";

/// The optional hook a `texture_fetch` instruction calls.
const TEXTURE_FETCH: Signature = Signature {
    name: "tsl_texture_fetch",
    args: &[Ty::U32, Ty::Vec2, Ty::F32],
    result: Ty::Vec4,
    wgsl: TEXTURE_FETCH_WGSL,
    origin: Origin::Hook,
};

/// Whether `f` takes `args` and returns `result`.
pub(super) fn has_signature(module: &Module, f: &naga::Function, args: &[Ty], result: Ty) -> bool {
    let is = |ty: Handle<naga::Type>, want: Ty| module.types[ty].inner == want.inner();
    f.arguments.len() == args.len()
        && f.arguments.iter().zip(args).all(|(a, &t)| is(a.ty, t))
        && f.result.as_ref().is_some_and(|r| is(r.ty, result))
}

fn find(module: &Module, s: &Signature) -> Result<Handle<naga::Function>, EmitError> {
    let Some(handle) = super::function_by_name(module, s.name) else {
        return Err(match s.origin {
            Origin::Hook => EmitError::MissingHook { name: s.name },
            Origin::Prelude => EmitError::MissingPrelude { name: s.name },
        });
    };
    if !has_signature(module, &module.functions[handle], s.args, s.result) {
        return Err(EmitError::Signature {
            name: s.name.into(),
            expected: s.wgsl,
        });
    }
    Ok(handle)
}

impl Callees {
    /// Find every callee in `module`, hooks first, each checked for its signature.
    pub(super) fn find(module: &Module) -> Result<Callees, EmitError> {
        let mut h = Vec::with_capacity(SIGNATURES.len());
        for s in &SIGNATURES {
            h.push(find(module, s)?);
        }
        Ok(Callees {
            word: h[0],
            attribute: h[1],
            texture: h[2],
            powf: h[3],
            atan2f: h[4],
            asinf: h[5],
            acosf: h[6],
            atanf: h[7],
            perlin_2d: h[8],
            perlin_3d: h[9],
            cell_noise: h[10],
            pcg_hash: h[11],
            worley: h[12],
            texture_3d: find(module, &TEXTURE_3D).ok(),
            texture_level: find(module, &TEXTURE_LEVEL).ok(),
            texture_fetch: find(module, &TEXTURE_FETCH).ok(),
        })
    }
}
