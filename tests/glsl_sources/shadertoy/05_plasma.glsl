// The demo-scene plasma: a sum of sines of the coordinates, the radius and time.
void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.y * 4.0;
    float t = iTime;
    float v = sin(uv.x + t);
    v += sin((uv.y + t) * 0.5);
    v += sin((uv.x + uv.y + t) * 0.5);
    vec2 c = uv + vec2(sin(t / 3.0), cos(t / 2.0)) * 2.0;
    v += sin(sqrt(dot(c, c) + 1.0) + t);
    v *= 0.5;
    vec3 col = vec3(sin(v * 3.14159), sin(v * 3.14159 + 2.094), sin(v * 3.14159 + 4.188)) * 0.5 + 0.5;
    fragColor = vec4(col, 1.0);
}
