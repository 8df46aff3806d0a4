// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads
// gltf/texture_transform.glb. TextureTransformTest: KHR_texture_transform's offset, rotation,
// scale, and all three.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'texture_transform.glb' );
