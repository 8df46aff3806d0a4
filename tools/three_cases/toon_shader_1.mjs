// three r187's ToonShader1 (examples/jsm/shaders/ToonShader.js): its vertex shader reads the model
// matrix's columns (the world normal) and refracts the view ray; one sphere, turned and moved so
// that the model matrix is not the identity, lit as toon_shaders.mjs lights its spheres.
import { W, H } from './_common.mjs';
import { ToonShader1 } from 'three/addons/shaders/ToonShader.js';
import { toonMaterial } from './toon_shaders.mjs';

export const backend = 'webgl-classic';

export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x303040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 6 );
	camera.lookAt( 0, 0, 0 );
	const mesh = new THREE.Mesh( new THREE.SphereGeometry( 1.6, 32, 16 ), toonMaterial( THREE, ToonShader1 ) );
	mesh.position.set( 0.3, - 0.2, 0 );
	mesh.rotation.set( 0.4, 0.7, 0 );
	scene.add( mesh );
	return { scene, camera, width: W, height: H };

}
