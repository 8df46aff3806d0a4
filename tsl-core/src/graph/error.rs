//! The error of every refusal: what refused (a node, `set_output`, `compile`) and why.

use thiserror::Error;

/// A refusal by the graph, its compiler or a program. The message names the operation and the
/// reason, as `add: vec3 and vec2 differ in width`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{op}: {reason}")]
pub struct GraphError {
    /// What refused: a node method (`add`), `set_output`, `set_input`, `compile`, `set_uniform`.
    pub op: String,
    /// Why, in words.
    pub reason: String,
}

impl GraphError {
    /// An error of `op` for `reason`.
    pub fn new(op: impl Into<String>, reason: impl Into<String>) -> GraphError {
        GraphError {
            op: op.into(),
            reason: reason.into(),
        }
    }
}
