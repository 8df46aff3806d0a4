// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/texcoords.glb.
// TextureCoordinateTest: the quadrant image on quads whose uvs run as the image, mirrored, and
// past [0, 1] under CLAMP_TO_EDGE and MIRRORED_REPEAT.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'texcoords.glb' );
