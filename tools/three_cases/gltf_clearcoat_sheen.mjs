// glTF sample model (R-GLTF, gltf/samples.py): three's GLTFLoader reads gltf/clearcoat_sheen.glb.
// ClearCoatTest and SheenChair's materials: a clearcoat over a rough red base, a rougher half coat
// over a half metal, sheen over dark cloth, and KHR_materials_specular with ior.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'clearcoat_sheen.glb' );
