// A penumbra estimate: march from a point on the floor toward the light, keeping the smallest
// ratio of distance to travel.
float map(vec3 p) {
    return min(p.y, length(p - vec3(0.0, 0.8, 0.0)) - 0.6);
}

float softShadow(vec3 ro, vec3 rd, float k) {
    float res = 1.0;
    float t = 0.02;
    for (int i = 0; i < 32; i++) {
        float h = map(ro + rd * t);
        res = min(res, k * h / t);
        t += clamp(h, 0.02, 0.2);
        if (res < 0.001 || t > 6.0) break;
    }
    return clamp(res, 0.0, 1.0);
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.xy;
    vec3 pos = vec3((uv.x - 0.5) * 6.0, 0.0, (uv.y - 0.5) * 6.0);
    vec3 light = normalize(vec3(cos(iTime), 1.2, sin(iTime)));
    float s = softShadow(pos, light, 8.0);
    fragColor = vec4(vec3(0.2) + vec3(0.8, 0.75, 0.6) * s, 1.0);
}
