// Write three r187's post-processing shaders (examples/jsm/shaders/*.js: each exported object with
// a fragmentShader) and its ShaderChunk table as JSON into tsl-core/tests/fixtures/glsl/three_r187/,
// for the GLSL corpus (see ../README.md).
//
// usage: node dump.mjs THREE_PACKAGE_DIR   (the `package/` folder of `npm pack three@0.187.0`;
//        it must be importable as `three`, e.g. through a node_modules/three link beside this file)
import fs from 'fs';
import path from 'path';
import { ShaderChunk } from 'three';

const here = path.dirname(new URL(import.meta.url).pathname);
const out = path.join(here, '..', '..', '..', 'tsl-core', 'tests', 'fixtures', 'glsl', 'three_r187');
const dir = path.join(process.argv[2], 'examples', 'jsm', 'shaders');

// A uniform's default value as plain JSON: a number, a list (vectors, colours, matrices
// column-major) or null (a texture).
function plain(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value.isColor) return [value.r, value.g, value.b];
  if (value.isVector2) return [value.x, value.y];
  if (value.isVector3) return [value.x, value.y, value.z];
  if (value.isVector4) return [value.x, value.y, value.z, value.w];
  if (value.isMatrix3 || value.isMatrix4) return Array.from(value.elements);
  if (Array.isArray(value)) return value.map(plain);
  return null;
}

const shaders = {};
for (const file of fs.readdirSync(dir).sort()) {
  if (!file.endsWith('.js')) continue;
  const mod = await import(path.join(dir, file));
  for (const [name, s] of Object.entries(mod)) {
    if (!s || typeof s !== 'object' || typeof s.fragmentShader !== 'string') continue;
    const uniforms = {};
    for (const [u, v] of Object.entries(s.uniforms || {})) uniforms[u] = plain(v.value);
    shaders[`${file.replace(/\.js$/, '')}.${name}`] = {
      vertex: s.vertexShader || '',
      fragment: s.fragmentShader,
      defines: s.defines || {},
      uniforms,
    };
  }
}
fs.writeFileSync(path.join(out, 'shaders.json'), JSON.stringify(shaders, null, 1) + '\n');
const chunks = {};
for (const [k, v] of Object.entries(ShaderChunk)) if (typeof v === 'string') chunks[k] = v;
fs.writeFileSync(path.join(out, 'chunks.json'), JSON.stringify(chunks, null, 1) + '\n');
console.log(Object.keys(shaders).length, 'shaders,', Object.keys(chunks).length, 'chunks');
