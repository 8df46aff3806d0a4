// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/alpha_modes.glb.
// AlphaBlendModeTest: the alpha ramp as OPAQUE, MASK at 0.3 and 0.7, BLEND, and BLEND by the
// factor alone, in front of a repeated quadrant backdrop.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'alpha_modes.glb' );
