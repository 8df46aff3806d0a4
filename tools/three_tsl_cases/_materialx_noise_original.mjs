// three.js's webgpu_materialx_noise.html with three.js's own mx_fractal_noise_vec3: the oracle
// cannot render it. After about five minutes of SwiftShader compiling the right bottom sphere's
// shader (three.js's fractal loop around an inlined mx_perlin_noise_vec3; Chromium's GPU process
// grows past 5 GB), WebGL loses its context:
//   [warning] WebGL: CONTEXT_LOST_WEBGL: loseContext: context lost
//   [error] THREE.THREE.WebGPURenderer: WebGL Device Lost: Message: Unknown reason
//   FAIL: page.evaluate: undefined
// The other three spheres alone render in about 4 s each. render.sh skips this file (its name
// starts with "_"); tsl_materialx_noise.mjs writes the fractal's loop out (three octaves), as the
// port does.
//
// As examples/tsl_materialx_noise.rs ports it otherwise: four
// MeshPhysicalNodeMaterial spheres (radius 8) coloured by MaterialX noises of
// customUV = normalWorld · 10 + time, seen from z = 100 by a 27° camera. time is 1.5 s, given as a
// uniform (the oracle cannot set three.js's clock). The page's HDR environment and moving point
// light become an ambient light (1) and a directional light (2, from (1, 1, 2)), as in the port.
export const W = 128;
export const H = 128;
export const TIME = 1.5;
export default function ( { THREE, TSL } ) {

	const { normalWorld, uniform, mx_noise_vec3, mx_cell_noise_float, mx_worley_noise_vec3, mx_fractal_noise_vec3 } = TSL;
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202428 );
	const geometry = new THREE.SphereGeometry( 8, 64, 32 );
	const customUV = normalWorld.mul( 10 ).add( uniform( TIME ) );
	const add = ( colorNode, x, y ) => {

		const material = new THREE.MeshPhysicalNodeMaterial();
		material.colorNode = colorNode;
		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( x, y, 0 );
		scene.add( mesh );

	};
	add( mx_noise_vec3( customUV ), - 10, 10 ); // left top
	add( mx_cell_noise_float( customUV ), 10, 10 ); // right top
	add( mx_worley_noise_vec3( customUV ), - 10, - 10 ); // left bottom
	add( mx_fractal_noise_vec3( customUV.mul( .2 ) ), 10, - 10 ); // right bottom
	scene.add( new THREE.AmbientLight( 0xffffff, 1 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 1, 2 );
	scene.add( sun );
	const camera = new THREE.PerspectiveCamera( 27, W / H, 1, 1000 );
	camera.position.z = 100;
	return { scene, camera, width: W, height: H };

}
