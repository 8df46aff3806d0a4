//! TSL's method chains on [`Node<T>`]: `uv().sub(0.5).length().mul(2.0)`, `t.mix(a, b)`,
//! `cond.discard()`. three.js makes every function it registers with `addMethodChaining(name, f)`
//! a method of every node, `node.name(...args)` being `f(node, ...args)`; here each is an inherent
//! method of `Node<T>` that calls the free function, so a chain and a call build the same node.
//!
//! How a function adds its chain form (a later module does it in its own file, beside its free
//! function; this file holds the pattern and the forms of the functions that existed first):
//!
//! 1. Find `addMethodChaining('name', f)` in three.js's source: the chain exists only if three
//!    registers it, and `f` says the argument order. Usually the receiver is the first argument;
//!    a few use an `...Element` wrapper that moves it (`mix` is `mixElement(t, a, b)` =
//!    `mix(a, b, t)`, `smoothstep` and `step` likewise).
//! 2. Write `impl<T: NodeType> Node<T> { pub fn name(self, ...) -> ... }` whose body is one call
//!    of the free function, with the free function's bounds as `where` clauses on the method (not
//!    on the `impl`): rustc then reports a wrong receiver with the bound trait's own
//!    `#[diagnostic::on_unimplemented]` message instead of "no method found".
//! 3. The name is the snake_case of TSL's (`oneMinus` → `one_minus`), with TSL's camelCase as a
//!    `#[doc(alias = "..")]` when it differs (rustdoc refuses an alias equal to the name).
//! 4. Add its row to docs/tsl-to-rust.md's "Chains" section: the first table there is exactly
//!    [`chain_forms`] (the rows the macros below make; tsl-core/tests/chains.rs holds the two
//!    equal), so a chain written in another module goes in the section's second table.

use super::control::{discard, If, Var};
use super::logic::{not, select, Condition};
use super::math::*;
use super::node::{IntoNode, IntoNodeOf, Node};
use super::types::{
    AddOperands, DivOperands, Float, MulOperands, NodeType, Numeric, RemOperands, SubOperands,
    Vec3, Wider, Wider3, WidthCompatible,
};

/// One chain form: how TSL writes it, how Rust writes it, and the call it builds. The rows of
/// [`chain_forms`] are made by the same macros that make the methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainForm {
    /// TSL's chain, as `x.oneMinus()`.
    pub tsl: &'static str,
    /// The Rust chain, as `x.one_minus()`.
    pub rust: &'static str,
    /// The expression it builds, as `one_minus(x)`.
    pub call: &'static str,
}

/// Every chain form the macros of this module make, in the order of docs/tsl-to-rust.md's
/// "Chains" table.
pub fn chain_forms() -> impl Iterator<Item = &'static ChainForm> {
    ARITHMETIC
        .iter()
        .chain(UNARY)
        .chain(BINARY)
        .chain(MOVED)
        .chain(OTHERS)
        .chain(ASSIGNS)
}

/// TSL's name: the one given after `as`, else the Rust name.
macro_rules! tsl_name {
    ($name:ident) => {
        stringify!($name)
    };
    ($name:ident $tsl:literal) => {
        $tsl
    };
}

