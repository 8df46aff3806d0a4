//! [`GpuInterpreter`]: runs one output of a node program over batches of fragments on the GPU.

use super::device::{Gpu, GpuError};
use super::layout::InterpParams;
use super::native_batch::NativePipelines;
use tsl_core::{
    FragmentBatch, NodeProgram, Output, WhiteSampler, LANES, LANE_ATTRIBUTE_COUNT, VIEW_COUNT,
};

/// Floats of one batch's views: 7 views × 13 attributes × 3 components × [`LANES`].
const BATCH_FLOATS: usize = VIEW_COUNT * LANE_ATTRIBUTE_COUNT * 3 * LANES;

/// The interpreter's buffers on one [`Gpu`]: the program words, the batches' views, the
/// parameters and the results.
///
/// Running a new program, or the same program with new uniform values or a new frame, writes the
/// words buffer ([`wgpu::Queue::write_buffer`]); the shader module and pipeline are the
/// [`Gpu`]'s, made once. A buffer is made again (with its bind group, never the pipeline) only
/// when a program or a set of batches outgrows it.
///
/// The native mode ([`GpuInterpreter::run_native`]) runs the same outputs over the same buffers
/// with the program emitted as WGSL ([`tsl_core::native`]) instead of walked: one pipeline per
/// program structure ([`NodeProgram::structure_key`]), made on first use and kept by this
/// interpreter (never evicted), so new uniform values or a new frame are still a buffer write.
pub struct GpuInterpreter<'g> {
    gpu: &'g Gpu,
    words: wgpu::Buffer,
    views: wgpu::Buffer,
    params: wgpu::Buffer,
    out: wgpu::Buffer,
    readback: wgpu::Buffer,
    bind_group: wgpu::BindGroup,
    native: NativePipelines,
}

impl std::fmt::Debug for GpuInterpreter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuInterpreter")
            .field("words", &self.words.size())
            .field("views", &self.views.size())
            .field("native_pipelines", &self.native.len())
            .finish_non_exhaustive()
    }
}

/// A buffer of the interpreter's first, fixed sizes (at most 70 KB, within every device's
/// guaranteed limits); what outgrows them is made by [`Gpu::buffer`], checked.
fn buffer(gpu: &Gpu, label: &str, size: u64, usage: wgpu::BufferUsages) -> wgpu::Buffer {
    gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage,
        mapped_at_creation: false,
    })
}

const STORAGE_IN: wgpu::BufferUsages =
    wgpu::BufferUsages::STORAGE.union(wgpu::BufferUsages::COPY_DST);

