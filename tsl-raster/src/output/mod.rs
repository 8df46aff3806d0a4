//! The output: the transform from the linear working space to display bytes, images and PNG.

mod image;
mod transform;

pub(crate) use image::{checked_len, decode_png, over_limit};
pub use image::{encode_apng, write_apng, Image, LinearImage, MAX_PNG_SIDE};
pub use transform::{
    round_to_half, srgb_eotf, srgb_oetf, tone_map, OutputColorSpace, OutputTransform, ToneMapping,
};
