// three.js's colour-adjustment functions as examples/tsl_display_functions.rs draws them: a
// contact sheet of nine 1 × 1 tiles under an orthographic camera (3 × 3 units), each a
// MeshBasicNodeMaterial whose colorNode is one function of the photo (the 16 × 16 sRGB picture of
// _photo.mjs): the photo, grayscale, saturation 1.8, vibrance 0.8, hue 2, posterize 4, sepia,
// bleach, cdl. The functions are three's own (three/tsl and the display add-ons).
import { photoTexture } from './_photo.mjs';
import { sepia } from 'three/addons/tsl/display/Sepia.js';
import { bleach } from 'three/addons/tsl/display/BleachBypass.js';
export const W = 96;
export const H = 96;
export default function ( { THREE, TSL } ) {

	const { texture, vec3, vec4, grayscale, saturation, vibrance, hue, posterize, cdl } = TSL;
	const map = photoTexture( THREE, THREE.SRGBColorSpace );
	const photo = texture( map ).rgb;
	const tiles = [
		photo,
		grayscale( photo ),
		saturation( photo, 1.8 ),
		vibrance( photo, 0.8 ),
		hue( photo, 2 ),
		posterize( photo, 4 ),
		sepia( vec4( photo, 1 ) ).rgb,
		bleach( vec4( photo, 1 ) ).rgb,
		cdl( vec4( photo, 1 ), vec3( 1.2, 1, 0.9 ), vec3( 0.02, 0, 0 ), vec3( 1.1, 1, 0.9 ), 1.2 ).rgb
	];
	const scene = new THREE.Scene();
	const plane = new THREE.PlaneGeometry( 1, 1 );
	tiles.forEach( ( colorNode, i ) => {

		const material = new THREE.MeshBasicNodeMaterial();
		material.colorNode = colorNode;
		const tile = new THREE.Mesh( plane, material );
		tile.position.set( ( i % 3 ) - 1, 1 - Math.floor( i / 3 ), 0 );
		scene.add( tile );

	} );
	const camera = new THREE.OrthographicCamera( - 1.5, 1.5, 1.5, - 1.5, 0.1, 10 );
	camera.position.set( 0, 0, 1 );
	return { scene, camera, width: W, height: H };

}