impl<'g> GpuInterpreter<'g> {
    /// An interpreter with room for a 4096-word program and one batch; both grow on demand.
    pub fn new(gpu: &'g Gpu) -> GpuInterpreter<'g> {
        let words = buffer(gpu, "words", 4096 * 4, STORAGE_IN);
        let views = buffer(gpu, "views", (BATCH_FLOATS * 4) as u64, STORAGE_IN);
        let params = buffer(
            gpu,
            "params",
            std::mem::size_of::<InterpParams>() as u64,
            wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
        );
        let out = buffer(
            gpu,
            "out",
            (LANES * 16) as u64,
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        );
        let readback = buffer(
            gpu,
            "readback",
            (LANES * 16) as u64,
            wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        );
        let bind_group = Self::bind(gpu, &words, &views, &params, &out);
        GpuInterpreter {
            gpu,
            words,
            views,
            params,
            out,
            readback,
            bind_group,
            native: NativePipelines::default(),
        }
    }

    fn out_buffers(gpu: &Gpu, batches: usize) -> Result<(wgpu::Buffer, wgpu::Buffer), GpuError> {
        let size = (batches * LANES * 16) as u64;
        let out = gpu.buffer(
            "out",
            size,
            wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        )?;
        let readback = gpu.buffer(
            "readback",
            size,
            wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        )?;
        Ok((out, readback))
    }

    fn bind(
        gpu: &Gpu,
        words: &wgpu::Buffer,
        views: &wgpu::Buffer,
        params: &wgpu::Buffer,
        out: &wgpu::Buffer,
    ) -> wgpu::BindGroup {
        let entries = [words, views, params, out]
            .iter()
            .enumerate()
            .map(|(i, b)| wgpu::BindGroupEntry {
                binding: i as u32,
                resource: b.as_entire_binding(),
            })
            .collect::<Vec<_>>();
        gpu.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("interp"),
            layout: &gpu.interp_layout,
            entries: &entries,
        })
    }

    /// Write the program's words into the words buffer (growing it if needed): all that running
    /// a new program, or new uniform values, costs on the GPU before the dispatch. Refuses a
    /// program larger than the device binds ([`GpuError::BufferTooLarge`]).
    pub fn upload_program(&mut self, program: &NodeProgram) -> Result<(), GpuError> {
        let bytes: &[u8] = bytemuck::cast_slice(program.words());
        let len = bytes.len() as u64;
        if len > self.words.size() {
            self.gpu.check_size("words", len)?;
            // Room to grow, but never past what the device binds (the words fit).
            let size = len.next_power_of_two().min(self.gpu.binding_limit());
            self.words = self.gpu.buffer("words", size, STORAGE_IN)?;
            self.rebind()?;
        }
        self.gpu.checked("words", || {
            self.gpu.queue.write_buffer(&self.words, 0, bytes)
        })
    }

    fn rebind(&mut self) -> Result<(), GpuError> {
        let gpu = self.gpu;
        self.bind_group = gpu.checked("bind group", || {
            Self::bind(gpu, &self.words, &self.views, &self.params, &self.out)
        })?;
        Ok(())
    }

    /// Run `output` of `program` over one batch: for each of its [`LANES`] lanes, the four
    /// components of the register the output's last instruction wrote (the output's type's first
    /// components are its value, as with [`tsl_core::run_nodes`]); `None` when the graph does not
    /// set `output`.
    ///
    /// Textures: the GPU interpreter has no texture store yet; `texture` reads opaque white, as
    /// [`WhiteSampler`] does, which the parameter stands for.
    pub fn run(
        &mut self,
        program: &NodeProgram,
        output: Output,
        batch: &FragmentBatch,
        sampler: &WhiteSampler,
    ) -> Result<Option<Vec<[f32; 4]>>, GpuError> {
        self.run_batches(program, output, std::slice::from_ref(batch), sampler)
    }

    /// [`GpuInterpreter::run`] over several batches at once, one dispatch: lane `l` of batch `b`
    /// is entry `b * LANES + l` of the result.
    pub fn run_batches(
        &mut self,
        program: &NodeProgram,
        output: Output,
        batches: &[FragmentBatch],
        _sampler: &WhiteSampler,
    ) -> Result<Option<Vec<[f32; 4]>>, GpuError> {
        let pipeline = self.gpu.interp_pipeline.clone();
        self.dispatch(&pipeline, program, output, batches)
    }

    /// [`GpuInterpreter::run`] with the program emitted as native WGSL functions
    /// ([`tsl_core::native::emit_into`]) instead of interpreted: the same buffers, the same
    /// entry point and the same result per lane. The first run of a program structure
    /// ([`NodeProgram::structure_key`]) emits, validates and compiles its pipeline; later runs of
    /// that structure, whatever their uniforms, textures and frame, reuse it. A program the
    /// emitter refuses is [`GpuError::Pipeline`] labelled `native`.
    pub fn run_native(
        &mut self,
        program: &NodeProgram,
        output: Output,
        batch: &FragmentBatch,
        sampler: &WhiteSampler,
    ) -> Result<Option<Vec<[f32; 4]>>, GpuError> {
        self.run_native_batches(program, output, std::slice::from_ref(batch), sampler)
    }

    /// [`GpuInterpreter::run_native`] over several batches at once, laid out as
    /// [`GpuInterpreter::run_batches`]'s.
    pub fn run_native_batches(
        &mut self,
        program: &NodeProgram,
        output: Output,
        batches: &[FragmentBatch],
        _sampler: &WhiteSampler,
    ) -> Result<Option<Vec<[f32; 4]>>, GpuError> {
        if !program.has_output(output) || batches.is_empty() {
            // No pipeline for what runs nothing: the same answers as the interpreter's.
            return self.dispatch(&self.gpu.interp_pipeline.clone(), program, output, batches);
        }
        let pipeline = self.native.get(self.gpu, program)?;
        self.dispatch(&pipeline, program, output, batches)
    }

    /// How many native pipelines this interpreter holds (one per program structure it ran).
    pub fn native_pipelines(&self) -> usize {
        self.native.len()
    }

    /// One dispatch of `pipeline` (the interpreter's or a native one: both read the same
    /// bindings) over `batches` for `output`.
    fn dispatch(
        &mut self,
        pipeline: &wgpu::ComputePipeline,
        program: &NodeProgram,
        output: Output,
        batches: &[FragmentBatch],
    ) -> Result<Option<Vec<[f32; 4]>>, GpuError> {
        let (start, count) = program.output_range(output);
        if count == 0 {
            return Ok(None);
        }
        if batches.is_empty() {
            return Ok(Some(Vec::new()));
        }
        self.upload_program(program)?;
        let views: Vec<f32> = batches
            .iter()
            .flat_map(|b| b.views.iter().flatten().flatten().flatten().copied())
            .collect();
        let view_bytes: &[u8] = bytemuck::cast_slice(&views);
        let lanes = batches.len() * LANES;
        self.gpu.check_size("views", view_bytes.len() as u64)?;
        self.gpu.check_size("out", (lanes * 16) as u64)?;
        let mut stale = false;
        if view_bytes.len() as u64 > self.views.size() {
            self.views = self
                .gpu
                .buffer("views", view_bytes.len() as u64, STORAGE_IN)?;
            stale = true;
        }
        if (lanes * 16) as u64 > self.out.size() {
            (self.out, self.readback) = Self::out_buffers(self.gpu, batches.len())?;
            stale = true;
        }
        if stale {
            self.rebind()?;
        }
        let queue = &self.gpu.queue;
        queue.write_buffer(&self.views, 0, view_bytes);
        let params = InterpParams {
            start: start as u32,
            count: count as u32,
            lanes: lanes as u32,
            _reserved: 0,
        };
        queue.write_buffer(&self.params, 0, bytemuck::bytes_of(&params));
        let device = &self.gpu.device;
        let size = (lanes * 16) as u64;
        self.gpu.checked("dispatch", || {
            let mut encoder = device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(pipeline);
                pass.set_bind_group(0, &self.bind_group, &[]);
                pass.dispatch_workgroups(batches.len() as u32, 1, 1);
            }
            encoder.copy_buffer_to_buffer(&self.out, 0, &self.readback, 0, size);
            queue.submit([encoder.finish()]);
        })?;
        read_back(self.gpu, &self.readback, size).map(Some)
    }
}