/// `a.add(b)` and the others: the operators, whose bound traits say which operands go together.
macro_rules! arithmetic_chains {
    ($($name:ident $(as $tsl:literal)? => $Op:ident::$op:ident, $Bound:ident, $sym:literal;)*) => {
        // `Node<T>` implements `std::ops::Add` and the others too (the operators); these are the
        // same operations spelt as TSL's chains, so that `a.add(b)` needs no trait import.
        #[allow(clippy::should_implement_trait)]
        impl<T: NodeType> Node<T> {$(
            #[doc = concat!("TSL's `a.", tsl_name!($name $($tsl)?), "(b)`: `a ", $sym, " b`.")]
            $(#[doc(alias = $tsl)])?
            pub fn $name<R: IntoNode>(self, b: R) -> Node<<T as $Bound<R::Ty>>::Output>
            where
                T: $Bound<R::Ty>,
            {
                std::ops::$Op::$op(self, b)
            }
        )*}

        const ARITHMETIC: &[ChainForm] = &[$(ChainForm {
            tsl: concat!("a.", tsl_name!($name $($tsl)?), "(b)"),
            rust: concat!("a.", stringify!($name), "(b)"),
            call: concat!("a ", $sym, " b"),
        }),*];
    };
}

arithmetic_chains! {
    add => Add::add, AddOperands, "+";
    sub => Sub::sub, SubOperands, "-";
    mul => Mul::mul, MulOperands, "*";
    div => Div::div, DivOperands, "/";
    modulo as "mod" => Rem::rem, RemOperands, "%";
}

/// `x.sin()` and the others of one operand, a float or a vector, whose result has its type.
macro_rules! unary_chains {
    ($($name:ident $(as $tsl:literal)? => $free:ident;)*) => {
        // `not` is also `std::ops::Not` (the `!` operator), the same node.
        #[allow(clippy::should_implement_trait)]
        impl<T: NodeType> Node<T> {$(
            #[doc = concat!("TSL's `x.", tsl_name!($name $($tsl)?), "()`: [`", stringify!($free),
                "(x)`](super::", stringify!($free), ").")]
            $(#[doc(alias = $tsl)])?
            pub fn $name(self) -> Node<T>
            where
                T: Numeric,
            {
                $free(self)
            }
        )*}

        const UNARY: &[ChainForm] = &[$(ChainForm {
            tsl: concat!("x.", tsl_name!($name $($tsl)?), "()"),
            rust: concat!("x.", stringify!($name), "()"),
            call: concat!(stringify!($free), "(x)"),
        }),*];
    };
}

unary_chains! {
    abs => abs;
    sign => sign;
    floor => floor;
    ceil => ceil;
    round => round;
    trunc => trunc;
    fract => fract;
    sin => sin;
    cos => cos;
    tan => tan;
    asin => asin;
    acos => acos;
    atan => atan;
    radians => radians;
    degrees => degrees;
    exp => exp;
    exp2 => exp2;
    log => log;
    log2 => log2;
    sqrt => sqrt;
    inverse_sqrt as "inverseSqrt" => inverse_sqrt;
    reciprocal => reciprocal;
    negate => negate;
    one_minus as "oneMinus" => one_minus;
    saturate => saturate;
    normalize => normalize;
    not => not;
    dfdx as "dFdx" => dfdx;
    dfdy as "dFdy" => dfdy;
    fwidth => fwidth;
    to_varying as "toVarying" => varying;
}

/// `a.min(b)` and the others of two operands of one width (or one a float), the receiver first.
macro_rules! binary_chains {
    ($($name:ident $(as $tsl:literal)? => $free:ident;)*) => {
        impl<T: NodeType> Node<T> {$(
            #[doc = concat!("TSL's `a.", tsl_name!($name $($tsl)?), "(b)`: [`", stringify!($free),
                "(a, b)`](super::", stringify!($free), ").")]
            $(#[doc(alias = $tsl)])?
            pub fn $name<R: IntoNode>(self, b: R) -> Node<Wider<T, R::Ty>>
            where
                T: WidthCompatible<R::Ty>,
            {
                $free(self, b)
            }
        )*}

        const BINARY: &[ChainForm] = &[$(ChainForm {
            tsl: concat!("a.", tsl_name!($name $($tsl)?), "(b)"),
            rust: concat!("a.", stringify!($name), "(b)"),
            call: concat!(stringify!($free), "(a, b)"),
        }),*];
    };
}

binary_chains! {
    min => min;
    max => max;
    pow => pow;
    reflect => reflect;
    atan2 as "atan" => atan2;
}

// The chains three registers through an `...Element` wrapper, which moves the receiver: written
// out, with their rows in `MOVED`.
impl<T: NodeType> Node<T> {
    /// TSL's `x.step(edge)` (three's `stepElement`): [`step(edge, x)`](super::step), 0 where
    /// `x < edge`, else 1.
    pub fn step<E: IntoNode>(self, edge: E) -> Node<Wider<E::Ty, T>>
    where
        E::Ty: WidthCompatible<T>,
    {
        step(edge, self)
    }

    /// TSL's `t.mix(a, b)` (three's `mixElement`): [`mix(a, b, t)`](super::mix), the receiver is
    /// the weight.
    pub fn mix<A: IntoNode, B: IntoNode>(self, a: A, b: B) -> Node<Wider3<A::Ty, B::Ty, T>>
    where
        A::Ty: WidthCompatible<B::Ty>,
        Wider<A::Ty, B::Ty>: WidthCompatible<T>,
    {
        mix(a, b, self)
    }

