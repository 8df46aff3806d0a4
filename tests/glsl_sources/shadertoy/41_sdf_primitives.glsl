// Sphere tracing a scene of signed distance primitives: box, torus, capsule, hexagonal prism,
// sphere and plane.
// The distance functions below are from the npm package glsl-sdf-primitives 0.0.1 by Mark
// Lundin (github.com/marklundin/glsl-sdf-primitives; the formulas are Inigo Quilez's), files
// sdBox, sdTorus, sdCapsule, sdHexPrism, sdSphere and sdPlane .glsl, unchanged but for glslify's
// '#pragma glslify: export(...)' lines, removed. Their licence, the package's LICENSE:
//
// The MIT License (MIT)
//
// Copyright (c) 2015 Mark Lundin
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//
//
float sdBox( vec3 p, vec3 b )
{
  vec3 d = abs(p) - b;
  return min(max(d.x,max(d.y,d.z)),0.0) +
         length(max(d,0.0));
}


float sdTorus( vec3 p, vec2 t )
{
  vec2 q = vec2(length(p.xz)-t.x,p.y);
  return length(q)-t.y;
}


float sdCapsule( vec3 p, vec3 a, vec3 b, float r )
{
    vec3 pa = p - a, ba = b - a;
    float h = clamp( dot(pa,ba)/dot(ba,ba), 0.0, 1.0 );
    return length( pa - ba*h ) - r;
}


float sdHexPrism( vec3 p, vec2 h )
{
    vec3 q = abs(p);
    return max(q.z-h.y,max((q.x*0.866025+q.y*0.5),q.y)-h.x);
}


float sdSphere( vec3 p, float s )
{
  return length( p ) - s;
}


float sdPlane( vec3 p, vec4 n )
{
  // n must be normalized
  return dot(p,n.xyz) + n.w;
}


// The scene and mainImage below were written for this project.
float map(vec3 p) {
    float d = sdPlane(p, vec4(0.0, 1.0, 0.0, 1.0));
    d = min(d, sdBox(p - vec3(-1.6, 0.0, 0.0), vec3(0.4)));
    d = min(d, sdTorus(p - vec3(0.0, 0.0, 0.0), vec2(0.5, 0.15)));
    d = min(d, sdCapsule(p, vec3(1.4, -0.5, 0.0), vec3(1.6, 0.6, 0.3), 0.2));
    d = min(d, sdHexPrism(p - vec3(0.0, 0.2, 1.6), vec2(0.4, 0.2)));
    d = min(d, sdSphere(p - vec3(0.0, 0.9, -0.2), 0.3));
    return d;
}

void mainImage(out vec4 fragColor, in vec2 fragCoord) {
    vec2 p = (2.0 * fragCoord - iResolution.xy) / iResolution.y;
    float a = 0.3 * iTime;
    vec3 ro = vec3(4.0 * sin(a), 1.5, -4.0 * cos(a));
    vec3 ww = normalize(-ro);
    vec3 uu = normalize(cross(ww, vec3(0.0, 1.0, 0.0)));
    vec3 vv = cross(uu, ww);
    vec3 rd = normalize(p.x * uu + p.y * vv + 2.0 * ww);
    float t = 0.0;
    float steps = 0.0;
    for (int i = 0; i < 64; i++) {
        float h = map(ro + rd * t);
        if (h < 0.001 || t > 20.0) break;
        t += h;
        steps += 1.0;
    }
    vec3 col = vec3(0.7, 0.8, 0.9);
    if (t < 20.0) {
        col = vec3(1.0 - steps / 64.0) * vec3(0.9, 0.8, 0.6) * exp(-0.05 * t);
    }
    fragColor = vec4(col, 1.0);
}
