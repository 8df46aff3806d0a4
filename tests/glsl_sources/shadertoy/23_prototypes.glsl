// mainImage first and its helpers after, declared by prototypes, as some ShaderToy authors lay
// out their code.
vec3 palette(float t);
float wave(vec2 p, float k);

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    float v = wave(uv, 6.0) + wave(uv.yx, 9.0);
    fragColor = vec4(palette(v * 0.5 + iTime * 0.1), 1.0);
}

float wave(vec2 p, float k) {
    return sin(p.x * k + iTime) * cos(p.y * k * 0.5 - iTime);
}

vec3 palette(float t) {
    return vec3(0.5) + vec3(0.5) * cos(6.28318 * (vec3(1.0) * t + vec3(0.0, 0.33, 0.67)));
}
