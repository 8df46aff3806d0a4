// The material maps on STANDARD: a tangent-space normal map (linear, bumps), an AO map (linear, red
// channel, intensity 0.8) and an emissive map (sRGB, emissive 0x332211), on a plane and a sphere,
// under hemisphere and directional light.
import { W, H, dataTexture } from './_common.mjs';
export function normalBytes() {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) {

		const nx = Math.sin( x * 0.9 ) * 0.5, ny = Math.cos( y * 1.3 ) * 0.4;
		const nz = Math.sqrt( Math.max( 0, 1 - nx * nx - ny * ny ) );
		out.push( Math.round( ( nx * 0.5 + 0.5 ) * 255 ), Math.round( ( ny * 0.5 + 0.5 ) * 255 ), Math.round( ( nz * 0.5 + 0.5 ) * 255 ), 255 );

	}

	return out;

}

export function aoBytes() {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) out.push( 255 - 25 * ( ( x + 2 * y ) % 8 ), 0, 0, 255 );
	return out;

}

export function emissiveBytes() {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) out.push( x * 32, 255 - y * 32, ( x * y ) % 2 * 255, 255 );
	return out;

}

export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 1.4, 2.6 );
	camera.lookAt( 0, 0.2, 0 );
	const normalMap = dataTexture( THREE, 8, 8, normalBytes(), { srgb: false, repeat: true } );
	const aoMap = dataTexture( THREE, 8, 8, aoBytes(), { srgb: false, repeat: true } );
	const emissiveMap = dataTexture( THREE, 8, 8, emissiveBytes(), { repeat: true } );
	const material = new THREE.MeshStandardNodeMaterial( { color: 0xbbbbbb, roughness: 0.55, normalMap, aoMap, aoMapIntensity: 0.8, emissive: 0x332211, emissiveMap } );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 3, 3 ), material );
	floor.rotation.x = - Math.PI / 2;
	scene.add( floor );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.5, 32, 16 ), material );
	ball.position.set( 0.2, 0.5, 0 );
	scene.add( ball );
	scene.add( new THREE.HemisphereLight( 0xddeeff, 0x332211, 1.2 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( - 1, 2, 1 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
