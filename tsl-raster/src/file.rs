//! A file that a loader names (a glTF buffer or image, a MaterialX document or image), read whole
//! after its size is checked against the caller's limit, so that no byte is read or allocated
//! past it.

use std::path::Path;

/// Why [`read_bounded`] read nothing.
pub(crate) enum ReadError {
    /// The file could not be read (or its size could not be known).
    Io(std::io::Error),
    /// The file's size in bytes, over the limit.
    Over(usize),
}

/// The bytes of the file at `path`, refused before reading when it is larger than `limit`.
pub(crate) fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let size = std::fs::metadata(path).map_err(ReadError::Io)?.len();
    let size = usize::try_from(size).unwrap_or(usize::MAX);
    if size > limit {
        return Err(ReadError::Over(size));
    }
    std::fs::read(path).map_err(ReadError::Io)
}
