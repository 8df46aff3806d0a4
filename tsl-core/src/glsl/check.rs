//! The checker: resolves names, types every expression as GLSL ES does (no implicit
//! conversions), counts the loops, and refuses what the subset leaves out, each at its place.

use super::ast::*;
use super::error::{Diag, Diags, Span};
use super::ir::*;
use super::preprocess::Version;
use super::types::*;
use crate::graph::MAX_LOOP_COUNT;
use std::collections::{HashMap, HashSet};

/// The shader stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    Vertex,
    Fragment,
}

/// What declares the built-ins: three.js's ShaderMaterial prefix, nothing (RawShaderMaterial),
/// or ShaderToy's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    ShaderMaterial,
    Raw,
    ShaderToy,
}

/// What the checker knows of a source before reading it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Env {
    pub stage: Stage,
    pub kind: Kind,
    pub version: Version,
}

/// ShaderToy's uniforms of one value, and their types. iTime is the time node.
pub(crate) const TOY_UNIFORMS: &[(&str, Ty)] = &[
    ("iResolution", Ty::Vec3),
    ("iTimeDelta", Ty::Float),
    ("iFrameRate", Ty::Float),
    ("iFrame", Ty::Int),
    ("iMouse", Ty::Vec4),
    ("iDate", Ty::Vec4),
    ("iSampleRate", Ty::Float),
];

/// ShaderToy's uniform arrays: each element is a uniform named `name[i]`.
pub(crate) const TOY_ARRAYS: &[(&str, Ty)] = &[
    ("iChannelTime", Ty::Float),
    ("iChannelResolution", Ty::Vec3),
];

/// The most scalars and vectors one struct holds, its nested structs' fields counted: a struct
/// is lowered to one value per field, so this bounds what one assignment or select of it makes.
pub(crate) const MAX_STRUCT_LEAVES: usize = 64;

/// The most elements of an array (the subset's bound).
pub(crate) const MAX_ARRAY_SIZE: usize = 256;

/// The most scalars and vectors of one array of structs, its elements' fields counted.
pub(crate) const MAX_ARRAY_LEAVES: usize = 1024;

/// The last level `textureSize` takes: a texture of 2^31 texels a side has no more (each level
/// halves the side), and the renderer's size is `max(1, side >> level)`.
const MAX_SIZE_LEVEL: f64 = 31.0;

const BUILTIN_MATRICES: &[(&str, BuiltinMatrix, Ty)] = &[
    ("modelMatrix", BuiltinMatrix::Model, Ty::Mat4),
    ("modelViewMatrix", BuiltinMatrix::ModelView, Ty::Mat4),
    ("projectionMatrix", BuiltinMatrix::Projection, Ty::Mat4),
    ("viewMatrix", BuiltinMatrix::View, Ty::Mat4),
    ("normalMatrix", BuiltinMatrix::Normal, Ty::Mat3),
];

const ATTRIBUTES: &[(&str, VertexAttribute, Ty)] = &[
    ("position", VertexAttribute::Position, Ty::Vec3),
    ("normal", VertexAttribute::Normal, Ty::Vec3),
    ("uv", VertexAttribute::Uv, Ty::Vec2),
    ("color", VertexAttribute::Color, Ty::Vec3),
];

fn err<T>(span: Span, reason: impl Into<String>) -> Result<T, Diag> {
    Err(Diag::new(span, reason))
}

/// Check a parsed shader.
pub(crate) fn check(items: &[Item], env: Env) -> Result<Checked, Diags> {
    let mut c = Checker {
        env,
        structs: Vec::new(),
        arrays: Vec::new(),
        modf_fns: HashMap::new(),
        globals: Vec::new(),
        global_names: HashMap::new(),
        functions: Vec::new(),
        fn_names: HashMap::new(),
        toy_arrays: HashMap::new(),
        color_written: None,
        user_out: None,
        position_written: false,
        f: None,
        errors: Diags::default(),
        poisoned: HashSet::new(),
    };
    c.declare_builtins();
    // Each item is checked whatever the items before it gave, as rustc goes on with the next
    // item: the names an item failed to declare are poisoned, so that their uses report nothing.
    let (order, recursion) = super::order::check_order(items);
    for diag in recursion {
        c.errors.push(diag);
    }
    for item in order.into_iter().map(|at| &items[at]) {
        let checked = match item {
            Item::Decl(decl) => c.global_decl(decl),
            Item::Function(function) => c.function(function),
            Item::Struct(decl) => c.struct_decl(decl),
        };
        if let Err(d) = checked {
            c.f = None;
            match item {
                Item::Decl(decl) => {
                    for var in &decl.vars {
                        if !c.global_names.contains_key(&var.name) {
                            c.poisoned.insert(var.name.clone());
                        }
                    }
                }
                Item::Function(function) => {
                    if !c.fn_names.contains_key(&function.name) {
                        c.poisoned.insert(function.name.clone());
                    }
                }
                Item::Struct(_) => {}
            }
            c.errors.push(d);
        }
    }
    if !c.errors.is_empty() {
        // A missing main or gl_Position may follow from the errors: they are not reported.
        return Err(c.errors);
    }
    let entry_name = if env.kind == Kind::ShaderToy {
        "mainImage"
    } else {
        "main"
    };
    let entry = c
        .fn_names
        .get(entry_name)
        .and_then(|ids| ids.first().copied());
    let Some(entry_id) = entry else {
        let end = items.last().map_or(Span::new(1, 1, 1), |i| match i {
            // Invariant: the parser's `declaration_rest` makes a `Decl` with at least one variable
            // (it needs a name before `;`).
            Item::Decl(d) => d.vars[0].span,
            Item::Function(f) => f.span,
            Item::Struct(s) => s.span,
        });
        let reason = if env.kind == Kind::ShaderToy {
            "a ShaderToy shader defines void mainImage(out vec4 fragColor, in vec2 fragCoord)"
        } else {
            "the shader has no main function; define void main()"
        };
        return Err(Diag::new(end, reason).into());
    };
    if env.stage == Stage::Vertex && !c.position_written {
        return Err(Diag::new(
            // Invariant: `fn_names` holds only indexes of functions pushed to `functions`.
            c.functions[entry_id].span,
            "the vertex shader never writes gl_Position; a vertex shader's main writes it",
        )
        .into());
    }
    Ok(Checked {
        structs: c.structs,
        arrays: c.arrays,
        globals: c.globals,
        functions: c.functions,
        entry,
        es100: env.version == Version::Es100,
    })
}

struct LocalMeta {
    /// Where it is declared (a parameter: its name, or the function where it has none).
    span: Span,
    /// Its declaration was refused: its uses report nothing more (rustc's error type).
    poisoned: bool,
    read_only: bool,
    konst: Option<Konst>,
    glsl_const: bool,
    loop_index: bool,
}

struct FnState {
    name: String,
    ret: Ty,
    locals: Vec<LocalInfo>,
    meta: Vec<LocalMeta>,
    scopes: Vec<HashMap<String, LocalId>>,
    loop_depth: usize,
    /// How many switches are open around the statement (which a `break` may leave).
    switch_depth: usize,
    branch_depth: usize,
    is_main: bool,
    /// Whether the statement being checked is the last of main's body (where a vertex shader's
    /// main may return).
    final_return: bool,
}

struct Checker {
    env: Env,
    structs: Vec<StructDef>,
    arrays: Vec<(Ty, usize)>,
    /// The function `modf` of each type, written by the checker where a call needs it.
    modf_fns: HashMap<Ty, FnId>,
    globals: Vec<Global>,
    global_names: HashMap<String, GlobalId>,
    functions: Vec<TFunction>,
    /// Each name's functions: more than one where the name is overloaded.
    fn_names: HashMap<String, Vec<FnId>>,
    toy_arrays: HashMap<String, (Ty, Vec<GlobalId>)>,
    /// The colour output written first, and where.
    color_written: Option<(GlobalId, Span)>,
    user_out: Option<GlobalId>,
    position_written: bool,
    f: Option<FnState>,
    /// The refusals found so far.
    errors: Diags,
    /// Global variables and functions whose declaration was refused: a use of one is a
    /// follow-on error, not reported.
    poisoned: HashSet<String>,
}

/// An expression before its constant value is filled in.
fn texpr(kind: TKind, ty: Ty, span: Span) -> TExpr {
    let effects = match &kind {
        TKind::Call(..) | TKind::Assign { .. } => true,
        TKind::Const | TKind::Local(_) | TKind::Global(_) => false,
        TKind::Unary(_, a) | TKind::Swizzle(a, _) | TKind::Field(a, _) => a.effects,
        TKind::Binary(_, a, b)
        | TKind::Logical(_, a, b)
        | TKind::Index(a, b)
        | TKind::Element(a, b)
        | TKind::Comma(a, b) => a.effects || b.effects,
        TKind::Ternary(c, a, b) => c.effects || a.effects || b.effects,
        TKind::Construct(args) | TKind::Builtin(_, args) => args.iter().any(|a| a.effects),
    };
    TExpr {
        effects,
        kind,
        ty,
        span,
        start: span,
        konst: None,
        unrolled_const: false,
        glsl_const: false,
    }
}

impl Checker {
    fn add_global(&mut self, name: &str, ty: Ty, kind: GlobalKind, span: Span) -> GlobalId {
        self.globals.push(Global {
            name: name.to_string(),
            ty,
            kind,
            span,
        });
        let id = self.globals.len() - 1;
        self.global_names.insert(name.to_string(), id);
        id
    }

    fn declare_builtins(&mut self) {
        let none = Span::default();
        let env = self.env;
        match (env.kind, env.stage) {
            (Kind::ShaderMaterial, Stage::Vertex) => {
                for &(name, m, ty) in BUILTIN_MATRICES {
                    self.add_global(name, ty, GlobalKind::BuiltinMatrix(m), none);
                }
                self.add_global("cameraPosition", Ty::Vec3, GlobalKind::CameraPosition, none);
                self.add_global("isOrthographic", Ty::Bool, GlobalKind::IsOrthographic, none);
                for &(name, a, ty) in ATTRIBUTES {
                    self.add_global(name, ty, GlobalKind::Attribute(a), none);
                }
            }
            (Kind::ShaderMaterial, Stage::Fragment) => {
                self.add_global(
                    "viewMatrix",
                    Ty::Mat4,
                    GlobalKind::BuiltinMatrix(BuiltinMatrix::View),
                    none,
                );
                self.add_global("cameraPosition", Ty::Vec3, GlobalKind::CameraPosition, none);
                self.add_global("isOrthographic", Ty::Bool, GlobalKind::IsOrthographic, none);
                let color = self.add_global("gl_FragColor", Ty::Vec4, GlobalKind::FragColor, none);
                self.global_names.insert("pc_fragColor".into(), color);
            }
            (Kind::Raw, Stage::Fragment) if env.version == Version::Es100 => {
                self.add_global("gl_FragColor", Ty::Vec4, GlobalKind::FragColor, none);
            }
            (Kind::ShaderToy, _) => {
                self.add_global("iTime", Ty::Float, GlobalKind::Time, none);
                for &(name, ty) in TOY_UNIFORMS {
                    self.add_global(name, ty, GlobalKind::Uniform, none);
                }
                for i in 0..4 {
                    self.add_global(
                        &format!("iChannel{i}"),
                        Ty::Sampler,
                        GlobalKind::Uniform,
                        none,
                    );
                }
                for &(name, ty) in TOY_ARRAYS {
                    let ids = (0..4)
                        .map(|i| {
                            let id = self.add_global(
                                &format!("{name}[{i}]"),
                                ty,
                                GlobalKind::Uniform,
                                none,
                            );
                            // The element is reached through the array, not by this name.
                            self.global_names.remove(&format!("{name}[{i}]"));
                            id
                        })
                        .collect();
                    self.toy_arrays.insert(name.to_string(), (ty, ids));
                }
            }
            _ => {}
        }
        match env.stage {
            Stage::Vertex => {
                self.add_global("gl_Position", Ty::Vec4, GlobalKind::Position, none);
                self.add_global("gl_PointSize", Ty::Float, GlobalKind::PointSize, none);
            }
            Stage::Fragment => {
                self.add_global("gl_FragCoord", Ty::Vec4, GlobalKind::FragCoord, none);
                self.add_global("gl_FrontFacing", Ty::Bool, GlobalKind::FrontFacing, none);
                self.add_global("gl_PointCoord", Ty::Vec2, GlobalKind::PointCoord, none);
                if env.version == Version::Es300 && env.kind != Kind::ShaderToy {
                    self.add_global("gl_FragDepth", Ty::Float, GlobalKind::FragDepth, none);
                }
            }
        }
    }

    // ------------------------------------------------------------------ declarations

    /// A type's name for messages: a struct's own name.
    fn ty_name(&self, ty: Ty) -> String {
        match ty {
            // Invariant: a `Ty::Struct` is made from a `TypeName::Struct`, whose place the parser
            // gave a struct it declared, and the checker pushes every struct in the same order.
            Ty::Struct(i) => self.structs[i as usize].name.clone(),
            Ty::Array(i) => {
                let (elem, n) = self.arrays[i as usize];
                format!("{}[{n}]", self.ty_name(elem))
            }
            _ => ty.name().to_string(),
        }
    }

    /// The array type of `n` elements of `elem`, refused past the subset's bounds.
    fn array_ty(&mut self, elem: Ty, n: usize, span: Span) -> Result<Ty, Diag> {
        match elem {
            Ty::Mat2
            | Ty::Mat3
            | Ty::Mat4
            | Ty::Sampler
            | Ty::Sampler3D
            | Ty::SamplerCube
            | Ty::Sampler2DArray
            | Ty::Void
            | Ty::Array(_) => {
                return err(
                    span,
                    format!("an array of {} is not in the subset", self.ty_name(elem)),
                )
            }
            _ => {}
        }
        if n == 0 || n > MAX_ARRAY_SIZE {
            return err(
                span,
                format!("an array of {n} elements: the subset takes 1 to {MAX_ARRAY_SIZE}"),
            );
        }
        let leaves = n * self.leaves(elem);
        if leaves > MAX_ARRAY_LEAVES {
            return err(
                span,
                format!("this array holds {leaves} scalars and vectors, its elements' fields counted; the subset takes at most {MAX_ARRAY_LEAVES}"),
            );
        }
        let i = match self.arrays.iter().position(|&a| a == (elem, n)) {
            Some(i) => i,
            None => {
                self.arrays.push((elem, n));
                self.arrays.len() - 1
            }
        };
        Ok(Ty::Array(i as u16))
    }

