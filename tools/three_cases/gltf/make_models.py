#!/usr/bin/env python3
"""Write the glTF models of the `gltf_*` three cases and tests (tests/gltf.rs):

- boxes.glb: a node tree (a turned root, a scaled box, a moved child box), an indexed box with
  normals and uvs under a nearest-filtered checker PNG (sRGB, repeat, KHR_texture_transform
  scale 2 and offset), an emissive metal box, a double-sided floor with vertex colours and no
  normals (three draws it flat-shaded), a normal map (scale 0.8, no tangents) on the metal box,
  a perspective camera, a point and a directional light
  (KHR_lights_punctual), all in one GLB.
- boxes.gltf + boxes.bin + checker.png: the same document with external files.

- vertex_colors.glb, texcoords.glb, alpha_modes.glb, texture_transform.glb, metal_rough.glb,
  clearcoat_sheen.glb: small models reproducing Khronos sample models' content (samples.py).

Deterministic (no timestamps); run from anywhere: `python3 tools/three_cases/gltf/make_models.py`.
"""
import base64, json, math, os, struct, sys, zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def png(w, h, rgba):
    raw = b''.join(b'\x00' + bytes(rgba[y * w * 4:(y + 1) * w * 4]) for y in range(h))
    def chunk(t, d):
        c = struct.pack('>I', len(d)) + t + d
        return c + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def checker():
    out = []
    for y in range(4):
        for x in range(4):
            if (x + y) % 2:
                out += [230, 200, 40, 255]
            else:
                out += [30, 60 + 40 * x, 150, 255]
    return png(4, 4, out)


def normal_map():
    """An 8x8 tangent-space normal map of bumps (linear data)."""
    out = []
    for y in range(8):
        for x in range(8):
            nx, ny = math.sin(x * 0.9) * 0.5, math.cos(y * 1.3) * 0.4
            nz = math.sqrt(max(0.0, 1 - nx * nx - ny * ny))
            out += [round((nx * 0.5 + 0.5) * 255), round((ny * 0.5 + 0.5) * 255), round((nz * 0.5 + 0.5) * 255), 255]
    return png(8, 8, out)


