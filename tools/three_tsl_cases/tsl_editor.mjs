// three.js's webgpu_tsl_editor.html as examples/tsl_editor.rs ports it: the editor's default
// sample ("Desaturate texture": texture( map ).rgb.saturation( 0 ) plus a uniform colour,
// vec4( .., .7 ) as the colorNode) on the page's NodeMaterial, 1 × 1 plane, 70° camera at
// z = .72, background 0x222222, outputColorSpace LinearSRGBColorSpace. The page's picture
// (uv_grid_opengl.jpg) is not in the repository: the 16 × 16 photo of _photo.mjs instead, with the
// loaded texture's colour space (NoColorSpace: bytes read as they are). three r187 has no
// `.saturation()` chain method (ColorAdjustment.js adds none), so the page's `saturation( myMap.rgb, 0 )`
// throws "saturation is not a function": the function form `saturation( myMap.rgb, 0 )` here.
import { photoTexture } from './_photo.mjs';
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { texture, uniform, vec4, saturation } = TSL;
	const samplerTexture = photoTexture( THREE, THREE.NoColorSpace );

	const myMap = texture( samplerTexture ).rgb.label( 'myTexture' );
	const myColor = uniform( new THREE.Color( 0x0066ff ) ).label( 'myColor' );
	const opacity = .7;
	const desaturatedMap = saturation( myMap.rgb, 0 );
	const finalColor = desaturatedMap.add( myColor );
	const output = vec4( finalColor, opacity );

	const material = new THREE.NodeMaterial();
	material.colorNode = output;
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x222222 );
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material ) );
	const camera = new THREE.PerspectiveCamera( 70, W / H, 0.1, 10 );
	camera.position.z = .72;
	camera.lookAt( 0, 0, 0 );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.outputColorSpace = THREE.LinearSRGBColorSpace;

		}
	};

}
