//! The one error type of native emission.

/// Why a program cannot be emitted as a native module.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EmitError {
    /// The host module lacks a hook the emitted code calls (`tsl_word`, `tsl_attribute`,
    /// `tsl_texture`).
    #[error("emit: the module has no hook `{name}`")]
    MissingHook {
        /// The hook's name.
        name: &'static str,
    },
    /// The host module lacks a function of the prelude ([`super::PRELUDE_WGSL`]).
    #[error("emit: the module has no prelude function `{name}` (include PRELUDE_WGSL)")]
    MissingPrelude {
        /// The function's name.
        name: &'static str,
    },
    /// A hook, a prelude function or the dispatch stub has another signature than the one the
    /// emitted code calls.
    #[error("emit: `{name}` must be `{expected}`")]
    Signature {
        /// The function's name.
        name: String,
        /// The signature it must have, in WGSL.
        expected: &'static str,
    },
    /// The module already has a function of the name an emitted function takes.
    #[error("emit: the module already has a function `{name}`")]
    NameTaken {
        /// The name.
        name: String,
    },
    /// An instruction the emitter cannot lower (only a program of another origin has one).
    #[error("emit: instruction {instruction} ({opcode}): {reason}")]
    Unsupported {
        /// The instruction's index in the code.
        instruction: usize,
        /// The opcode's name, or its byte when it is no opcode.
        opcode: String,
        /// Why.
        reason: String,
    },
    /// A node that a standalone module ([`crate::NodeProgram::to_module`]) cannot run.
    #[error(
        "emit: {node} (instruction {instruction}) cannot run in a standalone module: {reason}"
    )]
    NotStandalone {
        /// The reading instruction's index in the code.
        instruction: usize,
        /// The node, as TSL writes it (`varying(...)`, `barycentric()`).
        node: &'static str,
        /// Why.
        reason: &'static str,
    },
    /// naga refused a module: its front end (the host's WGSL) or its validator. For an emitted
    /// module over a host that validated, a bug of the emitter.
    #[error("emit: {0}")]
    Invalid(String),
    /// A naga back end refused the module.
    #[error("emit: the {backend} back end: {message}")]
    Backend {
        /// The back end (`wgsl`, ...).
        backend: &'static str,
        /// Its message.
        message: String,
    },
}
