// The polar tunnel: one over the radius is depth, the angle goes round, both scroll in time.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float a = atan(p.y, p.x);
    float r = length(p);
    vec2 uv = vec2(0.3 / r + 0.5 * iTime, a / 3.1415927);
    float stripes = 0.5 + 0.5 * sin(uv.x * 12.0) * sin(uv.y * 12.0);
    vec3 col = vec3(stripes) * vec3(0.8, 0.6, 1.0) * r;
    fragColor = vec4(col, 1.0);
}
