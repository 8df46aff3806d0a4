// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/normal_tangent.glb.
// NormalTangentTest and NormalTangentMirrorTest: a normal map of domes on a sphere with TANGENT,
// one with its uvs mirrored (tangents turned, w = -1), the first sphere without TANGENT (three's
// frame from the derivatives), a quad with TANGENT, and a clearcoat normal map on a sphere with
// TANGENT; one material is shared by primitives with and without.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'normal_tangent.glb' );
