// A grid of shapes picked per cell by a switch: circle, box, cross, ring, and a default diamond.
float shape(int kind, vec2 p) {
    float d;
    switch (kind) {
        case 0:
            d = length(p) - 0.35;
            break;
        case 1: {
            vec2 q = abs(p) - vec2(0.3);
            d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0);
            break;
        }
        case 2:
            p = abs(p);
            d = min(max(p.x - 0.4, p.y - 0.1), max(p.x - 0.1, p.y - 0.4));
            break;
        case 3:
            d = abs(length(p) - 0.3) - 0.05;
            break;
        default:
            d = abs(p.x) + abs(p.y) - 0.4;
    }
    return d;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 uv = fragCoord / iResolution.y * 3.0;
    vec2 cell = floor(uv);
    vec2 p = fract(uv) - 0.5;
    int kind = int(mod(cell.x + cell.y * 3.0 + floor(iTime), 5.0));
    float d = shape(kind, p);
    vec3 col = mix(vec3(0.95, 0.5, 0.2), vec3(0.1), smoothstep(0.0, 0.02, d));
    fragColor = vec4(col, 1.0);
}