def box():
    """A unit box as three's BoxGeometry lays it out: 4 corners a face, faces +x -x +y -y +z -z."""
    pos, nor, uv, idx = [], [], [], []
    faces = [((0, 1, 2), 1), ((0, 1, 2), -1), ((1, 2, 0), 1), ((1, 2, 0), -1), ((2, 0, 1), 1), ((2, 0, 1), -1)]
    for (n_axis, u_axis, v_axis), sign in faces:
        # the face's axes: normal n, u and v so that u x v = n
        n = [0, 0, 0]; n[n_axis] = sign
        corners = []
        for (a, b) in ((-1, 1), (1, 1), (-1, -1), (1, -1)):
            p = [0.0, 0.0, 0.0]
            p[n_axis] = 0.5 * sign
            p[u_axis] = 0.5 * a * sign
            p[v_axis] = 0.5 * b
            corners.append(p)
        base = len(pos)
        for k, p in enumerate(corners):
            pos.append(p); nor.append(n)
            uv.append([(k % 2), (k // 2)])
        idx += [base, base + 2, base + 1, base + 2, base + 3, base + 1]
    return pos, nor, uv, idx


def fix_winding(pos, nor, idx):
    """Turn each triangle counter-clockwise about its normal (so its front faces out)."""
    out = []
    for t in range(0, len(idx), 3):
        a, b, c = idx[t:t + 3]
        pa, pb, pc = pos[a], pos[b], pos[c]
        e1 = [pb[i] - pa[i] for i in range(3)]
        e2 = [pc[i] - pa[i] for i in range(3)]
        cr = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]]
        if sum(cr[i] * nor[a][i] for i in range(3)) < 0:
            b, c = c, b
        out += [a, b, c]
    return out


class Writer:
    def __init__(self):
        self.bin = bytearray(); self.views = []; self.accessors = []

    def view(self, data, target=None):
        while len(self.bin) % 4:
            self.bin.append(0)
        v = {'buffer': 0, 'byteOffset': len(self.bin), 'byteLength': len(data)}
        if target:
            v['target'] = target
        self.bin += data
        self.views.append(v)
        return len(self.views) - 1

    def floats(self, rows, kind):
        flat = [x for r in rows for x in r]
        view = self.view(struct.pack('<%df' % len(flat), *flat), 34962)
        n = len(rows[0])
        acc = {'bufferView': view, 'componentType': 5126, 'count': len(rows), 'type': kind,
               'min': [min(r[i] for r in rows) for i in range(n)], 'max': [max(r[i] for r in rows) for i in range(n)]}
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def indices(self, idx):
        view = self.view(struct.pack('<%dH' % len(idx), *idx), 34963)
        self.accessors.append({'bufferView': view, 'componentType': 5123, 'count': len(idx), 'type': 'SCALAR'})
        return len(self.accessors) - 1


def quat_y(deg):
    a = math.radians(deg) / 2
    return [0.0, math.sin(a), 0.0, math.cos(a)]


def quat_x(deg):
    a = math.radians(deg) / 2
    return [math.sin(a), 0.0, 0.0, math.cos(a)]


def quat_mul(a, b):
    """The rotation b then a, quaternions (x, y, z, w)."""
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return [aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz]


def look_rotation(eye, target):
    """The quaternion (x, y, z, w) that turns -z toward target from eye with +y up."""
    f = [target[i] - eye[i] for i in range(3)]
    l = math.sqrt(sum(x * x for x in f)); f = [x / l for x in f]
    z = [-x for x in f]
    up = [0, 1, 0]
    x = [up[1] * z[2] - up[2] * z[1], up[2] * z[0] - up[0] * z[2], up[0] * z[1] - up[1] * z[0]]
    l = math.sqrt(sum(v * v for v in x)); x = [v / l for v in x]
    y = [z[1] * x[2] - z[2] * x[1], z[2] * x[0] - z[0] * x[2], z[0] * x[1] - z[1] * x[0]]
    m00, m01, m02 = x[0], y[0], z[0]
    m10, m11, m12 = x[1], y[1], z[1]
    m20, m21, m22 = x[2], y[2], z[2]
    tr = m00 + m11 + m22
    if tr > 0:
        s = 0.5 / math.sqrt(tr + 1.0)
        return [(m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s]
    raise ValueError('choose another view')


def document(image_in_buffer):
    w = Writer()
    pos, nor, uv, idx = box()
    idx = fix_winding(pos, nor, idx)
    p, n, t, i = w.floats(pos, 'VEC3'), w.floats(nor, 'VEC3'), w.floats(uv, 'VEC2'), w.indices(idx)
    floor_pos = [[-1.5, 0, -1.5], [1.5, 0, -1.5], [-1.5, 0, 1.5], [1.5, 0, 1.5]]
    floor_col = [[0.9, 0.2, 0.2], [0.2, 0.9, 0.2], [0.2, 0.2, 0.9], [0.9, 0.9, 0.9]]
    fp, fc = w.floats(floor_pos, 'VEC3'), w.floats(floor_col, 'VEC3')
    fi = w.indices([0, 2, 1, 2, 3, 1])
    image = checker()
    doc = {
        'asset': {'version': '2.0', 'generator': 'tsl-rs make_models.py'},
        'extensionsUsed': ['KHR_lights_punctual', 'KHR_texture_transform'],
        'extensions': {'KHR_lights_punctual': {'lights': [
            {'type': 'point', 'color': [1.0, 0.95, 0.9], 'intensity': 12.0},
            {'type': 'directional', 'color': [0.8, 0.9, 1.0], 'intensity': 1.5},
        ]}},
        'scene': 0,
        'scenes': [{'nodes': [0, 4, 5, 6]}],
        'nodes': [
            {'name': 'root', 'rotation': quat_y(30), 'translation': [0.0, 0.0, 0.0], 'children': [1, 2, 3]},
            {'name': 'box', 'mesh': 0, 'translation': [-0.4, 0.5, 0.0], 'scale': [1.0, 1.0, 1.0]},
            {'name': 'metal', 'mesh': 1, 'translation': [0.6, 0.35, 0.3], 'scale': [0.7, 0.7, 0.7]},
            {'name': 'floor', 'mesh': 2},
            {'name': 'camera', 'camera': 0, 'translation': [0.613, 2.031, 3.17],
             'rotation': look_rotation([0.613, 2.031, 3.17], [0.0, 0.3, 0.0])},
            {'name': 'lamp', 'translation': [1.0, 2.0, 1.5],
             'extensions': {'KHR_lights_punctual': {'light': 0}}},
            {'name': 'sun', 'rotation': look_rotation([0, 0, 0], [-0.5, -1.0, -0.4]),
             'extensions': {'KHR_lights_punctual': {'light': 1}}},
        ],
        'cameras': [{'type': 'perspective', 'perspective': {'yfov': 0.8, 'aspectRatio': 1.0, 'znear': 0.1, 'zfar': 50.0}}],
        'meshes': [
            {'primitives': [{'attributes': {'POSITION': p, 'NORMAL': n, 'TEXCOORD_0': t}, 'indices': i, 'material': 0}]},
            {'primitives': [{'attributes': {'POSITION': p, 'NORMAL': n, 'TEXCOORD_0': t}, 'indices': i, 'material': 1}]},
            {'primitives': [{'attributes': {'POSITION': fp, 'COLOR_0': fc}, 'indices': fi, 'material': 2}]},
        ],
        'materials': [
            {'name': 'checker', 'pbrMetallicRoughness': {
                'baseColorFactor': [1.0, 0.9, 0.8, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.5,
                'baseColorTexture': {'index': 0, 'extensions': {'KHR_texture_transform': {'scale': [2.0, 2.0], 'offset': [0.25, 0.0]}}}}},
            {'name': 'metal', 'pbrMetallicRoughness': {'baseColorFactor': [0.3, 0.6, 0.9, 1.0], 'metallicFactor': 0.6, 'roughnessFactor': 0.35},
             'emissiveFactor': [0.1, 0.05, 0.0], 'normalTexture': {'index': 1, 'scale': 0.8}},
            {'name': 'floor', 'pbrMetallicRoughness': {'metallicFactor': 0.0, 'roughnessFactor': 0.9}, 'doubleSided': True},
        ],
        'samplers': [{'magFilter': 9728, 'minFilter': 9728, 'wrapS': 10497, 'wrapT': 10497}, {}],
        'textures': [{'source': 0, 'sampler': 0}, {'source': 1, 'sampler': 1}],
    }
    bumps = normal_map()
    if image_in_buffer:
        doc['images'] = [{'bufferView': w.view(image), 'mimeType': 'image/png'},
                         {'bufferView': w.view(bumps), 'mimeType': 'image/png'}]
    else:
        doc['images'] = [{'uri': 'checker.png'}, {'uri': 'data:image/png;base64,' + base64.b64encode(bumps).decode()}]
    while len(w.bin) % 4:
        w.bin.append(0)
    doc['buffers'] = [{'byteLength': len(w.bin)}]
    doc['bufferViews'] = w.views
    doc['accessors'] = w.accessors
    return doc, bytes(w.bin), image


def glb(doc, binary):
    js = json.dumps(doc, separators=(',', ':')).encode()
    js += b' ' * (-len(js) % 4)
    chunks = struct.pack('<II', len(js), 0x4E4F534A) + js + struct.pack('<II', len(binary), 0x004E4942) + binary
    return struct.pack('<III', 0x46546C67, 2, 12 + len(chunks)) + chunks


def main():
    doc, binary, _ = document(True)
    open(os.path.join(HERE, 'boxes.glb'), 'wb').write(glb(doc, binary))
    doc, binary, image = document(False)
    doc['buffers'][0]['uri'] = 'boxes.bin'
    open(os.path.join(HERE, 'boxes.gltf'), 'w').write(json.dumps(doc, indent=1) + '\n')
    open(os.path.join(HERE, 'boxes.bin'), 'wb').write(binary)
    open(os.path.join(HERE, 'checker.png'), 'wb').write(image)

    # The fuzz seeds (tests/fuzz.rs, target `gltf`): the GLB, and the JSON with its buffer and image
    # as data URIs, so that a document read from memory loads whole.
    FUZZ = os.path.join(HERE, '..', '..', '..', 'tests', 'fixtures', 'fuzz', 'gltf')
    os.makedirs(FUZZ, exist_ok=True)
    open(os.path.join(FUZZ, 'boxes.glb'), 'wb').write(open(os.path.join(HERE, 'boxes.glb'), 'rb').read())
    doc, binary, image = document(False)
    doc['buffers'][0]['uri'] = 'data:application/octet-stream;base64,' + base64.b64encode(binary).decode()
    doc['images'][0]['uri'] = 'data:image/png;base64,' + base64.b64encode(image).decode()  # the second is one already
    open(os.path.join(FUZZ, 'boxes_embedded.gltf'), 'w').write(json.dumps(doc, separators=(',', ':')) + '\n')
    # The sample models (samples.py): one GLB each.
    import samples
    for make in samples.MODELS:
        open(os.path.join(HERE, make.__name__ + '.glb'), 'wb').write(make(sys.modules[__name__]))


if __name__ == '__main__':
    main()
