//! PNG bytes for the tests that feed decoders hostile headers (`hostile_raster.rs`,
//! `limits_raster.rs`, `fuzz.rs`, `hostile_corpus.rs`): the chunks' CRC, and a valid PNG with its
//! header's size patched.

#![allow(dead_code)] // each test binary uses its own part of this module

/// The CRC-32 of PNG chunks (ISO 3309, the reflected polynomial 0xEDB88320), bit by bit.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Walk a PNG's chunks after the signature and write each complete chunk's CRC again, so that a
/// mutated chunk reaches the decoder's logic instead of its checksum.
pub fn fix_png_crcs(png: &mut [u8]) {
    let mut at = 8;
    while at + 12 <= png.len() {
        let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
        let Some(end) = (at + 8).checked_add(len) else {
            return;
        };
        if end + 4 > png.len() {
            return;
        }
        let crc = crc32(&png[at + 4..end]);
        png[end..end + 4].copy_from_slice(&crc.to_be_bytes());
        at = end + 4;
    }
}

/// `png` (a valid PNG whose first chunk is IHDR) with its size patched to `width`×`height` and
/// IHDR's CRC made again.
pub fn patch_png_size(png: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut png = png.to_vec();
    assert_eq!(&png[12..16], b"IHDR", "not a PNG whose first chunk is IHDR");
    png[16..20].copy_from_slice(&width.to_be_bytes());
    png[20..24].copy_from_slice(&height.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    png
}
