// A RectAreaLight (0xfff0d0, intensity 6, 2 × 1) at (0, 1.6, -0.6) looking at (0, 0, 0.4), over
// a floor (PlaneGeometry 4 × 4 turned -π/2 about x, MeshStandard 0x808080 roughness 0.35) with a
// sphere (SphereGeometry(0.5, 32, 16) at (0, 0.5, 0), MeshPhysical 0xff8040 roughness 0.3,
// metalness 0.2, clearcoat 0.6 roughness 0.2) and a MeshLambert box (0.4³ at (1, 0.2, 0.6)), which
// three's Lambert model leaves unlit by a rect light; AmbientLight 0x202020 · 1. The LTC tables
// are RectAreaLightTexturesLib's.
import { W, H } from './_common.mjs';
import { RectAreaLightTexturesLib } from 'three/addons/lights/RectAreaLightTexturesLib.js';
export default function ( { THREE } ) {

	THREE.RectAreaLightNode.setLTC( RectAreaLightTexturesLib.init() );
	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 1.4, 3.2 );
	camera.lookAt( 0, 0.3, 0 );
	const floor = new THREE.Mesh(
		new THREE.PlaneGeometry( 4, 4 ),
		new THREE.MeshStandardNodeMaterial( { color: 0x808080, roughness: 0.35 } ),
	);
	floor.rotation.x = - Math.PI / 2;
	const ball = new THREE.Mesh(
		new THREE.SphereGeometry( 0.5, 32, 16 ),
		new THREE.MeshPhysicalNodeMaterial( { color: 0xff8040, roughness: 0.3, metalness: 0.2, clearcoat: 0.6, clearcoatRoughness: 0.2 } ),
	);
	ball.position.set( 0, 0.5, 0 );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.4, 0.4, 0.4 ), new THREE.MeshLambertNodeMaterial( { color: 0x40a0ff } ) );
	box.position.set( 1, 0.2, 0.6 );
	scene.add( floor, ball, box );
	const rect = new THREE.RectAreaLight( 0xfff0d0, 6, 2, 1 );
	rect.position.set( 0, 1.6, - 0.6 );
	rect.lookAt( 0, 0, 0.4 );
	scene.add( rect );
	scene.add( new THREE.AmbientLight( 0x202020, 1 ) );
	return { scene, camera, width: W, height: H };

}
