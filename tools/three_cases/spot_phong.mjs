// A spot light on PHONG: SpotLight(0xffffff, 30, 0, π/7, 0.4, 2) at (0.5, 3, 1) aimed at (0, 0, -0.2);
// a floor (MeshPhongMaterial 0xdddddd, shininess 30) and a box (0x3366cc, specular 0x444444, shininess 60).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 2, 3.5 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshPhongNodeMaterial( { color: 0xdddddd, shininess: 30 } ) );
	floor.rotation.x = - Math.PI / 2;
	scene.add( floor );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.8, 0.8, 0.8 ), new THREE.MeshPhongNodeMaterial( { color: 0x3366cc, specular: 0x444444, shininess: 60 } ) );
	box.position.set( - 0.3, 0.4, 0 );
	box.rotation.y = 0.6;
	scene.add( box );
	const spot = new THREE.SpotLight( 0xffffff, 30, 0, Math.PI / 7, 0.4, 2 );
	spot.position.set( 0.5, 3, 1 );
	spot.target.position.set( 0, 0, - 0.2 );
	scene.add( spot );
	scene.add( spot.target );
	return { scene, camera, width: W, height: H };

}
