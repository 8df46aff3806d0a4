// A ray and a hit as structs: spheres tested analytically, the nearest one shaded.
struct Ray { vec3 o; vec3 d; };
struct Hit { float t; vec3 n; vec3 albedo; };

Hit sphere(Ray r, vec3 c, float rad, vec3 albedo, Hit best) {
    vec3 oc = r.o - c;
    float b = dot(oc, r.d);
    float h = b * b - dot(oc, oc) + rad * rad;
    if (h < 0.0) return best;
    float t = -b - sqrt(h);
    if (t > 0.0 && t < best.t) {
        best.t = t;
        best.n = normalize(r.o + r.d * t - c);
        best.albedo = albedo;
    }
    return best;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    Ray r = Ray(vec3(0.0, 0.0, -3.0), normalize(vec3(p, 1.5)));
    Hit h = Hit(1e9, vec3(0.0), vec3(0.0));
    h = sphere(r, vec3(sin(iTime), 0.0, 0.0), 0.7, vec3(0.9, 0.3, 0.2), h);
    h = sphere(r, vec3(-0.8, 0.4, 1.0), 0.6, vec3(0.2, 0.6, 0.9), h);
    h = sphere(r, vec3(0.0, -100.8, 0.0), 100.0, vec3(0.7), h);
    vec3 col = vec3(0.7, 0.8, 1.0) * (0.6 + 0.4 * p.y);
    if (h.t < 1e8) {
        float dif = max(dot(h.n, normalize(vec3(0.5, 1.0, -0.6))), 0.0);
        col = h.albedo * (0.15 + 0.85 * dif);
    }
    fragColor = vec4(col, 1.0);
}
