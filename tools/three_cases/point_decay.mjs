// Point lights with decay: a STANDARD floor (roughness 0.7) and sphere (roughness 0.3, metalness 0.5);
// PointLight(0xffeedd, 6) with decay 2 at (0.6, 1.2, 0.8), and PointLight(0x4080ff, 4, 3, 1) (distance
// 3, decay 1) at (-1, 0.5, -0.5).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 1.6, 3.2 );
	camera.lookAt( 0, 0.3, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 6, 6 ), new THREE.MeshStandardNodeMaterial( { color: 0xcccccc, roughness: 0.7 } ) );
	floor.rotation.x = - Math.PI / 2;
	scene.add( floor );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.5, 32, 16 ), new THREE.MeshStandardNodeMaterial( { color: 0x88cc44, roughness: 0.3, metalness: 0.5 } ) );
	ball.position.set( 0, 0.5, 0 );
	scene.add( ball );
	const warm = new THREE.PointLight( 0xffeedd, 6 );
	warm.position.set( 0.6, 1.2, 0.8 );
	scene.add( warm );
	const cool = new THREE.PointLight( 0x4080ff, 4, 3, 1 );
	cool.position.set( - 1, 0.5, - 0.5 );
	scene.add( cool );
	return { scene, camera, width: W, height: H };

}