    /// An array's size where written: a constant int expression.
    fn array_size(&mut self, size: &Expr) -> Result<usize, Diag> {
        let v = self.expr(size)?;
        match v.konst {
            Some(k) if matches!(v.ty, Ty::Int | Ty::UInt) && v.glsl_const => {
                if k[0] < 1.0 || k[0] > MAX_ARRAY_SIZE as f64 {
                    return err(
                        v.start,
                        format!(
                            "an array of {} elements: the subset takes 1 to {MAX_ARRAY_SIZE}",
                            k[0]
                        ),
                    );
                }
                Ok(k[0] as usize)
            }
            _ => err(v.start, "an array's size is a constant int or uint"),
        }
    }

    /// The type of a declared variable: `ty`, or an array of it where `name[n]` or `name[]`
    /// (whose size is its initializer's).
    fn var_ty(&mut self, ty: Ty, var: &VarDecl, init: Option<&TExpr>) -> Result<Ty, Diag> {
        let Some((size, at)) = &var.array else {
            return Ok(ty);
        };
        let n = match size {
            Some(size) => self.array_size(size)?,
            None => match init.map(|v| v.ty) {
                Some(Ty::Array(i)) => self.arrays[i as usize].1,
                _ => {
                    return err(
                        *at,
                        format!(
                            "{}[] takes its size from an initializer; write {}[n]",
                            var.name, var.name
                        ),
                    )
                }
            },
        };
        self.array_ty(ty, n, *at)
    }

    /// The scalars and vectors a value of `ty` holds.
    pub(crate) fn leaves(&self, ty: Ty) -> usize {
        match ty {
            Ty::Array(i) => {
                let (elem, n) = self.arrays[i as usize];
                n * self.leaves(elem)
            }
            Ty::Struct(i) => self.structs[i as usize]
                .fields
                .iter()
                .map(|&(_, t)| self.leaves(t))
                .sum(),
            // A matrix is its columns.
            _ => ty.matrix_size().unwrap_or(1),
        }
    }

    fn struct_decl(&mut self, decl: &StructDecl) -> Result<(), Diag> {
        if self.global_names.contains_key(&decl.name) || self.fn_names.contains_key(&decl.name) {
            return err(decl.span, format!("{} is declared already", decl.name));
        }
        let mut fields = Vec::with_capacity(decl.fields.len());
        for f in &decl.fields {
            let ty = Ty::from_name(f.ty.name);
            self.uint_type(ty, f.ty.span)?;
            match ty {
                Ty::Void => return err(f.ty.span, "a field cannot be void"),
                t if t.is_sampler() => {
                    return err(f.ty.span, "a sampler in a struct is not in the subset")
                }
                _ => {}
            }
            fields.push((f.name.clone(), ty));
        }
        let leaves: usize = fields.iter().map(|&(_, t)| self.leaves(t)).sum();
        if leaves > MAX_STRUCT_LEAVES {
            return err(
                decl.span,
                format!(
                    "{} holds {leaves} scalars and vectors, its nested structs' fields counted; the subset takes at most {MAX_STRUCT_LEAVES}",
                    decl.name
                ),
            );
        }
        self.structs.push(StructDef {
            name: decl.name.clone(),
            fields,
        });
        Ok(())
    }

    fn global_decl(&mut self, decl: &Decl) -> Result<(), Diag> {
        let env = self.env;
        let ty = Ty::from_name(decl.ty.name);
        self.uint_type(ty, decl.ty.span)?;
        let Some((storage, storage_span)) = decl.storage else {
            return self.private_globals(decl);
        };
        if let Some(at) = decl.layout {
            let fragment_out = storage == Storage::Out && env.stage == Stage::Fragment;
            if !fragment_out {
                return err(
                    at,
                    "layout(...) is taken on a fragment shader's output alone",
                );
            }
            if env.kind == Kind::Raw && env.version == Version::Es100 {
                return err(at, "layout(...) needs #version 300 es");
            }
        }
        self.check_storage_spelling(storage, storage_span)?;
        if ty == Ty::Void {
            return err(decl.ty.span, "a variable cannot be void");
        }
        for var in &decl.vars {
            self.check_new_global(var)?;
            let ty = match (&var.array, storage) {
                (None, _) => ty,
                (Some(_), Storage::Const | Storage::Uniform) => {
                    if var.array.as_ref().is_some_and(|(n, _)| n.is_none()) {
                        // `const T a[] = T[](...)`: the size is the value's.
                        let init = match &var.init {
                            Some(e) => Some(self.expr(e)?),
                            None => None,
                        };
                        self.var_ty(ty, var, init.as_ref())?
                    } else {
                        self.var_ty(ty, var, None)?
                    }
                }
                // An array of varyings: each element its own varying (R-GLSL-24).
                (Some(_), Storage::Varying | Storage::Out) | (Some(_), Storage::In)
                    if env.stage == Stage::Fragment || storage != Storage::In =>
                {
                    self.var_ty(ty, var, None)?
                }
                (Some((_, at)), _) => {
                    return err(
                        *at,
                        format!("an array as a {} is not in the subset", storage.name()),
                    )
                }
            };
            match storage {
                Storage::Const => self.global_const(var, ty, decl.ty.span)?,
                Storage::Uniform => self.uniform(var, ty, decl.ty.span)?,
                Storage::Attribute => self.attribute(var, ty, decl.ty.span, storage_span)?,
                Storage::In if env.stage == Stage::Vertex => {
                    self.attribute(var, ty, decl.ty.span, storage_span)?
                }
                Storage::Varying | Storage::In | Storage::Out => {
                    self.varying_or_output(var, ty, storage, decl.ty.span, storage_span)?
                }
                Storage::InOut => return err(storage_span, "inout is for parameters"),
            }
        }
        Ok(())
    }

    /// Global variables that are neither const nor a uniform, an input or an output: the shader's
    /// own state, which its functions read and write. GLSL ES (and Mesa) takes a constant
    /// expression alone as a global's initializer.
    fn private_globals(&mut self, decl: &Decl) -> Result<(), Diag> {
        if let Some(at) = decl.layout {
            return err(
                at,
                "layout(...) is taken on a fragment shader's output alone",
            );
        }
        let base_ty = Ty::from_name(decl.ty.name);
        match base_ty {
            Ty::Void => return err(decl.ty.span, "a variable cannot be void"),
            t if t.is_sampler() => {
                return err(
                    decl.ty.span,
                    format!("a global {base_ty} must be a uniform"),
                )
            }
            _ => {}
        }
        for var in &decl.vars {
            self.check_new_global(var)?;
            if var.name.starts_with("gl_") {
                return err(var.span, "names starting with gl_ belong to GLSL");
            }
            let init = match &var.init {
                Some(e) => Some(self.expr(e)?),
                None => None,
            };
            let ty = self.var_ty(base_ty, var, init.as_ref())?;
            if let Some(v) = &init {
                if v.ty != ty {
                    return Err(self.clash(Some(&var.name), ty, v.ty, v.start));
                }
                if !v.glsl_const {
                    return err(
                        v.start,
                        format!("the initializer of global variable {} must be a constant expression (GLSL ES); assign it in main", var.name),
                    );
                }
            }
            self.add_global(&var.name, ty, GlobalKind::Private(init), var.span);
        }
        Ok(())
    }

    /// Refuses a global's name that is taken already.
    fn check_new_global(&self, var: &VarDecl) -> Result<(), Diag> {
        if let Some(old) = self.global_names.get(&var.name) {
            // Invariant: `global_names` and `user_out` hold only indexes of globals pushed to
            // `globals` (so do `TKind::Global` ids below).
            let old = &self.globals[*old];
            if old.span == Span::default() {
                return err(
                    var.span,
                    format!(
                        "{} is declared already by {}; use it, or choose another name",
                        var.name,
                        self.declarer()
                    ),
                );
            }
            return Err(Diag::new(
                var.span,
                format!("{} is declared twice; remove one", var.name),
            )
            .with_note(old.span, format!("{} is first declared here", var.name)));
        }
        if self.fn_names.contains_key(&var.name) {
            return err(var.span, format!("{} is already a function", var.name));
        }
        if self.toy_arrays.contains_key(&var.name) {
            return err(
                var.span,
                format!("{} is declared already by ShaderToy", var.name),
            );
        }
        Ok(())
    }

