// Domain warping: fbm of the point moved by fbm of the point.
float hash(vec2 p) {
    vec3 p3 = fract(vec3(p.xyx) * 0.1031);
    p3 += dot(p3, p3.yzx + 33.33);
    return fract((p3.x + p3.y) * p3.z);
}

float noise(vec2 p) {
    vec2 i = floor(p);
    vec2 f = fract(p);
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(mix(hash(i), hash(i + vec2(1.0, 0.0)), u.x),
               mix(hash(i + vec2(0.0, 1.0)), hash(i + vec2(1.0, 1.0)), u.x), u.y);
}

float fbm(vec2 p) {
    float v = 0.0;
    float a = 0.5;
    for (int i = 0; i < 4; i++) {
        v += a * noise(p);
        p = p * 2.02 + vec2(1.7, 9.2);
        a *= 0.5;
    }
    return v;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = fragCoord / iResolution.y * 3.0;
    vec2 q = vec2(fbm(p), fbm(p + vec2(5.2, 1.3)));
    float f = fbm(p + 4.0 * q + 0.2 * iTime);
    vec3 col = mix(vec3(0.1, 0.3, 0.4), vec3(0.9, 0.8, 0.5), f);
    col = mix(col, vec3(0.6, 0.1, 0.1), dot(q, q) * 0.5);
    fragColor = vec4(col, 1.0);
}
