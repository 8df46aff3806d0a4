// Shared by the materialx_*.mjs cases: three's MaterialXLoader reads one document of
// materialx/ (examples from the MaterialX project, materialx/README.md) and its first material
// goes on a SphereGeometry(1, 48, 24) at the origin, under a DirectionalLight(0xffffff, 3) at
// (1, 1, 1) and an AmbientLight(0xffffff, 0.5). tests/three_cases/scenes_materialx.rs loads the
// same file with tsl::raster::materialx.
import { W, H } from './_common.mjs';
import { MaterialXLoader } from 'three/addons/loaders/MaterialXLoader.js';

export async function materialxCase( THREE, file ) {

	const url = new URL( `./materialx/${file}`, import.meta.url ).href;
	const { materials } = await new MaterialXLoader().loadAsync( url );
	const material = Object.values( materials )[ 0 ];
	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.2 );
	camera.lookAt( 0, 0, 0 );
	scene.add( new THREE.Mesh( new THREE.SphereGeometry( 1, 48, 24 ), material ) );
	const light = new THREE.DirectionalLight( 0xffffff, 3 );
	light.position.set( 1, 1, 1 );
	scene.add( light );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	return { scene, camera, width: W, height: H };

}
