//! `tsl`: the command line of a shader author.
//!
//! ```text
//! tsl check [--raw] FILE...          check GLSL shaders as a compiler does (.vert/.vs vertex,
//!                                    anything else fragment); print errors, exit 1 on any
//! tsl check --shadertoy FILE...      check ShaderToy sources (mainImage)
//! tsl disasm --shadertoy FILE        compile a ShaderToy source and print its program
//! tsl disasm VERTEX FRAGMENT         compile a ShaderMaterial and print its program
//! ```

use std::process::ExitCode;
use tsl::core::glsl::{self, Shader};

const USAGE: &str = "usage: tsl check [--raw | --shadertoy] FILE...
       tsl disasm --shadertoy FILE
       tsl disasm [--raw] VERTEX FRAGMENT";

/// How the sources are read.
#[derive(Clone, Copy, PartialEq)]
enum Dialect {
    ShaderMaterial,
    Raw,
    ShaderToy,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let dialect = if rest.iter().any(|a| a == "--shadertoy") {
        Dialect::ShaderToy
    } else if rest.iter().any(|a| a == "--raw") {
        Dialect::Raw
    } else {
        Dialect::ShaderMaterial
    };
    let files: Vec<&String> = rest.iter().filter(|a| !a.starts_with("--")).collect();
    let result = match command.as_str() {
        "check" if !files.is_empty() => check(dialect, &files),
        "disasm" => disasm(dialect, &files),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn read(file: &str) -> Result<String, String> {
    std::fs::read_to_string(file).map_err(|e| format!("error: {file}: {e}"))
}

fn shader_of(file: &str) -> Shader {
    let vertex = [".vert", ".vs", ".vsh"]
        .iter()
        .any(|ext| file.ends_with(ext));
    if vertex {
        Shader::Vertex
    } else {
        Shader::Fragment
    }
}

/// Check every file; print each error after its file's name. Err when any file has one.
fn check(dialect: Dialect, files: &[&String]) -> Result<(), String> {
    let mut failed = 0;
    for file in files {
        let source = read(file)?;
        let checked = match dialect {
            Dialect::ShaderToy => glsl::compile_shader_toy(&source).map(|_| ()),
            Dialect::Raw => glsl::check_raw_shader(shader_of(file), &source),
            Dialect::ShaderMaterial => glsl::check_shader(shader_of(file), &source),
        };
        match checked {
            Ok(()) => println!("{file}: ok"),
            Err(error) => {
                failed += 1;
                println!("{file}:\n{error}");
            }
        }
    }
    match failed {
        0 => Ok(()),
        n => Err(format!("{n} of {} files refused", files.len())),
    }
}

fn disasm(dialect: Dialect, files: &[&String]) -> Result<(), String> {
    let program = match (dialect, files) {
        (Dialect::ShaderToy, [file]) => glsl::compile_shader_toy(&read(file)?),
        (Dialect::Raw, [vertex, fragment]) => {
            glsl::compile_raw_shader_material(&read(vertex)?, &read(fragment)?)
        }
        (Dialect::ShaderMaterial, [vertex, fragment]) => {
            glsl::compile_shader_material(&read(vertex)?, &read(fragment)?)
        }
        _ => return Err(USAGE.to_string()),
    };
    let program = program.map_err(|e| e.to_string())?;
    print!("{program}");
    Ok(())
}
