// glTF (R-GLTF): three's GLTFLoader reads gltf/boxes.glb (make_models.py): a node tree, a
// textured box (nearest checker, KHR_texture_transform), an emissive metal box, a double-sided
// floor with vertex colours and no normals (flat-shaded), the file's camera and its
// KHR_lights_punctual point and directional lights. tests/raster_three.rs loads the same file.
import { gltfCase } from './_gltf.mjs';

export default () => gltfCase( 'boxes.glb' );
