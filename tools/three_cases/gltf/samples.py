"""Small models that reproduce the content of Khronos glTF sample models (KhronosGroup/
glTF-Sample-Assets), written from scratch by this script (CC0, ours): the same kind of test, not
their files. `make_models.py` writes each as `NAME.glb` here; tools/three_cases/gltf_NAME.mjs has
three's GLTFLoader draw it and tests/three_cases/scenes_gltf.rs loads the same file.

| file | reproduces | what it holds |
| --- | --- | --- |
| vertex_colors.glb | BoxVertexColors, VertexColorTest | boxes with COLOR_0 as VEC4 floats and as normalized VEC3 bytes; a BLEND quad whose COLOR_0 (normalized VEC4 shorts) has alpha |
| texcoords.glb | TextureCoordinateTest | a quadrant texture on quads with turned and mirrored uvs, clamp and mirrored-repeat wraps |
| alpha_modes.glb | AlphaBlendModeTest | an alpha-ramp texture as OPAQUE, MASK (cutoffs 0.3, 0.7) and BLEND over a backdrop |
| texture_transform.glb | TextureTransformTest | KHR_texture_transform offset, rotation, scale and all three |
| metal_rough.glb | MetalRoughSpheres | a 3x3 grid of spheres over metallic and roughness factors, one with a metallicRoughness texture |
| clearcoat_sheen.glb | ClearCoatTest, SheenChair | KHR_materials_clearcoat, sheen, specular and ior on spheres |
| unlit.glb | UnlitTest | KHR_materials_unlit: a factor-coloured sphere beside the same sphere lit, a textured quad, a vertex-coloured box, a BLEND quad |
| normal_tangent.glb | NormalTangentTest, NormalTangentMirrorTest | a normal map on spheres with TANGENT (one with mirrored uvs, w = -1), the same sphere without, a quad with TANGENT, and a clearcoat normal map with TANGENT |
"""
import math, struct


def sphere(radius=0.5, ws=16, hs=12):
    """three's SphereGeometry(radius, ws, hs): positions, normals, glTF uvs, indices."""
    pos, nor, uv, grid = [], [], [], []
    for iy in range(hs + 1):
        v = iy / hs
        row = []
        for ix in range(ws + 1):
            u = ix / ws
            x = -radius * math.cos(u * 2 * math.pi) * math.sin(v * math.pi)
            y = radius * math.cos(v * math.pi)
            z = radius * math.sin(u * 2 * math.pi) * math.sin(v * math.pi)
            pos.append([x, y, z])
            nor.append([x / radius, y / radius, z / radius])
            uv.append([u, v])  # glTF's v runs down the image: three's 1 - v
            row.append(len(pos) - 1)
        grid.append(row)
    idx = []
    for iy in range(hs):
        for ix in range(ws):
            a, b = grid[iy][ix + 1], grid[iy][ix]
            c, d = grid[iy + 1][ix], grid[iy + 1][ix + 1]
            if iy != 0:
                idx += [a, b, d]
            if iy != hs - 1:
                idx += [b, c, d]
    return pos, nor, uv, idx


def quad(w=1.0, h=1.0, uvs=None):
    """A quad in the xy plane facing +z; uvs default to the image upright (glTF's v down)."""
    pos = [[-w / 2, -h / 2, 0.0], [w / 2, -h / 2, 0.0], [w / 2, h / 2, 0.0], [-w / 2, h / 2, 0.0]]
    nor = [[0.0, 0.0, 1.0]] * 4
    uv = uvs or [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]]
    return pos, nor, uv, [0, 1, 2, 0, 2, 3]


def quadrants(n=8):
    """An n x n image in four coloured quadrants (red top left, green top right, blue bottom
    left, yellow bottom right) with a white texel at the top-left corner: its orientation shows."""
    out = []
    for y in range(n):
        for x in range(n):
            top, left = y < n // 2, x < n // 2
            c = {(True, True): (220, 40, 40), (True, False): (40, 200, 60),
                 (False, True): (40, 70, 220), (False, False): (230, 210, 40)}[(top, left)]
            if x == 0 and y == 0:
                c = (255, 255, 255)
            out += [*c, 255]
    return n, n, out


