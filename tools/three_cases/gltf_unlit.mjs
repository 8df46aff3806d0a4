// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/unlit.glb. UnlitTest:
// KHR_materials_unlit (three's MeshBasicMaterial) on a sphere of the base colour factor beside the
// same material lit, a quad with the base colour texture, a box with vertex colours, and a BLEND
// quad (alpha 0.5), under lights the unlit ones ignore.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'unlit.glb' );
