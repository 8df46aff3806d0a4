// The equirectangular image itself as the background at backgroundBlurriness 0 (three draws it
// through CubeMapNode: the image redrawn into a cube as high as the image, read at level 0),
// looking up toward the sun, with no environment lighting.
import { W, H } from './_common.mjs';
import { envTexture } from './_env.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = envTexture( THREE );
	const camera = new THREE.PerspectiveCamera( 70, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 0 );
	camera.lookAt( 0.3, 0.25, - 1 );
	return { scene, camera, width: W, height: H };

}
