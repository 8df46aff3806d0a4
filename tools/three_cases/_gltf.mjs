// The glTF cases (gltf_*.mjs, R-GLTF): three's GLTFLoader reads gltf/NAME.glb (make_models.py)
// and the scene is drawn from the file's first camera. tests/three_cases/scenes_gltf.rs loads the
// same file with tsl::raster::gltf.
import { W, H } from './_common.mjs';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

export async function gltfCase( file ) {

	const bytes = await ( await fetch( new URL( './gltf/' + file, import.meta.url ) ) ).arrayBuffer();
	const gltf = await new GLTFLoader().parseAsync( bytes, '' );
	const scene = gltf.scene;
	const camera = gltf.cameras[ 0 ];
	scene.updateMatrixWorld( true );
	return { scene, camera, width: W, height: H };

}
