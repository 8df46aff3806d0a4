//! Environment lighting: three.js's PMREM of a 1024×512 equirectangular image on the host (a
//! 256² cube: the equirect pass, the box mips, two GGX levels of 256 samples a texel and three
//! summed levels), on one thread and on all threads. Figures in docs/PERF.md ("## PMREM");
//! rerun with `cargo bench --bench pmrem`.

// criterion_group! makes a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;
use tsl::raster::{Environment, EquirectImage};

/// A 1024×512 sky: a gradient, a ground and a bright sun (the kind of image an HDR holds).
fn sky() -> EquirectImage {
    let (w, h) = (1024u32, 512u32);
    let data = (0..h)
        .flat_map(|y| {
            (0..w).flat_map(move |x| {
                let (u, v) = ((x as f32 + 0.5) / w as f32, (y as f32 + 0.5) / h as f32);
                let sun = ((u - 0.7).powi(2) + (v - 0.75).powi(2)) < 0.0004;
                let c = if sun {
                    [40.0, 38.0, 35.0]
                } else if v > 0.5 {
                    [0.2 + 0.3 * u, 0.4 + 0.4 * v, 0.9 * v]
                } else {
                    [0.3, 0.25, 0.15]
                };
                [c[0], c[1], c[2], 1.0]
            })
        })
        .collect();
    EquirectImage::from_rgba_f32(w, h, data).expect("the sky's size is allowed")
}

fn pmrem(c: &mut Criterion) {
    let image = sky();
    let mut group = c.benchmark_group("pmrem");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let threads = rayon::current_num_threads();
    for (name, count) in [
        ("pmrem_1024x512_1_thread".to_string(), 1),
        (format!("pmrem_1024x512_{threads}_threads"), threads),
    ] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(count)
            .build()
            .expect("a thread pool");
        group.bench_function(name, |b| {
            b.iter(|| pool.install(|| Environment::from_equirect(&image).expect("a PMREM")))
        });
    }
    group.finish();
}

criterion_group!(benches, pmrem);
criterion_main!(benches);
