// Shadows from a spot light (PCF): a PHONG floor that receives (0xdddddd, shininess 30) and a
// PHONG box that casts and receives (0x3366cc); SpotLight(0xffffff, 30, 0, π/6, 0.3, 2) at
// (1, 3, 1) aimed at the origin, shadow map 256², radius 2; AmbientLight(0xffffff, 0.3).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 2.5, 3.5 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshPhongNodeMaterial( { color: 0xdddddd, shininess: 30 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.7, 0.7, 0.7 ), new THREE.MeshPhongNodeMaterial( { color: 0x3366cc } ) );
	box.position.set( - 0.2, 0.6, 0 );
	box.rotation.set( 0.3, 0.6, 0 );
	box.castShadow = true;
	box.receiveShadow = true;
	scene.add( box );
	const spot = new THREE.SpotLight( 0xffffff, 30, 0, Math.PI / 6, 0.3, 2 );
	spot.position.set( 1, 3, 1 );
	spot.castShadow = true;
	spot.shadow.mapSize.set( 256, 256 );
	spot.shadow.radius = 2;
	scene.add( spot );
	scene.add( spot.target );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.3 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
