// Shadows from a point light (PCF on the cube): a LAMBERT floor and back wall that receive
// (0xeeeeee) and a STANDARD torus that casts (0xcc6633, roughness 0.5); PointLight(0xffffff, 6)
// at (0.4, 1.6, 0.6), shadow cube 256² a face, far 20; AmbientLight(0xffffff, 0.3).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 2, 4 );
	camera.lookAt( 0, 0.4, 0 );
	const paint = new THREE.MeshLambertNodeMaterial( { color: 0xeeeeee } );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), paint );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const wall = new THREE.Mesh( new THREE.PlaneGeometry( 6, 3 ), paint );
	wall.position.set( 0, 1.5, - 1.5 );
	wall.receiveShadow = true;
	scene.add( wall );
	const ring = new THREE.Mesh( new THREE.TorusGeometry( 0.4, 0.15, 12, 32 ), new THREE.MeshStandardNodeMaterial( { color: 0xcc6633, roughness: 0.5 } ) );
	ring.position.set( 0, 0.7, 0 );
	ring.rotation.set( 1.2, 0.4, 0 );
	ring.castShadow = true;
	scene.add( ring );
	const bulb = new THREE.PointLight( 0xffffff, 6 );
	bulb.position.set( 0.4, 1.6, 0.6 );
	bulb.castShadow = true;
	bulb.shadow.mapSize.set( 256, 256 );
	bulb.shadow.camera.far = 20;
	scene.add( bulb );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.3 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
