//! The one error type of the rasterizer: every refusal is an `Err` with a message that names what
//! was wrong, never a panic.

use thiserror::Error;
use tsl_core::GraphError;

/// Why a scene, an asset or a file was refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum RenderError {
    /// A draw was refused: a missing asset, a material that refuses a program (spec/000 "What a
    /// node material refuses"), a parent cycle.
    #[error("refused: {0}")]
    Refused(String),
    /// Geometry data that does not hold together (lengths, indices, non-finite values).
    #[error("geometry: {0}")]
    Geometry(String),
    /// An image or a texture that cannot be made (size, data length, PNG decoding or encoding).
    #[error("image: {0}")]
    Image(String),
    /// A file could not be read or written.
    #[error("io: {0}")]
    Io(String),
    /// A program refused an operation (a uniform, a texture).
    #[error(transparent)]
    Program(#[from] GraphError),
}

impl RenderError {
    pub(crate) fn refused(message: impl Into<String>) -> RenderError {
        RenderError::Refused(message.into())
    }
}

impl From<std::io::Error> for RenderError {
    fn from(error: std::io::Error) -> Self {
        RenderError::Io(error.to_string())
    }
}
