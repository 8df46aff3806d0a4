// Caustic-like light: a point bent by a few iterations of sines of itself, the brightness the
// sum of reciprocals of how far each iterate strays.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    float time = iTime * 0.5 + 23.0;
    vec2 uv = fragCoord / iResolution.xy;
    vec2 p = mod(uv * 6.2831853, 6.2831853) - 250.0;
    vec2 i = p;
    float c = 1.0;
    float inten = 0.005;
    for (int n = 0; n < 4; n++) {
        float t = time * (1.0 - (3.5 / float(n + 1)));
        i = p + vec2(cos(t - i.x) + sin(t + i.y), sin(t - i.y) + cos(t + i.x));
        c += 1.0 / length(vec2(p.x / (sin(i.x + t) / inten), p.y / (cos(i.y + t) / inten)));
    }
    c /= 4.0;
    c = 1.17 - pow(c, 1.4);
    vec3 col = vec3(pow(abs(c), 8.0));
    col = clamp(col + vec3(0.0, 0.35, 0.5), 0.0, 1.0);
    fragColor = vec4(col, 1.0);
}