    /// Who declares the built-ins of this kind of shader, for messages.
    fn declarer(&self) -> &'static str {
        match self.env.kind {
            Kind::ShaderMaterial => "three.js in a ShaderMaterial",
            Kind::Raw => "GLSL",
            Kind::ShaderToy => "ShaderToy",
        }
    }

    fn check_storage_spelling(&self, storage: Storage, span: Span) -> Result<(), Diag> {
        let env = self.env;
        match (env.kind, env.version, storage) {
            (Kind::ShaderToy, _, Storage::Attribute | Storage::Varying | Storage::In | Storage::Out) => {
                err(span, format!("a ShaderToy shader declares no {}; its output is mainImage's fragColor", storage.name()))
            }
            (Kind::Raw, Version::Es100, Storage::In | Storage::Out) => err(
                span,
                format!(
                    "{} on a global needs #version 300 es; GLSL ES 1.00 writes attribute and varying",
                    storage.name()
                ),
            ),
            (Kind::Raw, Version::Es300, Storage::Attribute | Storage::Varying) => err(
                span,
                format!(
                    "{} is GLSL ES 1.00; #version 300 es writes {}",
                    storage.name(),
                    if storage == Storage::Attribute { "in" } else { "in or out" }
                ),
            ),
            (_, _, Storage::Attribute) if env.stage == Stage::Fragment => {
                err(span, "a fragment shader has no attributes")
            }
            _ => Ok(()),
        }
    }

    fn global_const(&mut self, var: &VarDecl, ty: Ty, ty_span: Span) -> Result<(), Diag> {
        if ty.is_sampler() {
            return err(
                ty_span,
                format!("a const {ty} is not in the subset; a sampler is a uniform"),
            );
        }
        let Some(init) = &var.init else {
            return err(var.span, "a const needs a value");
        };
        let value = self.expr(init)?;
        if value.ty != ty {
            return Err(self.clash(Some(&var.name), ty, value.ty, init.start));
        }
        if !value.glsl_const {
            return err(
                init.start,
                format!(
                    "the value of const {} is not a constant expression",
                    var.name
                ),
            );
        }
        self.add_global(&var.name, ty, GlobalKind::Const(value), var.span);
        Ok(())
    }

    fn uniform(&mut self, var: &VarDecl, ty: Ty, ty_span: Span) -> Result<(), Diag> {
        if matches!(ty, Ty::Sampler3D | Ty::Sampler2DArray)
            && self.env.kind == Kind::Raw
            && self.env.version == Version::Es100
        {
            return err(ty_span, format!("{ty} needs #version 300 es"));
        }
        if var.init.is_some() {
            return err(
                var.span,
                "a uniform takes no initializer; set it with set_uniform",
            );
        }
        let kind = self.env.kind;
        if let Some(&(_, m, want)) = BUILTIN_MATRICES.iter().find(|(n, ..)| *n == var.name) {
            if kind != Kind::Raw {
                return err(
                    var.span,
                    format!("{} is declared already by {}", var.name, self.declarer()),
                );
            }
            if self.env.stage == Stage::Fragment && m != BuiltinMatrix::View {
                return err(
                    var.span,
                    format!("{} is not available in a fragment shader; pass what you need through a varying", var.name),
                );
            }
            if ty != want {
                return err(
                    ty_span,
                    format!("three.js's {} is a {want}, not a {ty}", var.name),
                );
            }
            self.add_global(&var.name, ty, GlobalKind::BuiltinMatrix(m), var.span);
            return Ok(());
        }
        if var.name == "cameraPosition" {
            if kind != Kind::Raw {
                return err(
                    var.span,
                    format!("cameraPosition is declared already by {}", self.declarer()),
                );
            }
            if ty != Ty::Vec3 {
                return err(
                    ty_span,
                    format!("three.js's cameraPosition is a vec3, not a {ty}"),
                );
            }
            self.add_global(&var.name, ty, GlobalKind::CameraPosition, var.span);
            return Ok(());
        }
        if ty == Ty::Void {
            return err(ty_span, "a uniform cannot be void");
        }
        self.add_global(&var.name, ty, GlobalKind::Uniform, var.span);
        Ok(())
    }

    fn attribute(&mut self, var: &VarDecl, ty: Ty, ty_span: Span, at: Span) -> Result<(), Diag> {
        if var.init.is_some() {
            return err(var.span, "an attribute takes no initializer");
        }
        let known = ATTRIBUTES.iter().find(|(n, ..)| *n == var.name);
        match (self.env.kind, known) {
            (Kind::ShaderMaterial, Some(_)) => err(
                var.span,
                format!(
                    "{} is declared already by three.js in a ShaderMaterial",
                    var.name
                ),
            ),
            // A custom attribute: a float to vec4 the geometry carries by that name (R-ATTR-1).
            (_, None) => {
                if !matches!(ty, Ty::Float | Ty::Vec2 | Ty::Vec3 | Ty::Vec4) {
                    return err(
                        ty_span,
                        format!("a custom attribute is a float, vec2, vec3 or vec4, not a {ty}"),
                    );
                }
                self.add_global(
                    &var.name,
                    ty,
                    GlobalKind::Attribute(VertexAttribute::Custom),
                    var.span,
                );
                Ok(())
            }
            (_, Some(&(name, a, want))) => {
                if ty != want {
                    return err(
                        ty_span,
                        format!("three.js's {name} is a {want}, not a {ty}"),
                    );
                }
                let _ = at;
                self.add_global(name, ty, GlobalKind::Attribute(a), var.span);
                Ok(())
            }
        }
    }

    fn varying_or_output(
        &mut self,
        var: &VarDecl,
        ty: Ty,
        storage: Storage,
        ty_span: Span,
        at: Span,
    ) -> Result<(), Diag> {
        if var.init.is_some() {
            return err(
                var.span,
                format!("{} variables take no initializer", storage.name()),
            );
        }
        let stage = self.env.stage;
        if stage == Stage::Fragment && storage == Storage::Out {
            if ty != Ty::Vec4 {
                return err(
                    ty_span,
                    format!("the fragment shader's output is one out vec4, not a {ty}"),
                );
            }
            if let Some(old) = self.user_out {
                return err(
                    var.span,
                    format!(
                        "a second output; the fragment shader has one out vec4 ({} is the first)",
                        self.globals[old].name
                    ),
                );
            }
            let id = self.add_global(&var.name, ty, GlobalKind::FragColor, var.span);
            self.user_out = Some(id);
            return Ok(());
        }
        // An array's elements are varyings of their own (R-GLSL-24).
        let elem = match ty {
            Ty::Array(i) => self.arrays[i as usize].0,
            _ => ty,
        };
        if !matches!(elem, Ty::Float | Ty::Vec2 | Ty::Vec3 | Ty::Vec4) {
            return err(
                ty_span,
                format!("a varying is a float or a float vector, or an array of them, not {}: an integer or bool varying needs flat, which is not in the subset", article(&self.ty_name(ty))),
            );
        }
        let _ = at;
        let kind = if stage == Stage::Vertex {
            GlobalKind::VaryingOut
        } else {
            GlobalKind::VaryingIn
        };
        self.add_global(&var.name, ty, kind, var.span);
        Ok(())
    }

    // ------------------------------------------------------------------ functions

    fn function(&mut self, f: &Function) -> Result<(), Diag> {
        let env = self.env;
        if builtin_name(&f.name).is_some() {
            return err(
                f.span,
                format!("{} is a function of GLSL's own; functions named like GLSL's own are not in the subset", f.name),
            );
        }
        // Overloads: three's common chunk defines pow2 and F_Schlick for a float and a vec3.
        // A call picks the one whose parameters' types are its arguments' (GLSL ES converts
        // none), so two of one name must differ in a parameter's type.
        if let Some(ids) = self.fn_names.get(&f.name) {
            let tys: Vec<Ty> = f.params.iter().map(|p| Ty::from_name(p.ty.name)).collect();
            let same = ids.iter().any(|&id| {
                let q = &self.functions[id].params;
                q.len() == tys.len() && q.iter().zip(&tys).all(|(p, t)| p.ty == *t)
            });
            if same || matches!(f.name.as_str(), "main" | "mainImage") {
                let first = self.functions[ids[0]].span;
                return Err(Diag::new(
                    f.span,
                    format!("{} is defined twice with the same parameter types; remove one, or rename it", f.name),
                )
                .with_note(first, format!("{} is first defined here", f.name)));
            }
        }
        if self.global_names.contains_key(&f.name) || self.toy_arrays.contains_key(&f.name) {
            return err(f.span, format!("{} is already a variable", f.name));
        }
        let ret = Ty::from_name(f.ret.name);
        self.uint_type(ret, f.ret.span)?;
        if ret.is_sampler() {
            return err(
                f.ret.span,
                format!("a function that answers a {ret} is not in the subset"),
            );
        }
        let is_main = f.name == "main";
        if is_main {
            if env.kind == Kind::ShaderToy {
                return err(
                    f.span,
                    "a ShaderToy shader defines mainImage; the compiler writes main",
                );
            }
            if ret != Ty::Void || !f.params.is_empty() {
                return err(f.span, "main is void main()");
            }
        }
        if env.kind == Kind::ShaderToy && f.name == "mainImage" {
            let ok = ret == Ty::Void
                && f.params.len() == 2
                // Invariant: `params.len() == 2` is checked first (`&&` short-circuits).
                && f.params[0].storage == Storage::Out
                && f.params[0].ty.name == TypeName::Vector(Comp::Float, 4)
                && f.params[1].storage == Storage::In
                && f.params[1].ty.name == TypeName::Vector(Comp::Float, 2);
            if !ok {
                return err(
                    f.span,
                    "mainImage is void mainImage(out vec4 fragColor, in vec2 fragCoord)",
                );
            }
        }
        let mut state = FnState {
            name: f.name.clone(),
            ret,
            locals: Vec::new(),
            meta: Vec::new(),
            scopes: vec![HashMap::new()],
            loop_depth: 0,
            switch_depth: 0,
            branch_depth: 0,
            is_main: is_main || (env.kind == Kind::ShaderToy && f.name == "mainImage"),
            final_return: false,
        };
        let mut params = Vec::new();
        for p in &f.params {
            let mut ty = Ty::from_name(p.ty.name);
            self.uint_type(ty, p.ty.span)?;
            if let Some((size, at)) = &p.array {
                // An array parameter takes a copy of an array of its type (as a struct's does).
                let Some(size) = size else {
                    return err(*at, "an array parameter states its size: write T name[n]");
                };
                let n = self.array_size(size)?;
                ty = self.array_ty(ty, n, *at)?;
            }
            if ty == Ty::Void {
                return err(p.ty.span, "a parameter cannot be void");
            }
            if ty.is_sampler() && p.storage != Storage::In {
                return err(
                    p.ty.span,
                    format!(
                        "a {ty} parameter is in alone; {} is not in the subset",
                        p.storage.name()
                    ),
                );
            }
            let local = state.locals.len();
            state.locals.push(LocalInfo { ty });
            state.meta.push(LocalMeta {
                span: p.name.as_ref().map_or(f.span, |(_, span)| *span),
                poisoned: false,
                read_only: p.is_const || ty.is_sampler(),
                konst: None,
                glsl_const: false,
                loop_index: false,
            });
            if let Some((name, span)) = &p.name {
                // Invariant: a function's state is made with one scope (`scopes:
                // vec![HashMap::new()]`).
                if let Some(first) = state.scopes[0].insert(name.clone(), local) {
                    return Err(Diag::new(
                        *span,
                        format!("two parameters are named {name}; rename one"),
                    )
                    .with_note(state.meta[first].span, format!("the first {name} is here")));
                }
            }
            params.push(TParam {
                storage: p.storage,
                ty,
                local,
            });
        }
        self.f = Some(state);
        let mut body = Vec::new();
        let count = f.body.len();
        for (i, s) in f.body.iter().enumerate() {
            self.fs().final_return = i + 1 == count && matches!(s.kind, StmtKind::Return(_));
            self.stmt_or_report(s, &mut body);
        }
        // Invariant: `self.f` was set to Some at the top of this function, and only `function` sets
        // or takes it (the grammar has no nested functions).
        let state = self.f.take().expect("a function is open");
        self.functions.push(TFunction {
            name: f.name.clone(),
            ret,
            params,
            locals: state.locals,
            body,
            span: f.span,
        });
        self.fn_names
            .entry(f.name.clone())
            .or_default()
            .push(self.functions.len() - 1);
        Ok(())
    }

    fn fs(&mut self) -> &mut FnState {
        // Invariant: `fs` is called only while a function's body is checked (statements,
        // `new_local`), after `function` set `self.f`; global declarations never call it.
        self.f.as_mut().expect("inside a function")
    }

    fn new_local(
        &mut self,
        name: &str,
        span: Span,
        ty: Ty,
        meta: LocalMeta,
    ) -> Result<LocalId, Diag> {
        let f = self.fs();
        let local = f.locals.len();
        f.locals.push(LocalInfo { ty });
        f.meta.push(meta);
        // Invariant: a function's state starts with one scope (its parameters'), and each
        // `scopes.pop()` follows its own `push`.
        let scope = f.scopes.last_mut().expect("a scope");
        if let Some(first) = scope.insert(name.to_string(), local) {
            let first = f.meta[first].span;
            return Err(Diag::new(
                span,
                format!(
                    "{name} is declared twice in this block; rename one, or assign to the first"
                ),
            )
            .with_note(first, format!("{name} is first declared here")));
        }
        Ok(local)
    }

    fn lookup_local(&self, name: &str) -> Option<LocalId> {
        let f = self.f.as_ref()?;
        f.scopes.iter().rev().find_map(|s| s.get(name).copied())
    }

    // ------------------------------------------------------------------ statements

    fn block(&mut self, stmts: &[Stmt], out: &mut Vec<TStmt>) -> Result<(), Diag> {
        self.fs().scopes.push(HashMap::new());
        for s in stmts {
            self.stmt_or_report(s, out);
        }
        self.fs().scopes.pop();
        Ok(())
    }

    /// Check `s`, or report its refusal and go on with the next statement, as rustc does: the
    /// scopes and depths it opened are closed again.
    fn stmt_or_report(&mut self, s: &Stmt, out: &mut Vec<TStmt>) {
        let f = self.fs();
        let mark = (f.scopes.len(), f.loop_depth, f.branch_depth, f.switch_depth);
        if let Err(d) = self.stmt(s, out) {
            let f = self.fs();
            f.scopes.truncate(mark.0);
            f.loop_depth = mark.1;
            f.branch_depth = mark.2;
            f.switch_depth = mark.3;
            self.errors.push(d);
        }
    }

    /// A statement in a scope of its own (a branch or a loop body).
    fn scoped(&mut self, s: &Stmt) -> Result<Vec<TStmt>, Diag> {
        let mut out = Vec::new();
        self.fs().scopes.push(HashMap::new());
        self.stmt(s, &mut out)?;
        self.fs().scopes.pop();
        Ok(out)
    }

    fn stmt(&mut self, s: &Stmt, out: &mut Vec<TStmt>) -> Result<(), Diag> {
        match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Block(stmts) => self.block(stmts, out)?,
            StmtKind::Decl(decl) => self.local_decl(decl, out)?,
            StmtKind::Expr(e) => {
                let e = self.expr(e)?;
                out.push(TStmt::Expr(e));
            }
            StmtKind::Assign {
                target,
                op,
                op_span,
                value,
            } => self.assign(target, *op, value, *op_span, out)?,
            StmtKind::Step { target, inc } => {
                let (target, op, value) = self.step(target, *inc, s.span)?;
                out.push(TStmt::Assign {
                    target,
                    op: Some(op),
                    value,
                });
            }
            StmtKind::If { cond, then, els } => {
                let cond = self.expr(cond)?;
                if cond.ty != Ty::Bool {
                    return err(
                        cond.start,
                        format!("an if condition is a bool, not a {}", cond.ty),
                    );
                }
                self.fs().branch_depth += 1;
                let then = self.scoped(then)?;
                let els = match els {
                    Some(e) => self.scoped(e)?,
                    None => Vec::new(),
                };
                self.fs().branch_depth -= 1;
                out.push(TStmt::If { cond, then, els });
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => self.for_loop(init, cond.as_ref(), step.as_deref(), body, s.span, out)?,
            StmtKind::While {
                cond,
                body,
                do_first,
            } => {
                let cond = self.expr(cond)?;
                if cond.ty != Ty::Bool {
                    return err(
                        cond.start,
                        format!("a loop condition is a bool, not a {}", cond.ty),
                    );
                }
                let f = self.fs();
                f.loop_depth += 1;
                f.branch_depth += 1;
                let body = self.scoped(body);
                let f = self.fs();
                f.loop_depth -= 1;
                f.branch_depth -= 1;
                out.push(TStmt::While {
                    cond,
                    body: body?,
                    do_first: *do_first,
                    span: s.span,
                });
            }
            StmtKind::Switch { selector, body } => self.switch(selector, body, out)?,
            StmtKind::Label(_) => {
                return err(
                    s.span,
                    "a case or default label is directly in a switch's body",
                )
            }
            StmtKind::Break | StmtKind::Continue => {
                let f = self.fs();
                let is_break = s.kind == StmtKind::Break;
                if f.loop_depth == 0 && !(is_break && f.switch_depth > 0) {
                    let what = if is_break {
                        "break outside a loop or a switch"
                    } else {
                        "continue outside a loop"
                    };
                    return err(s.span, what);
                }
                out.push(if s.kind == StmtKind::Break {
                    TStmt::Break(s.span)
                } else {
                    TStmt::Continue(s.span)
                });
            }
            StmtKind::Return(value) => {
                let ret = self.fs().ret;
                let value = match value {
                    None if ret == Ty::Void => None,
                    None => {
                        return err(
                            s.span,
                            format!("{} answers a {ret}; return a value", self.fs().name),
                        )
                    }
                    Some(v) => {
                        let v = self.expr(v)?;
                        if ret == Ty::Void {
                            return err(
                                v.start,
                                format!("{} is void; it returns no value", self.fs().name),
                            );
                        }
                        if v.ty != ret {
                            return err(
                                v.start,
                                format!("{} answers a {ret}, not a {}", self.fs().name, v.ty),
                            );
                        }
                        Some(v)
                    }
                };
                let vertex = self.env.stage == Stage::Vertex;
                let f = self.fs();
                if vertex && f.is_main && !f.final_return {
                    return err(
                        s.span,
                        "a return before the end of a vertex shader's main is not in the subset",
                    );
                }
                out.push(TStmt::Return(value, s.span));
            }
            StmtKind::Discard => {
                if self.env.stage == Stage::Vertex {
                    return err(s.span, "discard is for fragment shaders");
                }
                out.push(TStmt::Discard(s.span));
            }
        }
        Ok(())
    }

    /// A local declaration. A variable whose declaration is refused is declared all the same, so
    /// that its uses report nothing more: of its declared type where that is known (`float k =
    /// 1;` leaves a float k, as rustc's `let k: f32 = 1;` does), poisoned where it is not (an
    /// array whose size failed, a const whose value failed); the next variable is checked.
    fn local_decl(&mut self, decl: &Decl, out: &mut Vec<TStmt>) -> Result<(), Diag> {
        let ty = Ty::from_name(decl.ty.name);
        self.uint_type(ty, decl.ty.span)?;
        let refused = match ty {
            Ty::Void => Some(Diag::new(
                decl.ty.span,
                "a variable cannot be void; give it a type such as float",
            )),
            t if t.is_sampler() => Some(Diag::new(
                decl.ty.span,
                format!("a {ty} in a local variable is not in the subset; read the uniform where you need it"),
            )),
            _ => None,
        };
        if let Some(d) = refused {
            for var in &decl.vars {
                self.declare_refused(var, None);
            }
            return Err(d);
        }
        let is_const = matches!(decl.storage, Some((Storage::Const, _)));
        let known = (!is_const).then_some(ty);
        for var in &decl.vars {
            if let Err(d) = self.local_var(decl, var, out) {
                self.declare_refused(var, known.filter(|_| var.array.is_none()));
                self.errors.push(d);
            }
        }
        Ok(())
    }

    /// Declare `var`, whose declaration was refused, in the innermost scope (unless the scope has
    /// it already): of type `ty`, or poisoned where its type is not known.
    fn declare_refused(&mut self, var: &VarDecl, ty: Option<Ty>) {
        let f = self.fs();
        // Invariant: a function's state starts with one scope and each pop follows its push.
        if f.scopes.last().expect("a scope").contains_key(&var.name) {
            return;
        }
        let meta = LocalMeta {
            span: var.span,
            poisoned: ty.is_none(),
            read_only: false,
            konst: None,
            glsl_const: false,
            loop_index: false,
        };
        // A poisoned variable's type is never read: each use stops at `ident` or `lvalue`.
        let _ = self.new_local(&var.name, var.span, ty.unwrap_or(Ty::Float), meta);
    }

    /// One variable of a local declaration.
    fn local_var(&mut self, decl: &Decl, var: &VarDecl, out: &mut Vec<TStmt>) -> Result<(), Diag> {
        let base_ty = Ty::from_name(decl.ty.name);
        let is_const = matches!(decl.storage, Some((Storage::Const, _)));
        if var.name.starts_with("gl_") {
            return err(
                var.span,
                "names starting with gl_ belong to GLSL; choose another name",
            );
        }
        let init = match &var.init {
            Some(e) => Some(self.expr(e)?),
            None => None,
        };
        let ty = self.var_ty(base_ty, var, init.as_ref())?;
        let init = match init {
            Some(v) if v.ty != ty => {
                return Err(self.clash(Some(&var.name), ty, v.ty, v.start));
            }
            Some(v) => Some(v),
            None if is_const => {
                return err(
                    var.span,
                    format!(
                        "a const needs a value: const {} {} = ...;",
                        self.ty_name(ty),
                        var.name
                    ),
                )
            }
            None => None,
        };
        if is_const && !init.as_ref().is_some_and(|v| v.glsl_const) {
            return err(
                var.span,
                format!(
                    "the value of const {} is not a constant expression; drop const, or compute it from constants alone",
                    var.name
                ),
            );
        }
        let meta = LocalMeta {
            span: var.span,
            poisoned: false,
            read_only: is_const,
            konst: if is_const {
                init.as_ref().and_then(|v| v.konst)
            } else {
                None
            },
            glsl_const: is_const,
            loop_index: false,
        };
        // The name is visible after its initializer, as in GLSL.
        let local = self.new_local(&var.name, var.span, ty, meta)?;
        out.push(TStmt::Decl { local, init });
        Ok(())
    }

    /// The refusal of a value of type `got` where `want` is needed: named after the variable
    /// where there is one, with what to write where a constructor converts one to the other.
    fn clash(&self, name: Option<&str>, want: Ty, got: Ty, at: Span) -> Diag {
        let (want_name, got_name) = (self.ty_name(want), self.ty_name(got));
        let head = match name {
            Some(name) => format!(
                "{name} is {}, and the value {}",
                article(&want_name),
                article(&got_name)
            ),
            None => format!(
                "the left side is {}, and the right {}",
                article(&want_name),
                article(&got_name)
            ),
        };
        // GLSL ES converts nothing on its own; a constructor converts a scalar to any scalar or
        // vector, and a vector to another of its width.
        let converts = match (want.width(), got.width()) {
            (Some(w), Some(g)) => g == 1 || w == g,
            _ => false,
        };
        let reason = if converts {
            format!("{head}: write {want_name}(…)")
        } else {
            head
        };
        Diag::new(at, reason)
    }

    /// Where the variable `name` names is declared, as a note of a clash; none for a built-in.
    fn declared_note(&self, name: &str, ty: Ty) -> Option<(Span, String)> {
        let span = match self.lookup_local(name) {
            // Invariant: `lookup_local` answers Some only inside a function, with an index of
            // `meta`.
            Some(local) => self.f.as_ref().expect("a function").meta[local].span,
            None => self.globals[*self.global_names.get(name)?].span,
        };
        let ty_name = self.ty_name(ty);
        Some((
            span,
            format!("{name} is declared here as {}", article(&ty_name)),
        ))
    }

    fn assign(
        &mut self,
        target: &Expr,
        op: Option<BinOp>,
        value: &Expr,
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> Result<(), Diag> {
        if let ExprKind::Ident(name) = &target.kind {
            if self.lookup_local(name).is_none() {
                if let Some(&id) = self.global_names.get(name) {
                    if matches!(self.globals[id].kind, GlobalKind::Position) {
                        return self.set_position(target, op, value, span, out);
                    }
                }
            }
        }
        let (target, value) = self.assignment(target, op, value, span)?;
        out.push(TStmt::Assign { target, op, value });
        Ok(())
    }

    /// An assignment's target and its value, typed against each other.
    fn assignment(
        &mut self,
        target: &Expr,
        op: Option<BinOp>,
        value: &Expr,
        span: Span,
    ) -> Result<(LValue, TExpr), Diag> {
        let lv = self.lvalue(target)?;
        let v = self.expr(value)?;
        match op {
            None => {
                if v.ty != lv.ty {
                    // A whole variable is named, with a note at its declaration.
                    let named = match &target.kind {
                        ExprKind::Ident(name) => Some(name.as_str()),
                        _ => None,
                    };
                    let mut d = self.clash(named, lv.ty, v.ty, value.start);
                    if let Some((span, note)) = named.and_then(|n| self.declared_note(n, lv.ty)) {
                        d = d.with_note(span, note);
                    }
                    return Err(d);
                }
            }
            Some(op) => {
                let result = self.binary_type(op, lv.ty, v.ty, span)?;
                if let Some(reason) = known_operand_refusal(op, result, v.ty, v.konst.as_ref()) {
                    return err(span, reason);
                }
                if result != lv.ty {
                    return err(
                        span,
                        format!(
                            "{}{}= {} gives a {result}, which does not fit back into the {}",
                            lv.ty,
                            op.symbol(),
                            v.ty,
                            lv.ty
                        ),
                    );
                }
            }
        }
        Ok((lv, v))
    }

    /// `++target` or `--target`: its target and the operator and one it is moved by.
    fn step(
        &mut self,
        target: &Expr,
        inc: bool,
        span: Span,
    ) -> Result<(LValue, BinOp, TExpr), Diag> {
        let lv = self.lvalue(target)?;
        if !lv.ty.is_numeric() {
            return err(
                target.span,
                format!("++ and -- take a number, not a {}", lv.ty),
            );
        }
        // One of the target's kind: GLSL adds 1 to each component.
        let one_ty = Ty::of(lv.ty.comp().unwrap_or(Comp::Float), 1);
        let mut one = texpr(TKind::Const, one_ty, span);
        one.konst = Some([1.0, 0.0, 0.0, 0.0]);
        one.unrolled_const = true;
        one.glsl_const = true;
        Ok((lv, if inc { BinOp::Add } else { BinOp::Sub }, one))
    }

    fn set_position(
        &mut self,
        target: &Expr,
        op: Option<BinOp>,
        value: &Expr,
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> Result<(), Diag> {
        // Invariant: `set_position` is called from an assignment statement, checked inside a
        // function's body, where `self.f` is Some.
        let f = self.f.as_ref().expect("a function");
        if !f.is_main {
            return err(
                target.span,
                "gl_Position is written in main, not in a function",
            );
        }
        if f.branch_depth > 0 {
            return err(
                target.span,
                "gl_Position is written outside every branch and loop",
            );
        }
        if op.is_some() {
            return err(span, "gl_Position is written once, with =");
        }
        if self.position_written {
            return err(target.span, "gl_Position is written twice; write it once");
        }
        let v = self.expr(value)?;
        if v.ty != Ty::Vec4 {
            return err(
                value.start,
                format!("gl_Position is a vec4, not a {}", v.ty),
            );
        }
        self.position_written = true;
        out.push(TStmt::SetPosition(v, target.span));
        Ok(())
    }

    fn for_loop(
        &mut self,
        init: &Stmt,
        cond: Option<&Expr>,
        step: Option<&Stmt>,
        body: &Stmt,
        span: Span,
        out: &mut Vec<TStmt>,
    ) -> Result<(), Diag> {
        const HEADER: &str =
            "a for loop is for (int i = a; i < b; i++) with constant a, b and step";
        let StmtKind::Decl(decl) = &init.kind else {
            return err(
                init.span,
                format!("the loop does not declare its index; {HEADER}"),
            );
        };
        if decl.vars.len() != 1 || decl.storage.is_some() {
            return err(init.span, HEADER);
        }
        let ty = Ty::from_name(decl.ty.name);
        if !matches!(ty, Ty::Int | Ty::UInt | Ty::Float) {
            return err(
                decl.ty.span,
                format!("a loop index is an int, a uint or a float, not a {ty}"),
            );
        }
        // Invariant: `decl.vars.len() == 1` was checked above.
        let var = &decl.vars[0];
        let Some(init_expr) = &var.init else {
            return err(var.span, "the loop index needs a start value");
        };
        self.fs().scopes.push(HashMap::new());
        let start = self.expr(init_expr)?;
        if start.ty != ty {
            return err(
                start.start,
                format!(
                    "the index is {} and its start {}",
                    article(ty.name()),
                    article(start.ty.name())
                ),
            );
        }
        let Some(start) = start.konst else {
            return err(start.start, "the loop's start is not a constant");
        };
        let index = self.new_local(
            &var.name,
            var.span,
            ty,
            LocalMeta {
                span: var.span,
                poisoned: false,
                read_only: true,
                konst: None,
                glsl_const: false,
                loop_index: true,
            },
        )?;
        // The condition: index op constant, either way round, and perhaps `&& rest`, which the
        // loop tests at the top of each time through, after the index's test held (as `&&` does):
        // `if (!(rest)) break;`.
        let Some(mut cond) = cond else {
            return err(span, format!("the loop has no condition; {HEADER}"));
        };
        let mut rest = None;
        if let ExprKind::Binary(BinOp::And, a, b) = &cond.kind {
            let compares_index = |e: &Expr| {
                matches!(&e.kind, ExprKind::Binary(_, x, y)
                    if [x, y].iter().any(|s| matches!(&s.kind, ExprKind::Ident(n) if *n == var.name)))
            };
            if compares_index(a) {
                rest = Some(b.as_ref());
                cond = a.as_ref();
            }
        }
        let (op, bound, flipped) = match &cond.kind {
            ExprKind::Binary(op, a, b) => {
                let is_index = |e: &Expr| matches!(&e.kind, ExprKind::Ident(n) if *n == var.name);
                if is_index(a) {
                    (*op, b.as_ref(), false)
                } else if is_index(b) {
                    (*op, a.as_ref(), true)
                } else {
                    return err(
                        cond.start,
                        format!(
                            "the condition compares the index {} with a constant",
                            var.name
                        ),
                    );
                }
            }
            _ => {
                return err(
                    cond.start,
                    format!(
                        "the condition compares the index {} with a constant",
                        var.name
                    ),
                )
            }
        };
        if !matches!(
            op,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Ne
        ) {
            return err(
                cond.span,
                format!("the condition is <, <=, >, >= or !=, not {}", op.symbol()),
            );
        }
        let bound_e = self.expr(bound)?;
        if bound_e.ty != ty {
            return err(
                bound_e.start,
                format!(
                    "the index is {} and the bound {}",
                    article(ty.name()),
                    article(bound_e.ty.name())
                ),
            );
        }
        let Some(bound_v) = bound_e.konst else {
            return err(bound_e.start, "the loop reads a bound that is not constant");
        };
        // The step.
        let Some(step) = step else {
            return err(span, format!("the loop has no step; {HEADER}"));
        };
        let step_value = match &step.kind {
            StmtKind::Step { target, inc } if matches!(&target.kind, ExprKind::Ident(n) if *n == var.name) => {
                if *inc {
                    1.0
                } else {
                    -1.0
                }
            }
            StmtKind::Assign {
                target,
                op: Some(op @ (BinOp::Add | BinOp::Sub)),
                value,
                ..
            } if matches!(&target.kind, ExprKind::Ident(n) if *n == var.name) => {
                let v = self.expr(value)?;
                if v.ty != ty {
                    return err(
                        v.start,
                        format!(
                            "the index is {} and the step {}",
                            article(ty.name()),
                            article(v.ty.name())
                        ),
                    );
                }
                let Some(k) = v.konst else {
                    return err(v.start, "the step is not a constant");
                };
                if *op == BinOp::Add {
                    k[0]
                } else {
                    -k[0]
                }
            }
            _ => {
                let at = match &step.kind {
                    StmtKind::Assign { op_span, .. } => *op_span,
                    _ => step.span,
                };
                return err(at, "the step is i++, i--, i += c or i -= c on the index");
            }
        };
        // Count the times through, as the GPU would run them.
        let range = ForRange {
            start: start[0],
            step: step_value,
            count: 0,
        };
        let holds = |i: f64| {
            let (a, b) = if flipped {
                (bound_v[0], i)
            } else {
                (i, bound_v[0])
            };
            match op {
                BinOp::Lt => a < b,
                BinOp::Le => a <= b,
                BinOp::Gt => a > b,
                BinOp::Ge => a >= b,
                _ => a != b,
            }
        };
        let mut i = start[0];
        let mut count: i64 = 0;
        while holds(i) {
            count += 1;
            if count > MAX_LOOP_COUNT {
                return err(
                    span,
                    format!("the loop runs more than {MAX_LOOP_COUNT} times"),
                );
            }
            i = range.next(ty, i);
        }
        let mut stmts = Vec::new();
        if let Some(rest) = rest {
            let test = self.expr(rest)?;
            if test.ty != Ty::Bool {
                return err(
                    test.start,
                    format!("a loop condition is a bool, not a {}", test.ty),
                );
            }
            let stop = texpr(TKind::Unary(UnOp::Not, Box::new(test)), Ty::Bool, rest.span);
            stmts.push(TStmt::If {
                cond: stop,
                then: vec![TStmt::Break(rest.span)],
                els: Vec::new(),
            });
        }
        let f = self.fs();
        f.loop_depth += 1;
        f.branch_depth += 1;
        let body = self.scoped(body);
        let f = self.fs();
        f.loop_depth -= 1;
        f.branch_depth -= 1;
        f.scopes.pop();
        stmts.extend(body?);
        let body = stmts;
        out.push(TStmt::For {
            index,
            range: ForRange {
                count: count as u32,
                ..range
            },
            body,
            span,
        });
        Ok(())
    }

    /// `switch (selector) { body }`: the body's labels split it into sections, each of which
    /// runs where its labels or an earlier section's matched (GLSL's fall-through).
    fn switch(&mut self, selector: &Expr, body: &[Stmt], out: &mut Vec<TStmt>) -> Result<(), Diag> {
        let selector = self.expr(selector)?;
        // GLSL ES 3.00 §6.2: a scalar integer, int or uint (R-GLSL-26).
        if !matches!(selector.ty, Ty::Int | Ty::UInt) {
            return err(
                selector.start,
                format!(
                    "a switch selects by an int or a uint, not a {}",
                    selector.ty
                ),
            );
        }
        let selector_ty = selector.ty;
        let mut sections: Vec<SwitchSection> = Vec::new();
        let mut seen: Vec<(i64, Span)> = Vec::new();
        let mut default_at: Option<Span> = None;
        // Whether the last section has statements (a label after them starts a new section).
        let mut open_labels = false;
        self.fs().scopes.push(HashMap::new());
        let f = self.fs();
        f.switch_depth += 1;
        f.branch_depth += 1;
        let mut result = Ok(());
        for stmt in body {
            match &stmt.kind {
                StmtKind::Label(value) => {
                    if !open_labels {
                        sections.push(SwitchSection {
                            labels: Vec::new(),
                            default: false,
                            body: Vec::new(),
                        });
                        open_labels = true;
                    }
                    let label = self.switch_label(
                        value.as_ref(),
                        selector_ty,
                        stmt.span,
                        &mut seen,
                        &mut default_at,
                    );
                    // Invariant: a section was pushed above when none was open.
                    let section = sections.last_mut().expect("a section is open");
                    match label {
                        Ok(Some(k)) => section.labels.push(k),
                        Ok(None) => section.default = true,
                        Err(d) => self.errors.push(d),
                    }
                }
                _ if sections.is_empty() => {
                    result = err(
                        stmt.span,
                        "a statement of a switch comes before its first case label",
                    );
                    break;
                }
                StmtKind::Decl(_) => {
                    self.errors.push(Diag::new(
                        stmt.span,
                        "a declaration directly in a switch is not in the subset; put the case's statements in a block { }",
                    ));
                }
                _ => {
                    open_labels = false;
                    // Invariant: `sections` is not empty (the arm above).
                    let section = sections.last_mut().expect("a section is open");
                    let mut stmts = std::mem::take(&mut section.body);
                    self.stmt_or_report(stmt, &mut stmts);
                    // Invariant: as above; `stmt_or_report` adds no section.
                    sections.last_mut().expect("a section is open").body = stmts;
                }
            }
        }
        let f = self.fs();
        f.switch_depth -= 1;
        f.branch_depth -= 1;
        f.scopes.pop();
        result?;
        out.push(TStmt::Switch { selector, sections });
        Ok(())
    }

    /// A `case` label's value (`None` for `default`), constant, of the selector's type
    /// (`selector`: int or uint; GLSL ES has no implicit conversion between them), and not a
    /// second of its value.
    fn switch_label(
        &mut self,
        value: Option<&Expr>,
        selector: Ty,
        span: Span,
        seen: &mut Vec<(i64, Span)>,
        default_at: &mut Option<Span>,
    ) -> Result<Option<Konst>, Diag> {
        let Some(value) = value else {
            if let Some(first) = *default_at {
                return Err(Diag::new(span, "a switch has one default label")
                    .with_note(first, "the first default is here"));
            }
            *default_at = Some(span);
            return Ok(None);
        };
        let v = self.expr(value)?;
        if v.ty != selector {
            let write = if selector == Ty::UInt { "3u" } else { "3" };
            return err(
                v.start,
                format!(
                    "a case label is of the selector's type, {selector}, not {}: write a label such as {write}",
                    v.ty
                ),
            );
        }
        let Some(k) = v.konst else {
            return err(v.start, "a case label is a constant");
        };
        let key = k[0] as i64;
        if let Some(&(_, first)) = seen.iter().find(|(x, _)| *x == key) {
            return Err(Diag::new(v.start, format!("case {key} is labelled twice"))
                .with_note(first, "the first label is here"));
        }
        seen.push((key, v.start));
        Ok(Some(k))
    }

    // ------------------------------------------------------------------ l-values

    fn lvalue(&mut self, e: &Expr) -> Result<LValue, Diag> {
        match &e.kind {
            ExprKind::Ident(name) => {
                if let Some(local) = self.lookup_local(name) {
                    // Invariant: `lookup_local` answered Some, which it does only when `self.f` is
                    // Some; `local` is an index `new_local` pushed to both `meta` and `locals`.
                    let f = self.f.as_ref().expect("a function");
                    let meta = &f.meta[local];
                    if meta.poisoned {
                        return Err(Diag::follow_on(e.span));
                    }
                    if meta.loop_index {
                        return err(e.span, format!("the loop index {name} is written in the body; the loop's header moves it"));
                    }
                    if meta.read_only {
                        return err(e.span, format!("{name} is read-only"));
                    }
                    let ty = f.locals[local].ty;
                    return Ok(LValue {
                        root: Root::Local(local),
                        path: Vec::new(),
                        root_ty: ty,
                        ty,
                        span: e.span,
                    });
                }
                let id = self.resolve_global(name, e.span)?;
                let g = &self.globals[id];
                let writable = match g.kind {
                    GlobalKind::VaryingOut
                    | GlobalKind::FragColor
                    | GlobalKind::FragDepth
                    | GlobalKind::PointSize
                    | GlobalKind::Private(_) => true,
                    GlobalKind::Position => {
                        return err(
                            e.span,
                            "gl_Position is written whole, once, at the top of main",
                        )
                    }
                    _ => false,
                };
                if !writable {
                    let what = match g.kind {
                        GlobalKind::Uniform
                        | GlobalKind::BuiltinMatrix(_)
                        | GlobalKind::CameraPosition
                        | GlobalKind::IsOrthographic
                        | GlobalKind::Time => "a uniform",
                        GlobalKind::Attribute(_) => "an attribute",
                        GlobalKind::VaryingIn => "a varying, which a fragment shader reads",
                        GlobalKind::Const(_) => "a const",
                        _ => "read-only",
                    };
                    return err(e.span, format!("{name} is {what}; it cannot be written"));
                }
                if matches!(g.kind, GlobalKind::FragColor) {
                    match self.color_written {
                        Some((other, _)) if other != id => {
                            return err(
                                e.span,
                                format!("{name} and {} are both written; the fragment shader has one colour output", self.globals[other].name),
                            )
                        }
                        None => self.color_written = Some((id, e.span)),
                        _ => {}
                    }
                }
                let ty = g.ty;
                Ok(LValue {
                    root: Root::Global(id),
                    path: Vec::new(),
                    root_ty: ty,
                    ty,
                    span: e.span,
                })
            }
            ExprKind::Field(base, field) => {
                let mut lv = self.lvalue(base)?;
                if let Ty::Struct(_) = lv.ty {
                    let (i, ty) = self.field_of(lv.ty, field, e.span)?;
                    lv.ty = ty;
                    lv.path.push(Access::Field(i));
                    lv.span = e.span;
                    return Ok(lv);
                }
                let width = match lv.ty.width() {
                    Some(w) if lv.ty.is_vector() => w,
                    _ => return err(e.span, format!("a {} has no components to write", lv.ty)),
                };
                let comps = swizzle(field, width, e.span)?;
                let mut seen = [false; 4];
                for &c in &comps {
                    // Invariant: `swizzle` answers component indexes below the vector's width, at
                    // most 4.
                    if std::mem::replace(&mut seen[c as usize], true) {
                        return err(
                            e.span,
                            format!(".{field} names a component twice; it cannot be written"),
                        );
                    }
                }
                lv.ty = Ty::of(lv.ty.comp().unwrap_or(Comp::Float), comps.len());
                lv.path.push(Access::Swizzle(comps));
                lv.span = e.span;
                Ok(lv)
            }
            ExprKind::Index(base, index) => {
                let mut lv = self.lvalue(base)?;
                if let Ty::Array(a) = lv.ty {
                    let (elem, n) = self.arrays[a as usize];
                    let idx = self.written_index(index, n)?;
                    lv.ty = elem;
                    lv.path.push(Access::Element(idx));
                    lv.span = e.span;
                    return Ok(lv);
                }
                if let Some(n) = lv.ty.matrix_size() {
                    // A matrix's column, written as an array's element is.
                    let idx = self.written_index(index, n)?;
                    lv.ty = Ty::vec(n);
                    lv.path.push(Access::Element(idx));
                    lv.span = e.span;
                    return Ok(lv);
                }
                if !lv.ty.is_vector() {
                    return err(
                        e.span,
                        format!("a {} cannot be written through an index", lv.ty),
                    );
                }
                let idx = self.index_expr(index, lv.ty.width().unwrap_or(1))?;
                lv.ty = Ty::of(lv.ty.comp().unwrap_or(Comp::Float), 1);
                lv.path.push(Access::Index(idx));
                lv.span = e.span;
                Ok(lv)
            }
            _ => err(e.span, "the left side of an assignment must be a variable"),
        }
    }

    // ------------------------------------------------------------------ expressions

    fn resolve_global(&self, name: &str, span: Span) -> Result<GlobalId, Diag> {
        if let Some(&id) = self.global_names.get(name) {
            return Ok(id);
        }
        if self.poisoned.contains(name) {
            return Err(Diag::follow_on(span));
        }
        let env = self.env;
        if self.toy_arrays.contains_key(name) {
            return err(
                span,
                format!("{name} is an array; read one element, {name}[i], with a constant i"),
            );
        }
        if BUILTIN_MATRICES.iter().any(|(n, ..)| *n == name) && env.stage == Stage::Fragment {
            return err(span, format!("{name} is not available in a fragment shader; pass what you need through a varying"));
        }
        let reason = match name {
            "gl_FragColor" if env.kind == Kind::Raw => {
                "gl_FragColor is GLSL ES 1.00; with #version 300 es declare one out vec4"
                    .to_string()
            }
            "gl_FragColor" | "pc_fragColor" if env.kind == Kind::ShaderToy => {
                format!("a ShaderToy shader has no {name}; write mainImage's fragColor")
            }
            "gl_FragColor" | "gl_FragDepth" | "gl_FragCoord" | "gl_FrontFacing"
            | "gl_PointCoord" | "pc_fragColor"
                if env.stage == Stage::Vertex =>
            {
                format!("{name} is a fragment-shader variable; a vertex shader passes what the fragment shader needs through a varying")
            }
            "gl_FragDepth" if env.kind == Kind::ShaderToy => {
                "a ShaderToy shader has no gl_FragDepth; it writes its colour alone".to_string()
            }
            "gl_FragDepth" => "gl_FragDepth needs #version 300 es".to_string(),
            "gl_Position" | "gl_PointSize" => {
                format!("{name} is a vertex-shader output; write it in the vertex shader, and pass what the fragment shader needs through a varying")
            }
            n if n.starts_with("gl_") => format!("the built-in variable {n} is not in the subset"),
            _ => format!("{name} is not declared; declare it before this line"),
        };
        err(span, reason)
    }

    fn expr(&mut self, e: &Expr) -> Result<TExpr, Diag> {
        let mut t = self.expr_inner(e)?;
        t.start = e.start;
        Ok(t)
    }

    fn expr_inner(&mut self, e: &Expr) -> Result<TExpr, Diag> {
        let constant = |kind: TKind, ty: Ty, value: f64| {
            let mut t = texpr(kind, ty, e.span);
            t.konst = Some([value, 0.0, 0.0, 0.0]);
            t.unrolled_const = true;
            t.glsl_const = true;
            t
        };
        Ok(match &e.kind {
            ExprKind::Int(i) => constant(TKind::Const, Ty::Int, *i as f64),
            ExprKind::UInt(u) => {
                self.es300("a uint (the u suffix)", e.span)?;
                constant(TKind::Const, Ty::UInt, f64::from(*u))
            }
            ExprKind::Float(x) => constant(TKind::Const, Ty::Float, f64::from(*x)),
            ExprKind::Bool(b) => constant(TKind::Const, Ty::Bool, if *b { 1.0 } else { 0.0 }),
            ExprKind::Ident(name) => self.ident(name, e.span)?,
            ExprKind::Unary(op, a) => {
                let a = self.expr(a)?;
                let ok = match op {
                    UnOp::Neg | UnOp::Plus => a.ty.is_numeric() || a.ty.is_matrix(),
                    UnOp::Not => a.ty == Ty::Bool,
                    UnOp::BitNot => a.ty.is_integer(),
                };
                if !ok {
                    let wants = match op {
                        UnOp::Not => "a bool (not() negates a bvec)",
                        UnOp::BitNot => "an int, a uint or a vector of them",
                        _ => "a number",
                    };
                    return err(
                        e.span,
                        format!(
                            "{} takes {wants}, not {}",
                            op.symbol(),
                            article(a.ty.name())
                        ),
                    );
                }
                if *op == UnOp::BitNot {
                    self.es300("the bit operator ~", e.span)?;
                    self.unsigned_bits(a.ty, e.span)?;
                }
                if *op == UnOp::Plus {
                    return Ok(a);
                }
                let mut t = texpr(TKind::Unary(*op, Box::new(a.clone())), a.ty, e.span);
                t.konst = a.konst.map(|k| fold_unary(*op, a.ty, &k));
                t.unrolled_const = a.unrolled_const;
                t.glsl_const = a.glsl_const;
                t
            }
            ExprKind::Binary(op, a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                self.binary(*op, a, b, e.span)?
            }
            ExprKind::Ternary(c, a, b) => {
                let c = self.expr(c)?;
                if c.ty != Ty::Bool {
                    return err(
                        c.span,
                        format!("the condition of ?: is a bool, not a {}", c.ty),
                    );
                }
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                if a.ty != b.ty {
                    return err(
                        e.span,
                        format!("the two sides of ?: are a {} and a {}", a.ty, b.ty),
                    );
                }
                if !(a.ty.is_scalar()
                    || a.ty.is_vector()
                    || a.ty.is_matrix()
                    || matches!(a.ty, Ty::Struct(_)))
                {
                    return err(e.span, format!("?: of a {} is not in the subset", a.ty));
                }
                let konst = match (c.konst, a.konst, b.konst) {
                    (Some(c), Some(a), _) if c[0] != 0.0 => Some(a),
                    (Some(c), _, Some(b)) if c[0] == 0.0 => Some(b),
                    _ => None,
                };
                let unrolled = c.unrolled_const && a.unrolled_const && b.unrolled_const;
                let glsl = c.glsl_const && a.glsl_const && b.glsl_const;
                let ty = a.ty;
                let mut t = texpr(
                    TKind::Ternary(Box::new(c), Box::new(a), Box::new(b)),
                    ty,
                    e.span,
                );
                t.konst = konst;
                t.unrolled_const = unrolled;
                t.glsl_const = glsl;
                t
            }
            ExprKind::Call(callee, args) => self.call(callee, args, e.span)?,
            ExprKind::Index(base, index) => {
                if let ExprKind::Ident(name) = &base.kind {
                    if self.lookup_local(name).is_none() {
                        if let Some((ty, ids)) = self.toy_arrays.get(name).cloned() {
                            let idx = self.index_expr(index, ids.len())?;
                            let Some(k) = idx.konst else {
                                return err(idx.start, format!("{name}[i] takes a constant i"));
                            };
                            // Invariant: `index_expr` refused a constant outside 0 to `ids.len() -
                            // 1` (a NaN casts to 0, and `ids` is not empty).
                            let mut t = texpr(TKind::Global(ids[k[0] as usize]), ty, e.span);
                            t.glsl_const = false;
                            return Ok(t);
                        }
                    }
                }
                let base = self.expr(base)?;
                if let Ty::Array(a) = base.ty {
                    let (elem, n) = self.arrays[a as usize];
                    let idx = self.element_index(index, n)?;
                    let glsl = base.glsl_const && idx.glsl_const;
                    let mut t = texpr(TKind::Element(Box::new(base), Box::new(idx)), elem, e.span);
                    t.glsl_const = glsl;
                    return Ok(t);
                }
                if let Some(n) = base.ty.matrix_size() {
                    // A column: like an array's element, its index may be known at run time alone.
                    let idx = self.element_index(index, n)?;
                    let glsl = base.glsl_const && idx.glsl_const;
                    let mut t = texpr(
                        TKind::Index(Box::new(base), Box::new(idx)),
                        Ty::vec(n),
                        e.span,
                    );
                    t.glsl_const = glsl;
                    return Ok(t);
                }
                let (ty, width) = if base.ty.is_vector() {
                    (
                        Ty::of(base.ty.comp().unwrap_or(Comp::Float), 1),
                        base.ty.width().unwrap_or(1),
                    )
                } else {
                    return err(e.span, format!("a {} cannot be indexed", base.ty));
                };
                // A component read: its index may be known at run time alone, as an array's
                // element's (a select chain; a written component's index is known, `lvalue`).
                let idx = self.element_index(index, width)?;
                let konst = match (base.konst, idx.konst) {
                    // Invariant: `element_index` refused a constant outside 0 to `width - 1`, and
                    // `width` is at most 4.
                    (Some(b), Some(i)) => Some([b[i[0] as usize], 0.0, 0.0, 0.0]),
                    _ => None,
                };
                let unrolled = base.unrolled_const && idx.unrolled_const;
                let glsl = base.glsl_const && idx.glsl_const;
                let mut t = texpr(TKind::Index(Box::new(base), Box::new(idx)), ty, e.span);
                t.konst = konst;
                t.unrolled_const = unrolled;
                t.glsl_const = glsl;
                t
            }
            ExprKind::Assign { target, op, value } => {
                let (target, value) = self.assignment(target, *op, value, e.span)?;
                let ty = target.ty;
                let kind = TKind::Assign {
                    target,
                    op: *op,
                    value: Box::new(value),
                    post: false,
                };
                texpr(kind, ty, e.span)
            }
            ExprKind::Step { target, inc, post } => {
                let (target, op, value) = self.step(target, *inc, e.span)?;
                let ty = target.ty;
                let kind = TKind::Assign {
                    target,
                    op: Some(op),
                    value: Box::new(value),
                    post: *post,
                };
                texpr(kind, ty, e.span)
            }
            ExprKind::Comma(a, b) => {
                let a = self.expr(a)?;
                let b = self.expr(b)?;
                let ty = b.ty;
                texpr(TKind::Comma(Box::new(a), Box::new(b)), ty, e.span)
            }
            ExprKind::Length(base) => {
                let base = self.expr(base)?;
                let Ty::Array(a) = base.ty else {
                    return err(
                        e.span,
                        format!(
                            "length() is an array's; a {} has none",
                            self.ty_name(base.ty)
                        ),
                    );
                };
                constant(TKind::Const, Ty::Int, self.arrays[a as usize].1 as f64)
            }
            ExprKind::Field(base, field) => {
                let base = self.expr(base)?;
                if let Ty::Struct(_) = base.ty {
                    let (i, ty) = self.field_of(base.ty, field, e.span)?;
                    let glsl = base.glsl_const;
                    let mut t = texpr(TKind::Field(Box::new(base), i), ty, e.span);
                    t.glsl_const = glsl;
                    return Ok(t);
                }
                if base.ty.is_scalar() {
                    return err(
                        e.span,
                        format!(
                            "a scalar swizzled (.{field}) is not in the subset; use a constructor"
                        ),
                    );
                }
                if !base.ty.is_vector() {
                    return err(e.span, format!("a {} has no field {field}", base.ty));
                }
                let comps = swizzle(field, base.ty.width().unwrap_or(1), e.span)?;
                let ty = Ty::of(base.ty.comp().unwrap_or(Comp::Float), comps.len());
                let konst = base.konst.map(|k| {
                    let mut out = [0.0; 4];
                    for (o, &c) in out.iter_mut().zip(&comps) {
                        // Invariant: `swizzle` answers component indexes below the width, at most
                        // 4.
                        *o = k[c as usize];
                    }
                    out
                });
                let unrolled = base.unrolled_const;
                let glsl = base.glsl_const;
                let mut t = texpr(TKind::Swizzle(Box::new(base), comps), ty, e.span);
                t.konst = konst;
                t.unrolled_const = unrolled;
                t.glsl_const = glsl;
                t
            }
        })
    }

    /// A struct's field by name: its place and type.
    fn field_of(&self, ty: Ty, field: &str, span: Span) -> Result<(usize, Ty), Diag> {
        let Ty::Struct(s) = ty else {
            return err(span, format!("a {ty} has no field {field}"));
        };
        // Invariant: as in `ty_name`, a struct's place is one the checker pushed.
        let def = &self.structs[s as usize];
        match def.fields.iter().position(|(n, _)| n == field) {
            Some(i) => Ok((i, def.fields[i].1)),
            None => err(span, format!("{} has no field {field}", def.name)),
        }
    }

    fn ident(&mut self, name: &str, span: Span) -> Result<TExpr, Diag> {
        if let Some(local) = self.lookup_local(name) {
            // Invariant: `lookup_local` answered Some, which it does only when `self.f` is Some;
            // `local` is an index `new_local` pushed to both `meta` and `locals`.
            let f = self.f.as_ref().expect("a function");
            let meta = &f.meta[local];
            if meta.poisoned {
                return Err(Diag::follow_on(span));
            }
            let mut t = texpr(TKind::Local(local), f.locals[local].ty, span);
            t.konst = meta.konst;
            t.unrolled_const = meta.konst.is_some() || meta.loop_index;
            t.glsl_const = meta.glsl_const;
            return Ok(t);
        }
        let id = self.resolve_global(name, span)?;
        let g = &self.globals[id];
        match &g.kind {
            GlobalKind::Position => {
                return err(
                    span,
                    "gl_Position is written, not read; keep its value in a local variable",
                )
            }
            GlobalKind::FragColor | GlobalKind::FragDepth => {
                // Reading the output back is GLSL; it holds what was written so far.
            }
            _ => {}
        }
        let mut t = texpr(TKind::Global(id), g.ty, span);
        if let GlobalKind::Const(init) = &g.kind {
            t.konst = init.konst;
            t.unrolled_const = init.konst.is_some();
            t.glsl_const = true;
        }
        Ok(t)
    }

    /// The global gl_FragCoord, if `e` names it.
    /// An index: an int known once the loops unroll, and inside `0..len` where known now.
    fn index_expr(&mut self, index: &Expr, len: usize) -> Result<TExpr, Diag> {
        let idx = self.expr(index)?;
        if !matches!(idx.ty, Ty::Int | Ty::UInt) {
            return err(
                idx.start,
                format!(
                    "an index is an int or a uint, not {}",
                    article(idx.ty.name())
                ),
            );
        }
        if !idx.unrolled_const {
            return err(idx.start, "an index must be a constant or a loop index");
        }
        if let Some(k) = idx.konst {
            if k[0] < 0.0 || k[0] >= len as f64 {
                return err(
                    idx.start,
                    format!("the index {} is outside 0 to {}", k[0], len - 1),
                );
            }
        }
        Ok(idx)
    }

    /// An array's index: an int, inside `0..len` where known now; one known only at run time
    /// picks its element through a select chain (outside the array it reads the first element
    /// and writes none).
    /// An element's index where it is written: the lowering reads the variable and writes it back,
    /// each through the index, so one that calls a function or assigns (which would run twice)
    /// is refused.
    fn written_index(&mut self, index: &Expr, len: usize) -> Result<TExpr, Diag> {
        let idx = self.element_index(index, len)?;
        if idx.effects {
            return err(
                idx.start,
                "the index of an element that is written calls a function or assigns; compute it in a local first",
            );
        }
        Ok(idx)
    }

    fn element_index(&mut self, index: &Expr, len: usize) -> Result<TExpr, Diag> {
        let idx = self.expr(index)?;
        if !matches!(idx.ty, Ty::Int | Ty::UInt) {
            return err(
                idx.start,
                format!(
                    "an index is an int or a uint, not {}",
                    article(idx.ty.name())
                ),
            );
        }
        if let Some(k) = idx.konst {
            if k[0] < 0.0 || k[0] >= len as f64 {
                return err(
                    idx.start,
                    format!("the index {} is outside 0 to {}", k[0], len - 1),
                );
            }
        }
        Ok(idx)
    }

    /// The type of `a op b`, or why there is none.
    fn binary_type(&self, op: BinOp, a: Ty, b: Ty, span: Span) -> Result<Ty, Diag> {
        let sym = op.symbol();
        match op {
            BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div => {
                if a.is_matrix() || b.is_matrix() {
                    // A float with a matrix, and two matrices of one size, work component by
                    // component (but for *, the linear-algebraic product).
                    if (a.is_matrix() && (b == a || b == Ty::Float))
                        || (a == Ty::Float && b.is_matrix())
                    {
                        return Ok(if a.is_matrix() { a } else { b });
                    }
                    if op == BinOp::Mul {
                        if let Some(n) = a.matrix_size() {
                            if b.width() == Some(n) && b.is_vector() && b.is_gen() {
                                return Ok(b);
                            }
                        }
                        if let Some(n) = b.matrix_size() {
                            if a.width() == Some(n) && a.is_vector() && a.is_gen() {
                                return Ok(a);
                            }
                        }
                        return err(
                            span,
                            format!("a {a} times a {b}: a matrix multiplies a vector or a matrix of its size, or a float"),
                        );
                    }
                    return err(
                        span,
                        format!("{a} {sym} {b}: {sym} takes a matrix with a float or with a matrix of its size"),
                    );
                }
                if a.is_sampler() || b.is_sampler() {
                    let sampler = if a.is_sampler() { a } else { b };
                    return err(
                        span,
                        format!("a {sampler} is read with texture(), not {sym}"),
                    );
                }
                if !(a.is_numeric() && b.is_numeric()) {
                    return err(span, format!("{a} {sym} {b}: {sym} takes numbers"));
                }
                componentwise(a, b, sym).map_err(|r| Diag::new(span, r))
            }
            BinOp::Mod => {
                if self.env.kind == Kind::Raw && self.env.version == Version::Es100 {
                    return err(span, "% needs #version 300 es");
                }
                if a.is_gen() || b.is_gen() {
                    return err(span, "% of floats is not in the subset; use mod(x, y)");
                }
                if !(a.is_integer() && b.is_integer()) {
                    return err(span, format!("{a} % {b}: % takes integers"));
                }
                componentwise(a, b, sym).map_err(|r| Diag::new(span, r))
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr => {
                self.es300(&format!("the bit operator {sym}"), span)?;
                if !(a.is_integer() && b.is_integer()) {
                    return err(
                        span,
                        format!("{a} {sym} {b}: {sym} takes integers (a uint or a uvec)"),
                    );
                }
                self.unsigned_bits(a, span)?;
                if matches!(op, BinOp::Shl | BinOp::Shr) {
                    // The count is either kind, a scalar or of the left side's width.
                    return if b.is_scalar() || b.width() == a.width() {
                        Ok(a)
                    } else {
                        err(span, format!("{a} {sym} {b}: a shift's count is a scalar or of its value's width"))
                    };
                }
                self.unsigned_bits(b, span)?;
                componentwise(a, b, sym).map_err(|r| Diag::new(span, r))
            }
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge => {
                if a.is_vector() || b.is_vector() {
                    return err(span, format!("a vector compared with {sym} is not in the subset; compare its components, or use lessThan() and the like for a bvec"));
                }
                if a == b && a.is_numeric() {
                    return Ok(Ty::Bool);
                }
                if a.is_numeric() && b.is_numeric() {
                    return err(span, format!("{a} {sym} {b}: {}", no_conversion(a, b)));
                }
                err(
                    span,
                    format!("{a} {sym} {b}: {sym} compares two numbers of one type"),
                )
            }
            BinOp::Eq | BinOp::Ne => {
                if a != b {
                    return err(span, format!("{a} {sym} {b}: the two sides differ in type"));
                }
                if !(a.is_scalar() || a.is_vector() || a.is_matrix()) {
                    return err(span, format!("{sym} of a {a} is not in the subset"));
                }
                Ok(Ty::Bool)
            }
            BinOp::And | BinOp::Or | BinOp::Xor => {
                if a == Ty::Bool && b == Ty::Bool {
                    Ok(Ty::Bool)
                } else {
                    err(span, format!("{a} {sym} {b}: {sym} takes two bools"))
                }
            }
        }
    }

    /// A construct of GLSL ES 3.00 alone (uints, the bit operators) refused in a raw GLSL ES 1.00
    /// shader, as Mesa refuses it.
    fn es300(&self, what: &str, span: Span) -> Result<(), Diag> {
        if self.env.kind == Kind::Raw && self.env.version == Version::Es100 {
            return err(span, format!("{what} needs #version 300 es"));
        }
        Ok(())
    }

    /// A `uint` or `uvec` type where it is written: GLSL ES 3.00's alone ([`Checker::es300`]).
    fn uint_type(&self, ty: Ty, span: Span) -> Result<(), Diag> {
        if ty.comp() == Some(Comp::UInt) {
            self.es300(&format!("the type {ty}"), span)?;
        }
        Ok(())
    }

    /// The subset's bit operators take unsigned integers alone (docs/requirements.md, R-GLSL-8):
    /// a signed one is refused with the way round it.
    fn unsigned_bits(&self, ty: Ty, span: Span) -> Result<(), Diag> {
        if ty.comp() == Some(Comp::Int) {
            let u = ty.with_comp(Comp::UInt).unwrap_or(Ty::UInt);
            return err(
                span,
                format!("the bit operators of {} are not in the subset; they take a uint or a uvec: convert with {u}(x) and back with {ty}(...), which keep every bit", article(ty.name())),
            );
        }
        Ok(())
    }

    fn binary(&mut self, op: BinOp, a: TExpr, b: TExpr, span: Span) -> Result<TExpr, Diag> {
        let ty = self.binary_type(op, a.ty, b.ty, span)?;
        if let Some(reason) = known_operand_refusal(op, ty, b.ty, b.konst.as_ref()) {
            return err(span, reason);
        }
        let konst = match (a.konst, b.konst) {
            (Some(x), Some(y)) => Some(fold_binary(op, a.ty, &x, b.ty, &y, ty)),
            (Some(x), None) if op == BinOp::And && x[0] == 0.0 => Some([0.0; 4]),
            (Some(x), None) if op == BinOp::Or && x[0] != 0.0 => Some([1.0, 0.0, 0.0, 0.0]),
            _ => None,
        };
        let scalar_math = !(a.ty.is_matrix() || b.ty.is_matrix());
        let unrolled = a.unrolled_const && b.unrolled_const && scalar_math;
        let glsl = a.glsl_const && b.glsl_const;
        let kind = if matches!(op, BinOp::And | BinOp::Or) {
            TKind::Logical(op, Box::new(a), Box::new(b))
        } else {
            TKind::Binary(op, Box::new(a), Box::new(b))
        };
        let mut t = texpr(kind, ty, span);
        t.konst = konst;
        t.unrolled_const = unrolled;
        t.glsl_const = glsl;
        Ok(t)
    }

    fn call(&mut self, callee: &Callee, args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        let name = match callee {
            Callee::Type(t) => return self.construct(Ty::from_name(*t), args, span),
            Callee::Array(t, size) => {
                return self.construct_array(Ty::from_name(*t), size.as_deref(), args, span)
            }
            Callee::Name(n) => n,
        };
        if self.lookup_local(name).is_some() {
            return err(span, format!("{name} is a variable, not a function"));
        }
        if let Some(ids) = self.fn_names.get(name).cloned() {
            return self.user_call(&ids, args, span);
        }
        if self.f.as_ref().is_some_and(|f| f.name == *name) {
            return err(span, format!("{name} calls itself; recursion is not in the subset (a call inlines its function)"));
        }
        let env = self.env;
        let raw100 = env.kind == Kind::Raw && env.version == Version::Es100;
        let raw300 = env.kind == Kind::Raw && env.version == Version::Es300;
        // A variable hides GLSL's function of its name; three's prefix makes texture2D texture
        // (three r187's TriangleBlurShader declares `uniform sampler2D texture`, and Mesa refuses
        // its texture2D calls).
        let hidden = if env.kind == Kind::ShaderMaterial && name == "texture2D" {
            "texture"
        } else {
            name.as_str()
        };
        if builtin_name(hidden).is_some()
            && (self.lookup_local(hidden).is_some()
                || self
                    .global_names
                    .get(hidden)
                    .is_some_and(|&g| self.globals[g].span != Span::default()))
        {
            return err(
                span,
                format!("the variable {hidden} hides GLSL's function {hidden}, so it cannot be called here{}", if hidden != name { " (three.js's prefix makes texture2D texture)" } else { "" }),
            );
        }
        if name == "modf" {
            if raw100 {
                return err(span, "modf needs #version 300 es");
            }
            return self.modf(args, span);
        }
        let builtin = match builtin_name(name) {
            Some(BuiltinName::Subset {
                builtin,
                es300_only,
            }) => {
                if es300_only && raw100 {
                    return err(span, format!("{name} needs #version 300 es"));
                }
                builtin
            }
            Some(BuiltinName::Spelled {
                builtin,
                es100,
                other,
            }) => {
                if es100 && raw300 {
                    return err(
                        span,
                        format!("{name} is GLSL ES 1.00; #version 300 es writes {other}"),
                    );
                }
                if !es100 && raw100 {
                    return err(
                        span,
                        format!("{name} is GLSL ES 3.00; GLSL ES 1.00 writes {other}"),
                    );
                }
                builtin
            }
            Some(BuiltinName::ThreeAlias { builtin, glsl }) => {
                if env.kind != Kind::ShaderMaterial {
                    return err(span, format!("{name} is three.js's ShaderMaterial prefix's name for {glsl} (WebGL 1's EXT_shader_texture_lod); this shader writes {glsl}"));
                }
                builtin
            }
            Some(BuiltinName::VertexLod) => {
                return err(span, format!("{name} is GLSL ES 1.00's vertex-shader read (GLSL ES 1.00 §8.7), and the subset reads no texture in a vertex shader; a fragment shader reads a level with textureLod (#version 300 es)"))
            }
            Some(BuiltinName::NotInSubset) if name.contains("BitsTo") => {
                return err(span, format!("the built-in {name} is not in the subset: the graph has no bit cast between floats and integers (a conversion such as int(x) converts the value, not its bits)"))
            }
            Some(BuiltinName::NotInSubset) => {
                return err(span, format!("the built-in {name} is not in the subset"))
            }
            None => {
                if self.poisoned.contains(name) {
                    return Err(Diag::follow_on(span));
                }
                if self.global_names.contains_key(name) {
                    return err(span, format!("{name} is a variable, not a function"));
                }
                return err(
                    span,
                    format!("no function named {name} is declared before this call"),
                );
            }
        };
        let builtin = if builtin == Builtin::Atan && args.len() == 2 {
            Builtin::Atan2
        } else {
            builtin
        };
        if env.stage == Stage::Vertex {
            match builtin {
                b if b.reads_texture() => {
                    return err(
                        span,
                        "a texture read in a vertex shader is not in the subset",
                    )
                }
                Builtin::Dfdx | Builtin::Dfdy | Builtin::Fwidth => {
                    return err(span, format!("{name} is for fragment shaders"))
                }
                _ => {}
            }
        }
        let mut targs = Vec::with_capacity(args.len());
        for a in args {
            targs.push(self.expr(a)?);
        }
        let tys: Vec<Ty> = targs.iter().map(|a| a.ty).collect();
        let ints = !raw100;
        let ty = builtin
            .signature(name, &tys, ints)
            .map_err(|reason| Diag::new(span, reason))?;
        if matches!(builtin, Builtin::TextureGrad | Builtin::TextureProjGrad) {
            // A gradient known here that is not finite has no level (refused, as the specification says).
            for a in &targs[2..] {
                let width = a.ty.width().unwrap_or(1);
                if a.konst
                    .is_some_and(|k| k[..width].iter().any(|v| !v.is_finite()))
                {
                    return err(a.start, format!("{name}'s gradient is not finite: a gradient chooses the level, and an infinite or NaN one has none"));
                }
            }
        }
        if builtin == Builtin::TextureSize {
            // The size is a uniform the renderer fills for one level (R-GLSL-25), so the level
            // is known now.
            match targs[1].konst {
                Some(k) if k[0] >= 0.0 && k[0] <= MAX_SIZE_LEVEL => {}
                Some(k) => {
                    return err(targs[1].start, format!("textureSize's level is {}: a level is 0 to {MAX_SIZE_LEVEL}", k[0]))
                }
                None => {
                    return err(targs[1].start, "textureSize's level is computed at run time: the subset reads the size of a level known when the shader compiles (a constant expression such as 0)")
                }
            }
        }
        let konst = if builtin.folds() && targs.iter().all(|a| a.konst.is_some()) {
            // Invariant: the condition above checked that every argument's `konst` is Some.
            let values: Vec<Konst> = targs.iter().map(|a| a.konst.expect("all known")).collect();
            Some(fold_builtin(builtin, &tys, &values, ty))
        } else {
            None
        };
        let unrolled = builtin.folds() && targs.iter().all(|a| a.unrolled_const);
        let glsl = !builtin.reads_texture()
            && !matches!(builtin, Builtin::Dfdx | Builtin::Dfdy | Builtin::Fwidth)
            && targs.iter().all(|a| a.glsl_const);
        let mut t = texpr(TKind::Builtin(builtin, targs), ty, span);
        t.konst = konst;
        t.unrolled_const = unrolled;
        t.glsl_const = glsl;
        Ok(t)
    }

    /// `modf(x, out i)`: a call of a function the checker writes for x's type, `i = trunc(x);
    /// return x - trunc(x);` (GLSL: both parts have x's sign, and the whole part is a whole
    /// number), so that the out argument is written as any out argument is.
    fn modf(&mut self, args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        let [x, i] = args else {
            return err(span, format!("modf takes 2 arguments, not {}", args.len()));
        };
        let x = self.expr(x)?;
        if !x.ty.is_gen() {
            return err(
                x.start,
                format!("modf takes a float or a vector, not a {}", x.ty),
            );
        }
        let lv = self
            .lvalue(i)
            .map_err(|d| Diag::new(d.span, format!("argument 2 of modf is out: {}", d.reason)))?;
        if lv.ty != x.ty {
            return err(
                i.start,
                format!("argument 2 of modf is a {}, not a {}", x.ty, lv.ty),
            );
        }
        let ty = x.ty;
        let id = match self.modf_fns.get(&ty) {
            Some(&id) => id,
            None => {
                let local = |id| texpr(TKind::Local(id), ty, span);
                let trunc = || texpr(TKind::Builtin(Builtin::Trunc, vec![local(0)]), ty, span);
                let body = vec![
                    TStmt::Assign {
                        target: LValue {
                            root: Root::Local(1),
                            path: Vec::new(),
                            root_ty: ty,
                            ty,
                            span,
                        },
                        op: None,
                        value: trunc(),
                    },
                    TStmt::Return(
                        Some(texpr(
                            TKind::Binary(BinOp::Sub, Box::new(local(0)), Box::new(trunc())),
                            ty,
                            span,
                        )),
                        span,
                    ),
                ];
                self.functions.push(TFunction {
                    name: "modf".to_string(),
                    ret: ty,
                    params: vec![
                        TParam {
                            storage: Storage::In,
                            ty,
                            local: 0,
                        },
                        TParam {
                            storage: Storage::Out,
                            ty,
                            local: 1,
                        },
                    ],
                    locals: vec![LocalInfo { ty }, LocalInfo { ty }],
                    body,
                    span,
                });
                let id = self.functions.len() - 1;
                self.modf_fns.insert(ty, id);
                id
            }
        };
        Ok(texpr(
            TKind::Call(id, vec![TArg::In(x), TArg::Out(lv)]),
            ty,
            span,
        ))
    }

    /// A call of the shader's own function `ids` name (its overloads): each argument is checked
    /// once, as a value or, where the parameter is out or inout, as a variable, and the overload
    /// whose parameters' types are the arguments' is called.
    fn user_call(&mut self, ids: &[FnId], args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        // Invariant: `fn_names` holds a name with at least one function.
        let name = self.functions[ids[0]].name.clone();
        if self.env.kind == Kind::ShaderToy && name == "mainImage" {
            return err(span, "mainImage is called by the compiler alone");
        }
        if name == "main" {
            return err(span, "main calls itself; recursion is not in the subset");
        }
        let candidates: Vec<FnId> = ids
            .iter()
            .copied()
            .filter(|&id| self.functions[id].params.len() == args.len())
            .collect();
        if candidates.is_empty() {
            let counts: Vec<String> = ids
                .iter()
                .map(|&id| self.functions[id].params.len().to_string())
                .collect();
            let first = self.functions[ids[0]].span;
            return Err(Diag::new(
                span,
                format!(
                    "{name} takes {} arguments, not {}",
                    counts.join(" or "),
                    args.len()
                ),
            )
            .with_note(first, format!("{name} is declared here")));
        }
        enum Checked1 {
            Value(TExpr),
            Variable(LValue),
        }
        let mut checked = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let writes = |id: FnId| {
                matches!(
                    self.functions[id].params[i].storage,
                    Storage::Out | Storage::InOut
                )
            };
            let out = writes(candidates[0]);
            if candidates.iter().any(|&id| writes(id) != out) {
                return err(
                    a.start,
                    format!("argument {} is out in one overload of {name} and in in another; such overloads are not in the subset", i + 1),
                );
            }
            checked.push(if out {
                let storage = self.functions[candidates[0]].params[i].storage;
                let lv = self.lvalue(a).map_err(|d| {
                    Diag::new(
                        d.span,
                        format!(
                            "argument {} of {name} is {}: {}",
                            i + 1,
                            storage.name(),
                            d.reason
                        ),
                    )
                })?;
                Checked1::Variable(lv)
            } else {
                Checked1::Value(self.expr(a)?)
            });
        }
        let tys: Vec<Ty> = checked
            .iter()
            .map(|c| match c {
                Checked1::Value(v) => v.ty,
                Checked1::Variable(lv) => lv.ty,
            })
            .collect();
        let chosen = candidates.iter().copied().find(|&id| {
            self.functions[id]
                .params
                .iter()
                .zip(&tys)
                .all(|(p, t)| p.ty == *t)
        });
        let Some(id) = chosen else {
            if candidates.len() == 1 {
                let params = &self.functions[candidates[0]].params;
                // Invariant: no overload matched, so some argument's type differs.
                let (i, p) = params
                    .iter()
                    .enumerate()
                    .find(|(i, p)| p.ty != tys[*i])
                    .expect("a differing argument");
                let (want, got) = (self.ty_name(p.ty), self.ty_name(tys[i]));
                let hint = match (p.ty.width(), tys[i].width()) {
                    (Some(w), Some(g)) if g == 1 || w == g => format!(": write {want}(…)"),
                    _ => String::new(),
                };
                return Err(Diag::new(
                    args[i].start,
                    format!(
                        "argument {} of {name} is {}, not {}{hint}",
                        i + 1,
                        article(&want),
                        article(&got)
                    ),
                )
                .with_note(
                    self.functions[candidates[0]].span,
                    format!("{name} is declared here"),
                ));
            }
            let shown: Vec<String> = tys.iter().map(|&t| self.ty_name(t)).collect();
            return err(span, format!("no {name} takes ({})", shown.join(", ")));
        };
        let (ret, params) = {
            let f = &self.functions[id];
            (f.ret, f.params.clone())
        };
        let targs = checked
            .into_iter()
            .zip(&params)
            .map(|(c, p)| match c {
                Checked1::Value(v) => TArg::In(v),
                Checked1::Variable(lv) if p.storage == Storage::Out => TArg::Out(lv),
                Checked1::Variable(lv) => TArg::InOut(lv),
            })
            .collect();
        Ok(texpr(TKind::Call(id, targs), ret, span))
    }

    /// `T[n](a, b, ...)` or `T[](...)`: n values of T.
    fn construct_array(
        &mut self,
        elem: Ty,
        size: Option<&Expr>,
        args: &[Expr],
        span: Span,
    ) -> Result<TExpr, Diag> {
        let n = match size {
            Some(size) => {
                let n = self.array_size(size)?;
                if n != args.len() {
                    return err(
                        span,
                        format!(
                            "{}[{n}](...) takes {n} values, not {}",
                            self.ty_name(elem),
                            args.len()
                        ),
                    );
                }
                n
            }
            None => args.len(),
        };
        let ty = self.array_ty(elem, n, span)?;
        let mut targs = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = self.expr(a)?;
            if v.ty != elem {
                return err(
                    v.start,
                    format!(
                        "element {i} of {} is a {}, not a {}",
                        self.ty_name(ty),
                        self.ty_name(elem),
                        self.ty_name(v.ty)
                    ),
                );
            }
            targs.push(v);
        }
        let glsl = targs.iter().all(|a| a.glsl_const);
        let mut t = texpr(TKind::Construct(targs), ty, span);
        t.glsl_const = glsl;
        Ok(t)
    }

    /// `S(a, b, ...)`: one value of each field's type, in order.
    fn construct_struct(&mut self, ty: Ty, args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        let Ty::Struct(s) = ty else {
            return err(span, "not a struct");
        };
        let fields = self.structs[s as usize].fields.clone();
        let name = self.ty_name(ty);
        if args.len() != fields.len() {
            return err(
                span,
                format!(
                    "{name}(...) takes one value for each of its {} fields, not {}",
                    fields.len(),
                    args.len()
                ),
            );
        }
        let mut targs = Vec::with_capacity(args.len());
        for (a, (field, fty)) in args.iter().zip(&fields) {
            let v = self.expr(a)?;
            if v.ty != *fty {
                return err(
                    v.start,
                    format!(
                        "{name}'s field {field} is a {}, not a {}",
                        self.ty_name(*fty),
                        self.ty_name(v.ty)
                    ),
                );
            }
            targs.push(v);
        }
        let glsl = targs.iter().all(|a| a.glsl_const);
        let mut t = texpr(TKind::Construct(targs), ty, span);
        t.glsl_const = glsl;
        Ok(t)
    }

    /// A matrix's constructor: of one scalar (the diagonal), of one matrix (its top left corner,
    /// the identity's elsewhere), or of scalars and vectors that fill it column by column.
    fn construct_matrix(&mut self, ty: Ty, args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        let mut targs = Vec::with_capacity(args.len());
        for a in args {
            targs.push(self.expr(a)?);
        }
        let n = ty.matrix_size().unwrap_or(4);
        let single_matrix = targs.len() == 1 && targs[0].ty.is_matrix();
        let single_scalar = targs.len() == 1 && targs[0].ty.is_scalar();
        if targs.is_empty() {
            return err(span, format!("{ty}() needs a value"));
        }
        if !(single_matrix || single_scalar) {
            if let Some(m) = targs.iter().find(|a| a.ty.is_matrix()) {
                return err(
                    m.start,
                    format!("{ty}(...) of a matrix takes that matrix alone"),
                );
            }
            if let Some(a) = targs
                .iter()
                .find(|a| !(a.ty.is_scalar() || a.ty.is_vector()))
            {
                return err(
                    a.start,
                    format!(
                        "{ty}(...) takes scalars, vectors or one matrix, not a {}",
                        self.ty_name(a.ty)
                    ),
                );
            }
            let widths: Vec<usize> = targs.iter().map(|a| a.ty.width().unwrap_or(1)).collect();
            let total: usize = widths.iter().sum();
            if total < n * n {
                return err(
                    span,
                    format!("{ty} needs {} components, and {total} are given", n * n),
                );
            }
            // Invariant: `targs` is not empty (refused above), so neither is `widths`.
            let before_last: usize = widths[..widths.len() - 1].iter().sum();
            if before_last >= n * n {
                return err(span, format!("{ty}(...) has more arguments than it uses"));
            }
        }
        let glsl = targs.iter().all(|a| a.glsl_const);
        let mut t = texpr(TKind::Construct(targs), ty, span);
        t.glsl_const = glsl;
        Ok(t)
    }

    fn construct(&mut self, ty: Ty, args: &[Expr], span: Span) -> Result<TExpr, Diag> {
        if ty.comp() == Some(Comp::UInt) {
            self.es300(&format!("{ty}(...)"), span)?;
        }
        match ty {
            Ty::Mat2 | Ty::Mat3 | Ty::Mat4 => return self.construct_matrix(ty, args, span),
            t if t.is_sampler() || t == Ty::Void => {
                return err(span, format!("{ty} has no constructor"))
            }
            Ty::Struct(_) => return self.construct_struct(ty, args, span),
            _ => {}
        }
        let mut targs = Vec::with_capacity(args.len());
        for a in args {
            let v = self.expr(a)?;
            if !(v.ty.is_scalar() || v.ty.is_vector()) {
                return err(
                    v.start,
                    format!("{ty}(...) takes scalars and vectors, not a {}", v.ty),
                );
            }
            targs.push(v);
        }
        let width = ty.width().unwrap_or(1);
        if targs.is_empty() {
            return err(span, format!("{ty}() needs a value"));
        }
        if ty.is_scalar() {
            if targs.len() > 1 {
                return err(span, format!("{ty}(...) takes one value"));
            }
        } else if !(targs.len() == 1 && targs[0].ty.is_scalar()) {
            let widths: Vec<usize> = targs.iter().map(|a| a.ty.width().unwrap_or(1)).collect();
            let total: usize = widths.iter().sum();
            if total < width {
                return err(
                    span,
                    format!("{ty} needs {width} components, and {total} are given"),
                );
            }
            // Invariant: `targs` is not empty (refused above), so neither is `widths`.
            let before_last: usize = widths[..widths.len() - 1].iter().sum();
            if before_last >= width {
                return err(span, format!("{ty}(...) has more arguments than it uses"));
            }
        }
        let tys: Vec<Ty> = targs.iter().map(|a| a.ty).collect();
        let konst = if targs.iter().all(|a| a.konst.is_some()) {
            // Invariant: the condition above checked that every argument's `konst` is Some.
            let values: Vec<Konst> = targs.iter().map(|a| a.konst.expect("all known")).collect();
            Some(fold_construct(ty, &tys, &values).map_err(|r| Diag::new(span, r))?)
        } else {
            None
        };
        let unrolled = targs.iter().all(|a| a.unrolled_const);
        let glsl = targs.iter().all(|a| a.glsl_const);
        let mut t = texpr(TKind::Construct(targs), ty, span);
        t.konst = konst;
        t.unrolled_const = unrolled;
        t.glsl_const = glsl;
        Ok(t)
    }
}

