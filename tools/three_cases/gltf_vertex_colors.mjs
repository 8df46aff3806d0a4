// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/vertex_colors.glb.
// BoxVertexColors: each corner coloured by where it lies in the box (an RGB cube); a BLEND quad
// whose COLOR_0 has alpha (VertexColorTest).
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'vertex_colors.glb' );
