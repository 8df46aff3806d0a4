// Normal blending: a transparent double-sided STANDARD sphere (opacity 0.45; drawn back faces first,
// then front faces, as three.js draws a transparent DoubleSide material) and a transparent BASIC
// plane (opacity 0.6) in front of an opaque LAMBERT box, under ambient and directional light.
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x303030 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.3, 4 );
	camera.lookAt( 0, 0, 0 );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 1.2, 1.2, 1.2 ), new THREE.MeshLambertNodeMaterial( { color: 0x33aa55 } ) );
	box.position.set( 0.4, 0, - 1.5 );
	box.rotation.set( 0.3, 0.5, 0 );
	scene.add( box );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.8, 32, 16 ), new THREE.MeshStandardNodeMaterial( { color: 0x4488ff, roughness: 0.35, transparent: true, opacity: 0.45, side: THREE.DoubleSide } ) );
	ball.position.set( - 0.3, 0, 0 );
	scene.add( ball );
	const pane = new THREE.Mesh( new THREE.PlaneGeometry( 1.2, 0.8 ), new THREE.MeshBasicNodeMaterial( { color: 0xff5522, transparent: true, opacity: 0.6 } ) );
	pane.position.set( 0.5, - 0.5, 0.8 );
	scene.add( pane );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.6 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 2, 3, 2 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