/// The component indexes of a swizzle of a vector of `width` components.
fn swizzle(field: &str, width: usize, span: Span) -> Result<Vec<u8>, Diag> {
    const SETS: [&str; 3] = ["xyzw", "rgba", "stpq"];
    let chars: Vec<char> = field.chars().collect();
    if chars.is_empty() || chars.len() > 4 {
        return err(span, format!(".{field}: a swizzle has 1 to 4 components"));
    }
    // Invariant: an empty `chars` was refused above.
    let Some(set) = SETS.iter().find(|s| s.contains(chars[0])) else {
        return err(
            span,
            format!(".{field} is not a swizzle (xyzw, rgba or stpq)"),
        );
    };
    let mut out = Vec::with_capacity(chars.len());
    for c in chars {
        let Some(i) = set.find(c) else {
            if SETS.iter().any(|s| s.contains(c)) {
                return err(span, format!(".{field} mixes the sets xyzw, rgba and stpq"));
            }
            return err(
                span,
                format!(".{field} is not a swizzle (xyzw, rgba or stpq)"),
            );
        };
        if i >= width {
            return err(
                span,
                format!(".{field}: a vector of {width} components has no {c}"),
            );
        }
        out.push(i as u8);
    }
    Ok(out)
}

/// Why two numbers of different kinds do not mix: GLSL ES converts none implicitly.
fn no_conversion(a: Ty, b: Ty) -> String {
    let (Some(ka), Some(kb)) = (a.comp(), b.comp()) else {
        return "the two sides differ in type".into();
    };
    let float_side = if ka == Comp::Float { b } else { a };
    if ka == Comp::Float || kb == Comp::Float {
        let to = float_side.with_comp(Comp::Float).unwrap_or(Ty::Float);
        format!("GLSL ES has no implicit conversion between {} and float; write {to}(...) of the {float_side}", article(float_side.name()).trim_start_matches("a ").trim_start_matches("an "))
    } else {
        "an int and a uint do not mix (GLSL ES converts neither implicitly); write uint(...) or int(...), which keep every bit".into()
    }
}

/// The type of a componentwise operator over numbers of one kind: a scalar repeats into the
/// other side's components, two vectors are of one width.
fn componentwise(a: Ty, b: Ty, sym: &str) -> Result<Ty, String> {
    if a.comp() != b.comp() {
        return Err(format!("{a} {sym} {b}: {}", no_conversion(a, b)));
    }
    if a == b || b.is_scalar() {
        Ok(a)
    } else if a.is_scalar() {
        Ok(b)
    } else {
        Err(format!("{a} {sym} {b}: the vectors differ in size"))
    }
}
