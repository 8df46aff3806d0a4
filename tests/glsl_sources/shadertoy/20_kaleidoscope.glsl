// A kaleidoscope: the angle folded into one of eight mirrored sectors before a pattern is drawn.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float a = atan(p.y, p.x) + iTime * 0.2;
    float r = length(p);
    float sector = 6.2831853 / 8.0;
    a = mod(a, sector);
    a = abs(a - 0.5 * sector);
    vec2 q = r * vec2(cos(a), sin(a));
    float v = sin(q.x * 10.0 - iTime) * cos(q.y * 14.0);
    vec3 col = 0.5 + 0.5 * cos(v * 2.0 + r * 3.0 + vec3(0.0, 1.0, 2.0));
    fragColor = vec4(col, 1.0);
}
