// three.js's webgpu_materialx_noise.html as examples/tsl_materialx_noise.rs ports it: four
// MeshPhysicalNodeMaterial spheres (radius 8) coloured by MaterialX noises of
// customUV = normalWorld · 10 + time, seen from z = 100 by a 27° camera. time is 1.5 s, given as a
// uniform (the oracle cannot set three.js's clock). The page's HDR environment and moving point
// light become an ambient light (1) and a directional light (2, from (1, 1, 2)), as in the port.
// mx_fractal_noise_vec3( p ) is three.js's loop written out, as the port writes it (three.js's own
// function loses SwiftShader's WebGL context: see _materialx_noise_original.mjs): three octaves of
// result += amp · mx_perlin_noise_vec3( p ); amp *= 0.5; p *= 2, then · amplitude 1, where
// mx_noise_vec3( p ) = mx_perlin_noise_vec3( p ) · 1 + 0 is the same perlin noise.
// 256 × 256, not smaller: the noise of normalWorld · 10 has a period of about four pixels here, so a
// 1/64-pixel difference in where the GPU puts a vertex (its fixed-point sub-pixel snapping) changes
// some pixels by more than 3/255; at 128 × 128 (two pixels a period) 1.3% of the channel values
// differ by more than 3/255, as much as our own picture moved by 1/64 of a pixel does.
export const W = 256;
export const H = 256;
export const TIME = 1.5;
export default function ( { THREE, TSL } ) {

	const { vec3, float, normalWorld, uniform, mx_noise_vec3, mx_cell_noise_float, mx_worley_noise_vec3 } = TSL;
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
	const mx_fractal_noise_vec3 = ( p ) => {

		let result = vec3( 0 ), amp = float( 1 );
		for ( let i = 0; i < 3; i ++ ) {

			result = result.add( amp.mul( mx_noise_vec3( p ) ) );
			amp = amp.mul( .5 );
			p = p.mul( 2 );

		}

		return result.mul( 1 );

	};
	add( mx_fractal_noise_vec3( customUV.mul( .2 ) ), 10, - 10 ); // right bottom
	scene.add( new THREE.AmbientLight( 0xffffff, 1 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 1, 2 );
	scene.add( sun );
	const camera = new THREE.PerspectiveCamera( 27, W / H, 1, 1000 );
	camera.position.z = 100;
	return { scene, camera, width: W, height: H };

}
