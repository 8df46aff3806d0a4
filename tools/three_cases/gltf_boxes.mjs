// glTF (R-GLTF): three's GLTFLoader reads gltf/boxes.glb (make_models.py): a node tree, a
// textured box (nearest checker, KHR_texture_transform), an emissive metal box, a double-sided
// floor with vertex colours and no normals (flat-shaded), the file's camera and its
// KHR_lights_punctual point and directional lights. tests/raster_three.rs loads the same file.
import { W, H } from './_common.mjs';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export default async function () {

	const bytes = await ( await fetch( new URL( './gltf/boxes.glb', import.meta.url ) ) ).arrayBuffer();
	const gltf = await new GLTFLoader().parseAsync( bytes, '' );
	const scene = gltf.scene;
	const camera = gltf.cameras[ 0 ];
	scene.updateMatrixWorld( true );
	return { scene, camera, width: W, height: H };

}