    /// TSL's `x.smoothstep(low, high)` (three's `smoothstepElement`):
    /// [`smoothstep(low, high, x)`](super::smoothstep).
    pub fn smoothstep<A: IntoNode, B: IntoNode>(
        self,
        low: A,
        high: B,
    ) -> Node<Wider3<A::Ty, B::Ty, T>>
    where
        A::Ty: WidthCompatible<B::Ty>,
        Wider<A::Ty, B::Ty>: WidthCompatible<T>,
    {
        smoothstep(low, high, self)
    }
}

const MOVED: &[ChainForm] = &[
    ChainForm {
        tsl: "x.step(edge)",
        rust: "x.step(edge)",
        call: "step(edge, x)",
    },
    ChainForm {
        tsl: "t.mix(a, b)",
        rust: "t.mix(a, b)",
        call: "mix(a, b, t)",
    },
    ChainForm {
        tsl: "x.smoothstep(low, high)",
        rust: "x.smoothstep(low, high)",
        call: "smoothstep(low, high, x)",
    },
];

// The chains whose free function has a signature of its own (a float answer, a vec3 only, a
// condition): written out, with their rows in `OTHERS`.
impl<T: NodeType> Node<T> {
    /// TSL's `x.length()`: [`length(x)`](super::length), a float.
    pub fn length(self) -> Node<Float>
    where
        T: Numeric,
    {
        length(self)
    }

    /// TSL's `a.dot(b)`: [`dot(a, b)`](super::dot), a float.
    pub fn dot<R: IntoNode>(self, b: R) -> Node<Float>
    where
        T: WidthCompatible<R::Ty>,
    {
        dot(self, b)
    }

    /// TSL's `a.distance(b)`: [`distance(a, b)`](super::distance), a float.
    pub fn distance<R: IntoNode>(self, b: R) -> Node<Float>
    where
        T: WidthCompatible<R::Ty>,
    {
        distance(self, b)
    }

    /// TSL's `a.cross(b)`: [`cross(a, b)`](super::cross), of two vec3.
    pub fn cross(self, b: impl IntoNodeOf<Vec3>) -> Node<Vec3>
    where
        Self: IntoNodeOf<Vec3>,
    {
        cross(self, b)
    }

    /// TSL's `x.clamp(low, high)`: [`clamp(x, low, high)`](super::clamp). TSL's defaults (0 and
    /// 1) are [`Node::saturate`].
    pub fn clamp<A: IntoNode, B: IntoNode>(self, low: A, high: B) -> Node<Wider3<T, A::Ty, B::Ty>>
    where
        T: WidthCompatible<A::Ty>,
        Wider<T, A::Ty>: WidthCompatible<B::Ty>,
    {
        clamp(self, low, high)
    }

    /// TSL's `n.faceForward(i, nref)`: [`faceforward(n, i, nref)`](super::faceforward).
    #[doc(alias = "faceForward")]
    #[doc(alias = "faceforward")]
    pub fn face_forward<A: IntoNode, B: IntoNode>(
        self,
        i: A,
        nref: B,
    ) -> Node<Wider3<T, A::Ty, B::Ty>>
    where
        T: WidthCompatible<A::Ty>,
        Wider<T, A::Ty>: WidthCompatible<B::Ty>,
    {
        faceforward(self, i, nref)
    }

    /// TSL's `i.refract(n, eta)`: [`refract(i, n, eta)`](super::refract); `eta` is a float.
    pub fn refract<N: IntoNode>(self, n: N, eta: impl IntoNodeOf<Float>) -> Node<Wider<T, N::Ty>>
    where
        T: WidthCompatible<N::Ty>,
    {
        refract(self, n, eta)
    }

    /// TSL's `x.remap(inLow, inHigh, outLow, outHigh)`:
    /// [`remap(x, in_low, in_high, out_low, out_high)`](super::remap), no clamping. TSL's default
    /// output range, 0 to 1, is written out: `x.remap(a, b, 0.0, 1.0)`.
    #[allow(clippy::type_complexity)]
    pub fn remap<A: IntoNode, B: IntoNode, C: IntoNode, D: IntoNode>(
        self,
        in_low: A,
        in_high: B,
        out_low: C,
        out_high: D,
    ) -> Node<Wider<Wider<Wider<Wider<T, A::Ty>, B::Ty>, C::Ty>, D::Ty>>
    where
        T: WidthCompatible<A::Ty>,
        Wider<T, A::Ty>: WidthCompatible<B::Ty>,
        Wider<Wider<T, A::Ty>, B::Ty>: WidthCompatible<C::Ty>,
        Wider<Wider<Wider<T, A::Ty>, B::Ty>, C::Ty>: WidthCompatible<D::Ty>,
    {
        remap(self, in_low, in_high, out_low, out_high)
    }

