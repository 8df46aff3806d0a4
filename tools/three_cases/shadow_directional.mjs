// Shadows from a directional light (PCF, three.js r187's default filter): a STANDARD floor that
// receives (0xdddddd, roughness 0.8) and a STANDARD sphere that casts (0x4488cc, roughness 0.4);
// DirectionalLight(0xffffff, 3) at (2, 4, 1) with its default shadow (512², camera ±5, near 0.5,
// far 500, bias 0, radius 1); AmbientLight(0xffffff, 0.4).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 4 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.5, 32, 16 ), new THREE.MeshStandardNodeMaterial( { color: 0x4488cc, roughness: 0.4 } ) );
	ball.position.set( 0, 0.8, 0 );
	ball.castShadow = true;
	scene.add( ball );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 2, 4, 1 );
	sun.castShadow = true;
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
