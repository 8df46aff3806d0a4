//! tsl-macros: the procedural macros `tsl!{}` and `#[tsl_fn]`, which will rewrite plain Rust into
//! `tsl-core` graph calls so that rustc rejects a shader's type errors (issue 5).
//!
//! **Empty for now.** No macro is exported yet; the crate exists so the workspace has its final
//! shape and the facade can re-export it.
