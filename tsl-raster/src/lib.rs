//! tsl-raster: the CPU rasterizer and the wgpu rasterizer that draw meshes whose materials carry
//! node programs (issues 4 and 7).
//!
//! **Empty for now.** The rasterizers will call `tsl_core::run_nodes` (CPU) and its WGSL twin
//! (GPU); until they land, this crate exports nothing.