def alpha_ramp():
    """8x8: a warm colour whose alpha runs from 0 at the left to 1 at the right (columns of
    alpha 0, 36, 73, ..., 255), darker in the lower half."""
    out = []
    for y in range(8):
        for x in range(8):
            k = 1.0 if y < 4 else 0.6
            out += [round(240 * k), round(140 * k), round(40 * k), round(255 * x / 7)]
    return 8, 8, out


def metal_rough_map():
    """4x4 linear data: roughness (green) down the rows, metalness (blue) across the columns."""
    out = []
    for y in range(4):
        for x in range(4):
            out += [0, round(255 * (0.15 + 0.25 * y)), round(255 * x / 3), 255]
    return 4, 4, out


def lights(sun_from=(0.3, 1.0, 0.8), sun=2.5, lamp_at=(1.0, 1.2, 2.0), lamp=8.0):
    """KHR_lights_punctual: a directional light shining from `sun_from` and a point light."""
    return [
        {'type': 'directional', 'color': [1.0, 0.98, 0.95], 'intensity': sun},
        {'type': 'point', 'color': [0.9, 0.95, 1.0], 'intensity': lamp},
    ], sun_from, lamp_at


class Model:
    """One sample document under construction: accessors through make_models' Writer, images in
    the binary chunk, a camera looking at `target` from `eye` and optionally two punctual
    lights."""

    def __init__(self, mm, eye, target, yfov=0.8, lit=True):
        self.mm, self.w = mm, mm.Writer()
        # The eye moved off the layouts' axes (the view turned a little both ways), so that no
        # edge runs along a row or a column of pixel centres (where rasterizers' tie rules
        # differ) and no alpha-test boundary along a column.
        eye = [eye[0] + 0.21, eye[1] + 0.13, eye[2]]
        self.nodes, self.meshes, self.materials = [], [], []
        self.textures, self.images, self.samplers = [], [], []
        self.used = set()
        self.nodes.append({'name': 'camera', 'camera': 0, 'translation': list(eye),
                           'rotation': mm.look_rotation(list(eye), list(target))})
        self.lights = []
        if lit:
            self.used.add('KHR_lights_punctual')
            self.lights, sun_from, lamp_at = lights()
            self.nodes.append({'name': 'sun', 'rotation': mm.look_rotation([0, 0, 0], [-c for c in sun_from]),
                               'extensions': {'KHR_lights_punctual': {'light': 0}}})
            self.nodes.append({'name': 'lamp', 'translation': list(lamp_at),
                               'extensions': {'KHR_lights_punctual': {'light': 1}}})
        self.yfov = yfov
        self.geometries = {}

    def image(self, made):
        w, h, rgba = made
        view = self.w.view(self.mm.png(w, h, rgba))
        self.images.append({'bufferView': view, 'mimeType': 'image/png'})
        return len(self.images) - 1

    def texture(self, image, sampler=None):
        self.samplers.append(sampler or {})
        self.textures.append({'source': image, 'sampler': len(self.samplers) - 1})
        return len(self.textures) - 1

    def material(self, m):
        for e in m.get('extensions', {}):
            self.used.add(e)
        for t in ('baseColorTexture', 'metallicRoughnessTexture'):
            if 'KHR_texture_transform' in m.get('pbrMetallicRoughness', {}).get(t, {}).get('extensions', {}):
                self.used.add('KHR_texture_transform')
        self.materials.append(m)
        return len(self.materials) - 1

    def mesh(self, geometry, material, extra=None):
        pos, nor, uv, idx = geometry
        w = self.w
        # One set of accessors per geometry, shared by the meshes that draw it.
        if id(geometry) not in self.geometries:
            self.geometries[id(geometry)] = (geometry, w.floats(pos, 'VEC3'), w.floats(nor, 'VEC3'),
                                             w.floats(uv, 'VEC2'), w.indices(idx))
        _, p, n, t, i = self.geometries[id(geometry)]
        attributes = {'POSITION': p, 'NORMAL': n, 'TEXCOORD_0': t}
        attributes.update(extra or {})
        self.meshes.append({'primitives': [{'attributes': attributes, 'indices': i, 'material': material}]})
        return len(self.meshes) - 1

    def place(self, mesh, name, translation, rotation=None, scale=None):
        node = {'name': name, 'mesh': mesh, 'translation': list(translation)}
        if rotation:
            node['rotation'] = rotation
        if scale:
            node['scale'] = scale
        self.nodes.append(node)

    def backdrop(self):
        """An opaque grey wall behind the model, so that the canvas is opaque wherever a BLEND
        surface lies (three's canvas holds a colour over the empty background premultiplied by
        its alpha, tsl-raster's straight)."""
        back = self.material({'name': 'backdrop', 'pbrMetallicRoughness': {
            'baseColorFactor': [0.35, 0.35, 0.4, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 1.0}})
        self.place(self.mesh(quad(8.0, 8.0), back), 'backdrop', (0.0, 0.0, -2.0))

    def shorts_u16(self, rows):
        """A normalized unsigned-short VEC4 accessor of `rows` (values in [0, 1])."""
        data = b''.join(struct.pack('<4H', *(round(v * 65535) for v in r)) for r in rows)
        view = self.w.view(data, 34962)
        self.w.accessors.append({'bufferView': view, 'componentType': 5123, 'normalized': True,
                                 'count': len(rows), 'type': 'VEC4'})
        return len(self.w.accessors) - 1

    def bytes_u8(self, rows):
        """A normalized unsigned-byte accessor of `rows` (values in [0, 1]), each row padded
        to 4 bytes as glTF requires of vertex attributes."""
        n = len(rows[0])
        data = bytearray()
        for r in rows:
            data += bytes(round(v * 255) for v in r) + b'\x00' * (-n % 4)
        view = self.w.view(bytes(data), 34962)
        self.w.views[view]['byteStride'] = n + (-n % 4)
        kind = {3: 'VEC3', 4: 'VEC4'}[n]
        self.w.accessors.append({'bufferView': view, 'componentType': 5121, 'normalized': True,
                                 'count': len(rows), 'type': kind})
        return len(self.w.accessors) - 1

    def glb(self):
        w = self.w
        while len(w.bin) % 4:
            w.bin.append(0)
        doc = {
            'asset': {'version': '2.0', 'generator': 'tsl-rs make_models.py (samples.py)'},
            'scene': 0,
            'scenes': [{'nodes': list(range(len(self.nodes)))}],
            'nodes': self.nodes,
            'cameras': [{'type': 'perspective', 'perspective': {'yfov': self.yfov, 'aspectRatio': 1.0,
                                                                'znear': 0.1, 'zfar': 50.0}}],
            'meshes': self.meshes,
            'materials': self.materials,
            'buffers': [{'byteLength': len(w.bin)}],
            'bufferViews': w.views,
            'accessors': w.accessors,
        }
        if self.used:
            doc['extensionsUsed'] = sorted(self.used)
        if self.lights:
            doc['extensions'] = {'KHR_lights_punctual': {'lights': self.lights}}
        if self.textures:
            doc['textures'], doc['images'], doc['samplers'] = self.textures, self.images, self.samplers
        return self.mm.glb(doc, bytes(w.bin))


NEAREST = {'magFilter': 9728, 'minFilter': 9728}


def vertex_colors(mm):
    """BoxVertexColors: each corner coloured by where it lies in the box (an RGB cube)."""
    m = Model(mm, (0.0, 1.3, 3.0), (0.0, 0.0, 0.0))
    pos, nor, uv, idx = mm.box()
    idx = mm.fix_winding(pos, nor, idx)
    cube = [[p[0] + 0.5, p[1] + 0.5, p[2] + 0.5] for p in pos]
    plain = m.material({'name': 'white', 'pbrMetallicRoughness': {'metallicFactor': 0.0, 'roughnessFactor': 0.6}})
    geometry = (pos, nor, uv, idx)
    floats = m.mesh(geometry, plain, {'COLOR_0': m.w.floats([c + [1.0] for c in cube], 'VEC4')})
    u8 = m.mesh(geometry, plain, {'COLOR_0': m.bytes_u8([[1 - v for v in c] for c in cube])})
    turn = mm.quat_mul(mm.quat_y(35), mm.quat_x(20))
    m.place(floats, 'float colours', (-0.7, 0.0, 0.0), turn, [0.9, 0.9, 0.9])
    m.place(u8, 'byte colours', (0.7, 0.0, 0.0), turn, [0.9, 0.9, 0.9])
    # VertexColorTest's alpha: a BLEND quad in front whose colours fade from opaque at the top
    # to alpha 0.1 at the bottom (three multiplies the colour's alpha by the vertex colour's).
    blend = m.material({'name': 'blend', 'alphaMode': 'BLEND', 'doubleSided': True,
                        'pbrMetallicRoughness': {'metallicFactor': 0.0, 'roughnessFactor': 0.6}})
    rgba = [[1.0, 0.9, 0.2, 0.1], [0.2, 0.9, 1.0, 0.1], [0.9, 0.3, 0.9, 1.0], [1.0, 1.0, 1.0, 1.0]]
    m.place(m.mesh(quad(2.2, 0.6), blend, {'COLOR_0': m.shorts_u16(rgba)}), 'alpha quad', (0.0, -0.45, 0.8))
    m.backdrop()
    return m.glb()


def texcoords(mm):
    """TextureCoordinateTest: the quadrant image on quads whose uvs run as the image, mirrored,
    and past [0, 1] under CLAMP_TO_EDGE and MIRRORED_REPEAT."""
    m = Model(mm, (0.0, 0.0, 3.2), (0.0, 0.0, 0.0))
    img = m.image(quadrants())
    def lit(sampler):
        t = m.texture(img, dict(NEAREST, **sampler))
        return m.material({'pbrMetallicRoughness': {'baseColorTexture': {'index': t}, 'metallicFactor': 0.0,
                                                    'roughnessFactor': 0.8}})
    repeat = lit({})
    clamp = lit({'wrapS': 33071, 'wrapT': 33071})
    mirror = lit({'wrapS': 33648, 'wrapT': 33648})
    wide = [[-0.5, 1.5], [1.5, 1.5], [1.5, -0.5], [-0.5, -0.5]]
    wide_quad = quad(0.9, 0.9, wide)
    m.place(m.mesh(quad(0.9, 0.9), repeat), 'upright', (-0.5, 0.5, 0.0))
    m.place(m.mesh(quad(0.9, 0.9, [[1.0, 1.0], [0.0, 1.0], [0.0, 0.0], [1.0, 0.0]]), repeat), 'mirrored', (0.5, 0.5, 0.0))
    m.place(m.mesh(wide_quad, clamp), 'clamped', (-0.5, -0.5, 0.0))
    m.place(m.mesh(wide_quad, mirror), 'mirrored repeat', (0.5, -0.5, 0.0))
    return m.glb()


def alpha_modes(mm):
    """AlphaBlendModeTest: the alpha ramp as OPAQUE, MASK at 0.3 and 0.7, BLEND, and BLEND by
    the factor alone, in front of a repeated quadrant backdrop."""
    m = Model(mm, (0.0, 0.0, 3.2), (0.0, 0.0, 0.0))
    ramp = m.texture(m.image(alpha_ramp()))
    back = m.texture(m.image(quadrants()), NEAREST)
    def mat(mode, cutoff=None, factor=1.0, textured=True):
        pbr = {'baseColorFactor': [1.0, 1.0, 1.0, factor], 'metallicFactor': 0.0, 'roughnessFactor': 0.7}
        if textured:
            pbr['baseColorTexture'] = {'index': ramp}
        out = {'name': mode, 'alphaMode': mode, 'pbrMetallicRoughness': pbr}
        if cutoff is not None:
            out['alphaCutoff'] = cutoff
        return m.material(out)
    backdrop = m.material({'pbrMetallicRoughness': {'baseColorTexture': {'index': back}, 'metallicFactor': 0.0,
                                                    'roughnessFactor': 1.0}})
    m.place(m.mesh(quad(2.6, 2.0, [[0, 3], [4, 3], [4, 0], [0, 0]]), backdrop), 'backdrop', (0.0, 0.0, -0.4))
    tile = (quad(0.7, 0.7))
    row = [(mat('OPAQUE'), (-0.8, 0.45)), (mat('MASK', 0.3), (0.0, 0.45)), (mat('MASK', 0.7), (0.8, 0.45)),
           (mat('BLEND'), (-0.4, -0.45)), (mat('BLEND', factor=0.5, textured=False), (0.4, -0.45))]
    for k, (material, (x, y)) in enumerate(row):
        m.place(m.mesh(tile, material), 'tile %d' % k, (x, y, 0.0))
    return m.glb()


def texture_transform(mm):
    """TextureTransformTest: KHR_texture_transform's offset, rotation, scale, and all three."""
    m = Model(mm, (0.0, 0.0, 3.2), (0.0, 0.0, 0.0))
    t = m.texture(m.image(quadrants()), NEAREST)
    def mat(transform):
        return m.material({'pbrMetallicRoughness': {
            'baseColorTexture': {'index': t, 'extensions': {'KHR_texture_transform': transform}},
            'metallicFactor': 0.0, 'roughnessFactor': 0.8}})
    cases = [({'offset': [0.5, 0.0]}, (-0.5, 0.5)), ({'rotation': 0.3927}, (0.5, 0.5)),
             ({'scale': [1.5, 1.5]}, (-0.5, -0.5)),
             ({'offset': [-0.2, 0.3], 'rotation': 0.7854, 'scale': [1.5, 0.75]}, (0.5, -0.5))]
    tile = quad(0.9, 0.9)
    for k, (transform, (x, y)) in enumerate(cases):
        m.place(m.mesh(tile, mat(transform)), 'transform %d' % k, (x, y, 0.0))
    return m.glb()


def metal_rough(mm):
    """MetalRoughSpheres: metallic 0, 0.5, 1 across, roughness 0.2, 0.5, 0.9 down; the last
    sphere's factors (1) scaled by a metallicRoughness texture (blue metal, green rough)."""
    m = Model(mm, (0.0, 0.0, 4.2), (0.0, 0.0, 0.0), yfov=0.75)
    t = m.texture(m.image(metal_rough_map()))
    ball = sphere(0.4, 16, 12)
    for row, rough in enumerate((0.2, 0.5, 0.9)):
        for col, metal in enumerate((0.0, 0.5, 1.0)):
            pbr = {'baseColorFactor': [0.9, 0.6, 0.3, 1.0], 'metallicFactor': metal, 'roughnessFactor': rough}
            if (row, col) == (2, 2):
                pbr.update({'metallicFactor': 1.0, 'roughnessFactor': 1.0, 'metallicRoughnessTexture': {'index': t}})
            mesh = m.mesh(ball, m.material({'pbrMetallicRoughness': pbr}))
            m.place(mesh, 'sphere %d %d' % (row, col), ((col - 1) * 0.95, (1 - row) * 0.95, 0.0))
    return m.glb()


def clearcoat_sheen(mm):
    """ClearCoatTest and SheenChair's materials: a clearcoat over a rough red base, a rougher
    half coat over a half metal, sheen over dark cloth, and KHR_materials_specular with ior."""
    m = Model(mm, (0.0, 0.0, 3.4), (0.0, 0.0, 0.0))
    ball = sphere(0.45, 20, 14)
    mats = [
        ({'baseColorFactor': [0.8, 0.1, 0.1, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.8},
         {'KHR_materials_clearcoat': {'clearcoatFactor': 1.0, 'clearcoatRoughnessFactor': 0.05}}),
        ({'baseColorFactor': [0.2, 0.3, 0.9, 1.0], 'metallicFactor': 0.5, 'roughnessFactor': 0.6},
         {'KHR_materials_clearcoat': {'clearcoatFactor': 0.7, 'clearcoatRoughnessFactor': 0.5}}),
        ({'baseColorFactor': [0.15, 0.15, 0.18, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.9},
         {'KHR_materials_sheen': {'sheenColorFactor': [1.0, 0.4, 0.6], 'sheenRoughnessFactor': 0.4}}),
        ({'baseColorFactor': [0.2, 0.7, 0.3, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.3},
         {'KHR_materials_specular': {'specularFactor': 0.5, 'specularColorFactor': [1.0, 0.8, 0.5]},
          'KHR_materials_ior': {'ior': 1.8}}),
    ]
    for k, (pbr, ext) in enumerate(mats):
        mesh = m.mesh(ball, m.material({'pbrMetallicRoughness': pbr, 'extensions': ext}))
        m.place(mesh, 'sphere %d' % k, ((k % 2 - 0.5) * 1.0, (0.5 - k // 2) * 1.0, 0.0))
    return m.glb()


def domes(n=16):
    """An n x n tangent-space normal map (+y up, as glTF's) of 2 x 2 domes, so that a tangent
    or a bitangent turned round shows."""
    out = []
    for y in range(n):
        for x in range(n):
            cx, cy = (x % (n // 2) + 0.5) / (n // 2) * 2 - 1, (y % (n // 2) + 0.5) / (n // 2) * 2 - 1
            nx, ny = 0.7 * cx, -0.7 * cy  # the image's rows run down: +y is up the image
            nz = math.sqrt(max(0.05, 1 - nx * nx - ny * ny))
            l = math.sqrt(nx * nx + ny * ny + nz * nz)
            out += [round((v / l * 0.5 + 0.5) * 255) for v in (nx, ny, nz)] + [255]
    return n, n, out


def sphere_tangents(geometry, mirrored=False):
    """The sphere's tangents along +u (three's SphereGeometry: x = -cos(2 pi u), z = sin(2 pi u)
    times sin(pi v)) with w so that cross(normal, tangent) * w runs up the image (toward the
    pole, -v); `mirrored` for uvs with u turned round, where the tangent turns and w is -1."""
    pos, nor, uv, idx = geometry
    out = []
    for p, (u, v) in zip(pos, uv):
        if mirrored:
            u = 1 - u
        phi = u * 2 * math.pi
        t = [math.sin(phi), 0.0, math.cos(phi)]
        out.append([-c for c in t] + [-1.0] if mirrored else t + [1.0])
    return out


def normal_tangent(mm):
    """NormalTangentTest and NormalTangentMirrorTest: a normal map of domes on a sphere with
    TANGENT, one with its uvs mirrored (tangents turned, w = -1), the first sphere without
    TANGENT (three's frame from the derivatives), a quad with TANGENT, and a clearcoat normal
    map on a sphere with TANGENT; one material is shared by primitives with and without."""
    m = Model(mm, (0.0, 0.0, 3.4), (0.0, 0.0, 0.0))
    t = m.texture(m.image(domes()))
    pbr = {'baseColorFactor': [0.8, 0.75, 0.7, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.45}
    mapped = m.material({'name': 'mapped', 'pbrMetallicRoughness': pbr, 'normalTexture': {'index': t, 'scale': 1.0}})
    ball = sphere(0.45, 24, 16)
    pos, nor, uv, idx = ball
    mirror_ball = (pos, nor, [[1 - u, v] for u, v in uv], idx)
    f = m.w.floats
    tangents = f(sphere_tangents(ball), 'VEC4')
    m.place(m.mesh(ball, mapped, {'TANGENT': tangents}), 'tangents', (-0.55, 0.5, 0.0))
    m.place(m.mesh(mirror_ball, mapped, {'TANGENT': f(sphere_tangents(ball, True), 'VEC4')}), 'mirrored', (0.55, 0.5, 0.0))
    m.place(m.mesh(ball, mapped), 'no tangents', (-0.55, -0.5, 0.0))
    coat = m.material({'name': 'coat', 'pbrMetallicRoughness': dict(pbr, baseColorFactor=[0.2, 0.4, 0.8, 1.0]),
                       'extensions': {'KHR_materials_clearcoat': {
                           'clearcoatFactor': 1.0, 'clearcoatRoughnessFactor': 0.1,
                           'clearcoatNormalTexture': {'index': t, 'scale': 0.8}}}})
    tile = quad(0.5, 0.5)
    m.place(m.mesh(tile, mapped, {'TANGENT': f([[1.0, 0.0, 0.0, 1.0]] * 4, 'VEC4')}), 'quad', (0.3, -0.55, 0.3),
            mm.quat_y(-25))
    m.place(m.mesh(ball, coat, {'TANGENT': tangents}), 'clearcoat', (0.85, -0.5, -0.3),
            None, [0.7, 0.7, 0.7])
    return m.glb()


def unlit(mm):
    """UnlitTest: KHR_materials_unlit (three's MeshBasicMaterial) on a sphere of the base colour
    factor beside the same material lit, a quad with the base colour texture, a box with vertex
    colours, and a BLEND quad (alpha 0.5), under lights the unlit ones ignore."""
    m = Model(mm, (0.0, 0.0, 3.4), (0.0, 0.0, 0.0))
    t = m.texture(m.image(quadrants()), NEAREST)
    orange = {'baseColorFactor': [1.0, 0.45, 0.1, 1.0], 'metallicFactor': 0.0, 'roughnessFactor': 0.5}
    flat = m.material({'name': 'unlit', 'pbrMetallicRoughness': orange, 'extensions': {'KHR_materials_unlit': {}},
                       'normalTexture': {'index': t}, 'emissiveFactor': [1.0, 0.0, 0.0]})
    lit = m.material({'name': 'lit', 'pbrMetallicRoughness': orange})
    textured = m.material({'name': 'unlit map', 'extensions': {'KHR_materials_unlit': {}},
                           'pbrMetallicRoughness': {'baseColorTexture': {'index': t}}})
    white = m.material({'name': 'unlit white', 'extensions': {'KHR_materials_unlit': {}}})
    glass = m.material({'name': 'unlit blend', 'alphaMode': 'BLEND', 'extensions': {'KHR_materials_unlit': {}},
                        'pbrMetallicRoughness': {'baseColorFactor': [0.2, 0.5, 1.0, 0.5]}})
    ball = sphere(0.42, 20, 14)
    m.place(m.mesh(ball, flat), 'unlit sphere', (-0.5, 0.5, 0.0))
    m.place(m.mesh(ball, lit), 'lit sphere', (0.5, 0.5, 0.0))
    m.place(m.mesh(quad(0.8, 0.8), textured), 'unlit quad', (-0.5, -0.5, 0.0))
    pos, nor, uv, idx = mm.box()
    idx = mm.fix_winding(pos, nor, idx)
    box = m.mesh((pos, nor, uv, idx), white, {'COLOR_0': m.w.floats([[p[0] + 0.5, p[1] + 0.5, p[2] + 0.5] for p in pos], 'VEC3')})
    m.place(box, 'unlit box', (0.5, -0.5, 0.0), mm.quat_mul(mm.quat_y(35), mm.quat_x(20)), [0.6, 0.6, 0.6])
    m.place(m.mesh(quad(1.2, 0.4), glass), 'unlit blend', (0.0, -0.1, 0.6))
    m.backdrop()
    return m.glb()


MODELS = [vertex_colors, texcoords, alpha_modes, texture_transform, metal_rough, clearcoat_sheen,
          normal_tangent, unlit]
