// A turning box and torus, joined, ray marched; the colour is the step count and depth.
float sdBox(vec3 p, vec3 b) {
    vec3 q = abs(p) - b;
    return length(max(q, 0.0)) + min(max(q.x, max(q.y, q.z)), 0.0);
}

float sdTorus(vec3 p, vec2 t) {
    vec2 q = vec2(length(p.xz) - t.x, p.y);
    return length(q) - t.y;
}

float map(vec3 p) {
    float c = cos(iTime), s = sin(iTime);
    p.xz = mat2(c, s, -s, c) * p.xz;
    return min(sdBox(p, vec3(0.5)), sdTorus(p - vec3(0.0, 0.0, 0.0), vec2(1.0, 0.2)));
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    vec3 ro = vec3(0.0, 1.2, -3.5);
    vec3 rd = normalize(vec3(p, 1.6) + vec3(0.0, -0.3, 0.0));
    float t = 0.0;
    float steps = 0.0;
    for (int i = 0; i < 48; i++) {
        float d = map(ro + rd * t);
        if (d < 0.002) break;
        t += d;
        steps += 1.0;
        if (t > 10.0) break;
    }
    vec3 col = vec3(steps / 48.0, exp(-0.3 * t), t < 10.0 ? 0.8 : 0.1);
    fragColor = vec4(col, 1.0);
}
