//! three.js's shading, depth and fog functions on typed nodes (R-MATH-12,
//! docs/requirements.md): the builder methods of the same names
//! (`crate::NodeGraph::f_schlick`, ...), with three's layout types checked by rustc. None has a
//! TSL chain form: three registers none of them with `addMethodChaining`.

mod bsdf;
mod depth;
mod fog;
mod ltc;
mod post;

pub use bsdf::*;
pub use depth::*;
pub use fog::*;
pub use ltc::*;
pub use post::*;

/// Typed wrappers of builder methods whose arguments all have fixed types: each argument is an
/// `impl IntoNodeOf<T>` and the result a `Node<Out>`.
macro_rules! typed_shading_fns {
    ($($(#[$doc:meta])* $name:ident($($arg:ident: $Ty:ty),*) -> $Out:ty;)*) => {$(
        $(#[$doc])*
        #[allow(clippy::too_many_arguments)] // three's named inputs, in its order
        pub fn $name($($arg: impl IntoNodeOf<$Ty>),*) -> Node<$Out> {
            $(let $arg = $arg.into_node_of().node_ref();)*
            Node::wrap(current().$name($($arg),*))
        }
    )*};
}
use typed_shading_fns;
