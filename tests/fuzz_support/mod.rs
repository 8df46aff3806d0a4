//! What the fuzz targets (`tests/fuzz.rs`) and the hostile corpus (`tests/hostile_corpus.rs`)
//! share: a seeded deterministic generator, the seed corpus on disk, a byte mutator, and a
//! campaign that runs each input under `catch_unwind` and keeps every failure with its input.
//!
//! Stable Rust, no fuzzing engine: the budget is a count of executions (`TSL_FUZZ_ITERS`), never a
//! time, so a run is the same on every machine; `TSL_FUZZ_SEED` picks another deterministic run.

#![allow(dead_code)] // each test binary uses its own part of this module

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// xorshift64*: small, fast and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (zero is moved off the fixed point).
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items`.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A float that breaks arithmetic more often than a uniform one: zeros, ones, extremes,
    /// subnormals, infinities, NaN, or a small random value.
    pub fn float(&mut self) -> f32 {
        const SPECIAL: [f32; 14] = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1e-30,
            1e30,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            1e-45,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
        ];
        if self.one_in(3) {
            *self.pick(&SPECIAL)
        } else {
            (self.next_u64() % 2001) as f32 / 100.0 - 10.0
        }
    }

    /// A finite float, as [`Rng::float`] without infinities and NaN.
    pub fn finite(&mut self) -> f32 {
        let f = self.float();
        if f.is_finite() {
            f
        } else {
            1.0
        }
    }
}

/// The executions per target: `TSL_FUZZ_ITERS`, or `default` (small, so CI stays within seconds).
pub fn iterations(default: usize) -> usize {
    match std::env::var("TSL_FUZZ_ITERS") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("TSL_FUZZ_ITERS={v:?} is not a count")),
        Err(_) => default,
    }
}

/// The run's seed: `TSL_FUZZ_SEED`, or a fixed one.
pub fn seed() -> u64 {
    match std::env::var("TSL_FUZZ_SEED") {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("TSL_FUZZ_SEED={v:?} is not a number")),
        Err(_) => 0x7151_2026,
    }
}

/// The folder of the seed corpus: `tests/fixtures/fuzz/<target>`.
pub fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/fuzz")
        .join(target)
}

/// The seeds of `target`, each file `names` lists, in that order. A missing file, an empty one,
/// or a file in the folder that the list does not name fails loudly: the corpus never shrinks or
/// grows unseen.
pub fn read_corpus(target: &str, names: &[&str]) -> Vec<(String, Vec<u8>)> {
    let dir = corpus_dir(target);
    let on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("the seed corpus {}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    for name in &on_disk {
        assert!(
            names.contains(&name.as_str()),
            "{}: {name} is in the corpus folder but not in the target's list of seeds",
            dir.display()
        );
    }
    names
        .iter()
        .map(|name| {
            let path = dir.join(name);
            let bytes = std::fs::read(&path)
                .unwrap_or_else(|e| panic!("seed {} is missing: {e}", path.display()));
            assert!(!bytes.is_empty(), "seed {} is empty", path.display());
            (name.to_string(), bytes)
        })
        .collect()
}

/// The largest input the mutator makes: mutations that repeat a piece stop here.
pub const MAX_INPUT: usize = 64 << 10;

/// `input` changed by one to four mutations: bit flips, interesting bytes, deletions,
/// duplications, repeats of a piece (amplification), tokens of `dictionary`, and splices of
/// `others` (the rest of the corpus).
pub fn mutate(rng: &mut Rng, input: &[u8], dictionary: &[&str], others: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let n = out.len();
        match rng.below(11) {
            0 if n > 0 => {
                let at = rng.below(n);
                out[at] ^= 1 << rng.below(8);
            }
            1 if n > 0 => {
                let at = rng.below(n);
                out[at] = *rng.pick(&[0u8, 1, 0x7F, 0x80, 0xFF, b'\n', b'\\', b'#', b'0', b'9']);
            }
            2 if n > 0 => {
                let at = rng.below(n);
                let end = (at + 1 + rng.below(32)).min(n);
                out.drain(at..end);
            }
            3 if n > 0 => {
                let at = rng.below(n);
                let end = (at + 1 + rng.below(64)).min(n);
                let piece = out[at..end].to_vec();
                let to = rng.below(out.len() + 1);
                out.splice(to..to, piece);
            }
            4 if n > 0 => {
                // A piece repeated many times: nesting and amplification.
                let at = rng.below(n);
                let end = (at + 1 + rng.below(8)).min(n);
                let piece = out[at..end].to_vec();
                let times = 1 + rng.below(256);
                let repeated: Vec<u8> = piece
                    .iter()
                    .copied()
                    .cycle()
                    .take((piece.len() * times).min(MAX_INPUT))
                    .collect();
                out.splice(at..at, repeated);
            }
            5 | 6 if !dictionary.is_empty() => {
                let token = rng.pick(dictionary).as_bytes().to_vec();
                let at = rng.below(n + 1);
                out.splice(at..at, token);
            }
            7 if !others.is_empty() => {
                let other = rng.pick(others);
                let from = rng.below(other.len());
                let end = (from + 1 + rng.below(128)).min(other.len());
                let at = rng.below(n + 1);
                out.splice(at..at, other[from..end].iter().copied());
            }
            8 if n > 0 => {
                // A run of digits: literals beyond every type's range.
                let at = rng.below(n + 1);
                let digits = 1 + rng.below(40);
                let run: Vec<u8> = (0..digits).map(|_| b'0' + rng.below(10) as u8).collect();
                out.splice(at..at, run);
            }
            9 if n > 1 => {
                let a = rng.below(n);
                let b = rng.below(n);
                out.swap(a, b);
            }
            _ => {
                let at = rng.below(n + 1);
                let len = 1 + rng.below(8);
                let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
                out.splice(at..at, bytes);
            }
        }
        out.truncate(MAX_INPUT);
    }
    out
}

/// One failure: the execution, what went wrong, and where its input was written.
#[derive(Debug)]
pub struct Failure {
    /// The execution's number in the run.
    pub exec: usize,
    /// The panic's message, or the bug an entry point reported.
    pub what: String,
    /// The input, written under `target/fuzz-failures/`.
    pub input: PathBuf,
}

/// A run of one target: its executions, the slowest, and its failures.
pub struct Campaign {
    name: &'static str,
    execs: usize,
    started: Instant,
    slowest: (Duration, usize),
    slowest_input: Vec<u8>,
    failures: Vec<Failure>,
}

/// The folder failures' inputs are written to: `target/fuzz-failures`.
pub fn failures_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(|p| p.join("fuzz-failures"))
        .unwrap_or_else(|| PathBuf::from("fuzz-failures"))
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".into()
    }
}

impl Campaign {
    /// A run of the target `name`.
    pub fn new(name: &'static str) -> Campaign {
        Campaign {
            name,
            execs: 0,
            started: Instant::now(),
            slowest: (Duration::ZERO, 0),
            slowest_input: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Run `f` on `input` (its bytes kept for a failure): a panic, or an `Err` (a bug `f`
    /// found, as an entry point's "(a bug)" refusal), is a failure.
    pub fn exec(&mut self, input: &[u8], f: impl FnOnce() -> Result<(), String>) {
        let exec = self.execs;
        self.execs += 1;
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(f));
        let took = start.elapsed();
        if took > self.slowest.0 {
            self.slowest = (took, exec);
            self.slowest_input = input.to_vec();
        }
        let what = match result {
            Ok(Ok(())) => return,
            Ok(Err(bug)) => bug,
            Err(payload) => format!("panic: {}", panic_message(&*payload)),
        };
        let dir = failures_dir();
        let input_path = dir.join(format!("{}-{}-{exec}.bin", self.name, seed()));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(&input_path, input);
        eprintln!(
            "fuzz {}: execution {exec} failed: {what}\n  input: {} ({} bytes)",
            self.name,
            input_path.display(),
            input.len()
        );
        self.failures.push(Failure {
            exec,
            what,
            input: input_path,
        });
    }

    /// Print the run's figures (the slowest input is written under `target/fuzz-failures/` too,
    /// to look at, not as a failure) and fail with every failure's input.
    pub fn finish(self) {
        let dir = failures_dir();
        let slowest = dir.join(format!("{}-{}-slowest.bin", self.name, seed()));
        if std::fs::create_dir_all(&dir).is_ok() {
            let _ = std::fs::write(&slowest, &self.slowest_input);
        }
        eprintln!(
            "fuzz {}: {} execs in {:.2?} (seed {}), slowest execution {} took {:.2?}, {} failures",
            self.name,
            self.execs,
            self.started.elapsed(),
            seed(),
            self.slowest.1,
            self.slowest.0,
            self.failures.len()
        );
        assert!(
            self.failures.is_empty(),
            "fuzz {}: {} failures: {:#?}",
            self.name,
            self.failures.len(),
            self.failures
        );
    }
}
