// Image-based light from scene.environment (the procedural HDR of _env.mjs through three's
// PMREM): a 3×3 grid of MeshStandard spheres, roughness 0.05, 0.5, 1 left to right and
// metalness 0, 0.5, 1 bottom to top, colour 0xcc8855; no lights, black background.
import { W, H } from './_common.mjs';
import { envTexture } from './_env.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	scene.environment = envTexture( THREE );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const geometry = new THREE.SphereGeometry( 0.3, 32, 16 );
	[ 0.05, 0.5, 1 ].forEach( ( roughness, i ) => {

		[ 0, 0.5, 1 ].forEach( ( metalness, j ) => {

			const material = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, roughness, metalness } );
			const ball = new THREE.Mesh( geometry, material );
			ball.position.set( ( i - 1 ) * 0.72, ( j - 1 ) * 0.72, 0 );
			scene.add( ball );

		} );

	} );
	return { scene, camera, width: W, height: H };

}
