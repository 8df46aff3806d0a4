// three r187's VolumeRenderShader1 (examples/jsm/shaders/VolumeShader.js) as webgl2_materials_
// texture3d draws it, on a 16×16×16 R8 Data3DTexture (linear filter): two boxes of the volume's
// size in texels, translated by half the size minus one half, on their back faces, scaled by 1/8
// and moved apart: maximum intensity (u_renderstyle 0) on the left, the isosurface at 0.8 on the
// right, both through a 256×1 colormap (a linear DataTexture, no mipmaps) over u_clim (0, 1). The
// classic WebGLRenderer writes the shader's colour as it is (the shader has no
// colorspace_fragment), so tests/three_cases/scenes_volume_shader.rs draws with a linear output.
import { W, H } from './_common.mjs';
import { VolumeRenderShader1 } from 'three/addons/shaders/VolumeShader.js';

export const backend = 'webgl-classic';

// The volume: a ball of falling intensity with a ripple of (x·7 + y·13 + z·5) mod 11 in it
// (volume_shader_bytes in tests/three_cases/scenes_volume_shader.rs, which must stay the same).
export function volumeBytes() {

	const out = [];
	for ( let z = 0; z < 16; z ++ ) for ( let y = 0; y < 16; y ++ ) for ( let x = 0; x < 16; x ++ ) {

		const s = ( 2 * x - 15 ) ** 2 + ( 2 * y - 15 ) ** 2 + ( 2 * z - 15 ) ** 2;
		out.push( Math.max( 0, Math.min( 255, 270 - Math.floor( s * 2 / 5 ) + ( x * 7 + y * 13 + z * 5 ) % 11 ) ) );

	}

	return out;

}

// The colormap's texel i: (i, i² / 256, 255 − i, 255).
export function colormapBytes() {

	const out = [];
	for ( let i = 0; i < 256; i ++ ) out.push( i, ( i * i ) >> 8, 255 - i, 255 );
	return out;

}

export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0.5, 1.2, 5 );
	camera.lookAt( 0, 0, 0 );

	const data = new THREE.Data3DTexture( new Uint8Array( volumeBytes() ), 16, 16, 16 );
	data.format = THREE.RedFormat;
	data.type = THREE.UnsignedByteType;
	data.minFilter = data.magFilter = THREE.LinearFilter;
	data.unpackAlignment = 1;
	data.needsUpdate = true;

	const cm = new THREE.DataTexture( new Uint8Array( colormapBytes() ), 256, 1, THREE.RGBAFormat );
	cm.minFilter = cm.magFilter = THREE.LinearFilter;
	cm.generateMipmaps = false;
	cm.needsUpdate = true;

	const geometry = new THREE.BoxGeometry( 16, 16, 16 );
	geometry.translate( 16 / 2 - 0.5, 16 / 2 - 0.5, 16 / 2 - 0.5 );
	for ( const [ style, x ] of [ [ 0, - 2.2 ], [ 1, 0.2 ] ] ) {

		const uniforms = THREE.UniformsUtils.clone( VolumeRenderShader1.uniforms );
		uniforms.u_data.value = data;
		uniforms.u_size.value.set( 16, 16, 16 );
		uniforms.u_clim.value.set( 0, 1 );
		uniforms.u_renderstyle.value = style;
		uniforms.u_renderthreshold.value = 0.8;
		uniforms.u_cmdata.value = cm;
		const material = new THREE.ShaderMaterial( {
			uniforms, vertexShader: VolumeRenderShader1.vertexShader,
			fragmentShader: VolumeRenderShader1.fragmentShader, side: THREE.BackSide,
		} );
		const mesh = new THREE.Mesh( geometry, material );
		mesh.scale.setScalar( 1 / 8 );
		mesh.position.set( x, - 1, - 0.5 );
		mesh.rotation.y = 0.3;
		scene.add( mesh );

	}

	return { scene, camera, width: W, height: H };

}
