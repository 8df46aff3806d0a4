// material.receivedShadowNode (R-SHADOW-5): a STANDARD floor (0xdddddd, roughness 0.8) whose
// shadows turn red, receivedShadowNode = Fn(([shadow]) => shadow.mix(color(0xff0000), 1)), under
// a STANDARD sphere that casts (0x4488cc, roughness 0.4); DirectionalLight(0xffffff, 3) at
// (2, 4, 1) with its default shadow but intensity 0.8 (PCF); AmbientLight(0xffffff, 0.4).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 4 );
	camera.lookAt( 0, 0, 0 );
	const floorMaterial = new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } );
	floorMaterial.receivedShadowNode = TSL.Fn( ( [ shadow ] ) => shadow.mix( TSL.color( 0xff0000 ), 1 ) );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), floorMaterial );
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
	sun.shadow.intensity = 0.8;
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
