// three r187's ToonShader2, ToonShaderHatching and ToonShaderDotted (examples/jsm/shaders/
// ToonShader.js) as ShaderMaterials on three spheres, drawn by the classic WebGLRenderer (a
// ShaderMaterial's GLSL is a WebGL program), lit by uDirLightPos = normalize(0.5, 0.5, 1) in view
// space; every other uniform is three's default. tests/three_cases/scenes_toon.rs draws the same
// scene with tsl::materials::toon_shaders.
import { W, H } from './_common.mjs';
import { ToonShader2, ToonShaderHatching, ToonShaderDotted } from 'three/addons/shaders/ToonShader.js';

export const backend = 'webgl-classic';

// Each sphere's shader and centre.
export const SPHERES = [
	[ ToonShader2, [ - 1.1, 0.9, 0 ] ],
	[ ToonShaderHatching, [ 1.1, 0.9, 0 ] ],
	[ ToonShaderDotted, [ 0, - 1.1, 0 ] ],
];

export function toonMaterial( THREE, shader ) {

	const uniforms = THREE.UniformsUtils.clone( shader.uniforms );
	uniforms.uDirLightPos.value.set( 0.5, 0.5, 1 ).normalize();
	return new THREE.ShaderMaterial( { uniforms, vertexShader: shader.vertexShader, fragmentShader: shader.fragmentShader } );

}

export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x303040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 6 );
	camera.lookAt( 0, 0, 0 );
	const sphere = new THREE.SphereGeometry( 1, 32, 16 );
	for ( const [ shader, at ] of SPHERES ) {

		const mesh = new THREE.Mesh( sphere, toonMaterial( THREE, shader ) );
		mesh.position.set( ...at );
		scene.add( mesh );

	}

	return { scene, camera, width: W, height: H };

}