fn read_back_error(step: &'static str, reason: impl std::fmt::Display) -> GpuError {
    GpuError::ReadBack {
        step,
        reason: reason.to_string(),
    }
}

/// Map `size` bytes of `buffer`, wait for the GPU, and read them as vec4s.
pub(crate) fn read_back(
    gpu: &Gpu,
    buffer: &wgpu::Buffer,
    size: u64,
) -> Result<Vec<[f32; 4]>, GpuError> {
    let slice = buffer.slice(..size);
    let (tx, rx) = std::sync::mpsc::channel();
    slice.map_async(wgpu::MapMode::Read, move |r| {
        let _ = tx.send(r);
    });
    gpu.device
        .poll(wgpu::PollType::wait_indefinitely())
        .map_err(|e| read_back_error("poll", e))?;
    rx.recv()
        .map_err(|e| read_back_error("map", e))?
        .map_err(|e| read_back_error("map", e))?;
    let result = {
        let view = slice
            .get_mapped_range()
            .map_err(|e| read_back_error("mapped range", e))?;
        bytemuck::pod_collect_to_vec::<u8, [f32; 4]>(&view)
    };
    buffer.unmap();
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wgsl_interpreter_lays_out_the_views_as_the_core_does() {
        // interp.wgsl indexes views[((batch * VIEWS + view) * ATTRIBUTES + id) * 3 + k]; its two
        // constants must be the core's, or the GPU reads the wrong attribute.
        let wgsl: &str = &super::super::device::INTERP_WGSL;
        assert!(wgsl.contains(&format!("const ATTRIBUTES: u32 = {LANE_ATTRIBUTE_COUNT}u;")));
        assert!(wgsl.contains(&format!("const VIEWS: u32 = {VIEW_COUNT}u;")));
    }
}