    /// TSL's `cond.select(a, b)`: [`select(cond, a, b)`](super::select), `a` where the condition
    /// (a float) is not zero, else `b`.
    pub fn select<A: IntoNode, B: IntoNode>(self, a: A, b: B) -> Node<Wider<A::Ty, B::Ty>>
    where
        Self: Condition,
        A::Ty: WidthCompatible<B::Ty>,
    {
        select(self, a, b)
    }

    /// TSL's `cond.discard()` (three's `Discard(cond)`): throws the fragment away where the
    /// condition (a float) is not zero, as `If(cond, || discard())`.
    pub fn discard(self)
    where
        Self: Condition,
    {
        If(self, discard);
    }
}

const OTHERS: &[ChainForm] = &[
    ChainForm {
        tsl: "x.length()",
        rust: "x.length()",
        call: "length(x)",
    },
    ChainForm {
        tsl: "a.dot(b)",
        rust: "a.dot(b)",
        call: "dot(a, b)",
    },
    ChainForm {
        tsl: "a.distance(b)",
        rust: "a.distance(b)",
        call: "distance(a, b)",
    },
    ChainForm {
        tsl: "a.cross(b)",
        rust: "a.cross(b)",
        call: "cross(a, b)",
    },
    ChainForm {
        tsl: "x.clamp(low, high)",
        rust: "x.clamp(low, high)",
        call: "clamp(x, low, high)",
    },
    ChainForm {
        tsl: "n.faceForward(i, nref)",
        rust: "n.face_forward(i, nref)",
        call: "faceforward(n, i, nref)",
    },
    ChainForm {
        tsl: "i.refract(n, eta)",
        rust: "i.refract(n, eta)",
        call: "refract(i, n, eta)",
    },
    ChainForm {
        tsl: "x.remap(a, b, c, d)",
        rust: "x.remap(a, b, c, d)",
        call: "remap(x, a, b, c, d)",
    },
    ChainForm {
        tsl: "c.select(a, b)",
        rust: "c.select(a, b)",
        call: "select(c, a, b)",
    },
    ChainForm {
        tsl: "c.discard()",
        rust: "c.discard()",
        call: "If(c, discard)",
    },
    ChainForm {
        tsl: "x.toVar()",
        rust: "x.to_var()",
        call: "var(x)",
    },
];

/// `v.assign(e)`, `v.addAssign(e)` and the others on a variable: TSL writes them on any node, a
/// typed variable is a [`Var`].
macro_rules! assign_chains {
    ($($name:ident $(as $tsl:literal)? => $Op:ident::$op:ident, $Bound:ident, $sym:literal;)*) => {
        impl<T: Numeric> Var<T> {
            /// TSL's `v.assign(e)`: [`Var::set`], the variable holds `e` from here on.
            pub fn assign(self, value: impl IntoNodeOf<T>) {
                self.set(value)
            }
            $(
                #[doc = concat!("TSL's `v.", tsl_name!($name $($tsl)?), "(e)`: `v.set(v.get() ",
                    $sym, " e)`.")]
                $(#[doc(alias = $tsl)])?
                pub fn $name<R: IntoNode>(self, e: R)
                where
                    T: $Bound<R::Ty, Output = T>,
                {
                    self.set(std::ops::$Op::$op(self.get(), e))
                }
            )*
        }

        const ASSIGNS: &[ChainForm] = &[
            ChainForm { tsl: "v.assign(e)", rust: "v.assign(e)", call: "v.set(e)" },
            $(ChainForm {
                tsl: concat!("v.", tsl_name!($name $($tsl)?), "(e)"),
                rust: concat!("v.", stringify!($name), "(e)"),
                call: concat!("v.set(v.get() ", $sym, " e)"),
            }),*
        ];
    };
}

assign_chains! {
    add_assign as "addAssign" => Add::add, AddOperands, "+";
    sub_assign as "subAssign" => Sub::sub, SubOperands, "-";
    mul_assign as "mulAssign" => Mul::mul, MulOperands, "*";
    div_assign as "divAssign" => Div::div, DivOperands, "/";
    modulo_assign as "modAssign" => Rem::rem, RemOperands, "%";
}
