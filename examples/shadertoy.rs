//! ShaderToy shaders drawn with the CPU rasterizer: R-EX-6's ShaderToy example (a cosine palette
//! over the uv and time) and two longer ones written for the GLSL subset: `clouds` (value noise
//! from a sine hash, smoothstep-interpolated, summed over five octaves in a loop, over a sky
//! gradient) and `orbits` (a palette function, glowing discs circling in a loop, smoothstep rings,
//! and a vignette). Each is compiled with `compile_shader_toy`, set up by `tsl::shadertoy::scene`
//! and drawn as `tsl::shadertoy::render` draws it (with `--gpu`, by the GPU renderer):
//! `iResolution` is the image's size, iTime is `Renderer.time`, the plane fills an orthographic
//! camera's view so that `fragCoord` is each pixel's centre, and the output is linear (no sRGB
//! encoding), as shadertoy.com and three.js's ShaderToy page show it; the images go to
//! `shadertoy_*.png`.
//!
//! Run: `cargo run --release --example shadertoy` (optionally `-- WIDTH HEIGHT TIME --gpu`).

#[path = "shared/args.rs"]
mod args;

use tsl::core::glsl::compile_shader_toy;
use tsl::raster::Image;

/// The ShaderToy example (R-EX-6, docs/requirements.md).
const SPEC_001: &str = "void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec3 col = 0.5 + 0.5 * cos(iTime + uv.xyx + vec3(0, 2, 4));
    fragColor = vec4(col, 1.0);
}
";

/// Drifting clouds: fractal value noise over a sky gradient, with a sun.
const CLOUDS: &str = "#define OCTAVES 5

float hash(vec2 p) {
    return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

// Value noise: the four corner hashes, blended with a smoothstep curve.
float noise(vec2 p) {
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = smoothstep(0.0, 1.0, f);
    float a = hash(i);
    float b = hash(i + vec2(1.0, 0.0));
    float c = hash(i + vec2(0.0, 1.0));
    float d = hash(i + vec2(1.0, 1.0));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

float fbm(vec2 p) {
    float sum = 0.0;
    float amplitude = 0.5;
    for (int i = 0; i < OCTAVES; i++) {
        sum += amplitude * noise(p);
        p = p * 2.03 + vec2(1.7, 9.2);
        amplitude *= 0.5;
    }
    return sum;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    vec3 sky = mix(vec3(0.95, 0.65, 0.45), vec3(0.15, 0.35, 0.75), smoothstep(0.0, 1.0, uv.y));
    vec2 sun = vec2(0.6, 0.35);
    float glow = exp(-4.0 * length(p - sun));
    sky += vec3(1.0, 0.8, 0.5) * glow;
    float n = fbm(p * 2.5 + vec2(0.3 * iTime, 0.05 * iTime));
    float cover = smoothstep(0.45, 0.75, n) * smoothstep(-0.9, 0.2, p.y);
    vec3 cloud = mix(vec3(1.0, 0.96, 0.92), vec3(0.55, 0.58, 0.68), smoothstep(0.6, 0.95, n));
    vec3 col = mix(sky, cloud, cover);
    fragColor = vec4(col, 1.0);
}
";

/// Glowing discs circling a centre, rings and a vignette.
const ORBITS: &str = "const float PI = 3.14159265;

vec3 palette(float t) {
    return 0.5 + 0.5 * cos(2.0 * PI * (vec3(1.0, 1.0, 1.0) * t + vec3(0.0, 0.33, 0.67)));
}

// A soft disc of radius r at c: one inside, falling to zero over a glow.
float disc(vec2 p, vec2 c, float r) {
    float d = length(p - c);
    return smoothstep(r + 0.02, r - 0.02, d) + 0.004 / max(d - r, 0.01);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float r = length(p);
    vec3 col = vec3(0.02, 0.02, 0.05);

    // Rings: thin bands of the distance, fading outward.
    float rings = abs(fract(r * 6.0 - 0.5 * iTime) - 0.5);
    col += 0.08 * smoothstep(0.1, 0.0, rings) * (1.0 - smoothstep(0.2, 1.4, r));

    for (int i = 0; i < 7; i++) {
        float k = float(i);
        float angle = iTime * (0.3 + 0.1 * k) + k * 2.0 * PI / 7.0;
        float radius = 0.25 + 0.08 * k;
        vec2 c = radius * vec2(cos(angle), sin(angle));
        float size = 0.03 + 0.01 * mod(k, 3.0);
        col += palette(k / 7.0 + 0.1 * iTime) * 0.6 * disc(p, c, size);
    }

    col *= 1.0 - 0.35 * dot(p, p) / 2.0;
    fragColor = vec4(clamp(col, 0.0, 1.0), 1.0);
}
";

/// Draw `source` at `width × height` and `time` seconds on a full-viewport plane (no channels),
/// as `tsl::shadertoy::render` does, with the renderer the command line asked for.
fn render_toy(
    source: &str,
    width: u32,
    height: u32,
    time: f32,
) -> Result<Image, Box<dyn std::error::Error>> {
    let program = compile_shader_toy(source)?;
    let toy = tsl::shadertoy::scene(program, width, height, time, &Default::default())?;
    Ok(args::renderer(toy.settings)?.render(&toy.scene, &toy.camera, &toy.assets)?)
}

fn main() -> std::process::ExitCode {
    let args = args::parse(
        "shadertoy",
        "[WIDTH HEIGHT [TIME]]",
        "Draws three ShaderToys to shadertoy_*.png (640x360 at iTime 1.5 s by default).",
        3,
    );
    let width: u32 = args::number(&args, 0, "WIDTH", 640);
    let height: u32 = args::number(&args, 1, "HEIGHT", 360);
    let time: f32 = args::number(&args, 2, "TIME", 1.5);
    args::run(|| draw(width, height, time))
}

/// Draw each ShaderToy to its PNG.
fn draw(width: u32, height: u32, time: f32) -> Result<(), Box<dyn std::error::Error>> {
    for (name, source) in [
        ("spec001", SPEC_001),
        ("clouds", CLOUDS),
        ("orbits", ORBITS),
    ] {
        let image = render_toy(source, width, height, time)?;
        let path = format!("shadertoy_{name}.png");
        args::write_png(&image, &path)?;
        println!("{name} at iTime {time} s: {path}");
    }
    Ok(())
}
