// Fractal Brownian motion: five octaves of value noise, each turned and doubled.
float hash(vec2 p) {
    p = fract(p * vec2(0.1031, 0.1030));
    p += dot(p, p.yx + 33.33);
    return fract((p.x + p.y) * p.x);
}

float noise(vec2 p) {
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x),
               mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

float fbm(vec2 p) {
    mat2 m = mat2(1.6, 1.2, -1.2, 1.6);
    float f = 0.0;
    float amp = 0.5;
    for (int i = 0; i < 5; i++) {
        f += amp * noise(p);
        p = m * p;
        amp *= 0.5;
    }
    return f;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.y;
    float f = fbm(uv * 3.0 + vec2(iTime * 0.3, 0.0));
    vec3 col = mix(vec3(0.1, 0.2, 0.4), vec3(1.0, 0.95, 0.9), f);
    fragColor = vec4(col, 1.0);
}
