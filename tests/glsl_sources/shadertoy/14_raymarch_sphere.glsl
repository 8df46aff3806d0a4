// Sphere tracing a sphere over a plane: 64 steps, a normal from central differences, a
// diffuse light and distance fog.
float map(vec3 p) {
    float sphere = length(p - vec3(0.0, 1.0, 0.0)) - 1.0;
    float plane = p.y;
    return min(sphere, plane);
}

vec3 calcNormal(vec3 p) {
    vec2 e = vec2(0.001, 0.0);
    return normalize(vec3(map(p + e.xyy) - map(p - e.xyy),
                          map(p + e.yxy) - map(p - e.yxy),
                          map(p + e.yyx) - map(p - e.yyx)));
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    vec3 ro = vec3(3.0 * sin(iTime * 0.4), 1.5, 3.0 * cos(iTime * 0.4));
    vec3 ww = normalize(vec3(0.0, 1.0, 0.0) - ro);
    vec3 uu = normalize(cross(ww, vec3(0.0, 1.0, 0.0)));
    vec3 vv = cross(uu, ww);
    vec3 rd = normalize(p.x * uu + p.y * vv + 1.8 * ww);
    float t = 0.0;
    for (int i = 0; i < 64; i++) {
        float h = map(ro + rd * t);
        if (h < 0.001 || t > 20.0) break;
        t += h;
    }
    vec3 col = vec3(0.6, 0.75, 0.9) - 0.5 * rd.y;
    if (t < 20.0) {
        vec3 pos = ro + rd * t;
        vec3 nor = calcNormal(pos);
        float dif = clamp(dot(nor, normalize(vec3(0.6, 0.8, -0.4))), 0.0, 1.0);
        col = vec3(0.9, 0.7, 0.5) * dif + vec3(0.05, 0.08, 0.1);
        col = mix(col, vec3(0.6, 0.75, 0.9), 1.0 - exp(-0.01 * t * t));
    }
    fragColor = vec4(col, 1.0);
}
