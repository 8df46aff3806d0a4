// A CubeTexture of six 2×2 RGBA8 faces (cubeBytes(), nearest, no mips, linear data) read by
// cubeTexture( cube, normalWorld ) on a MeshBasic sphere and by cubeTexture( cube ) (its default
// direction, reflectVector) on another; below them a plane reads a 3-layer 2×2 DataArrayTexture
// (arrayBytes(), nearest) with texture( layers, uv() ).depth( uv().x · 3 ). cube_bytes and
// array_bytes in tests/three_cases/scenes_cube.rs must stay the same.
import { W, H } from './_common.mjs';

export function cubeBytes() {

	const out = [];
	for ( let f = 0; f < 6; f ++ ) {

		for ( let y = 0; y < 2; y ++ ) {

			for ( let x = 0; x < 2; x ++ ) {

				out.push( ( f * 40 + x * 120 + 20 ) % 256, ( f * 73 + y * 130 + 10 ) % 256, ( f * 29 + ( x + y ) * 60 + 90 ) % 256, 255 );

			}

		}

	}

	return out;

}

export function arrayBytes() {

	const out = [];
	for ( let l = 0; l < 3; l ++ ) {

		for ( let y = 0; y < 2; y ++ ) {

			for ( let x = 0; x < 2; x ++ ) {

				out.push( ( l * 90 + x * 100 + 30 ) % 256, ( l * 50 + y * 150 + 40 ) % 256, ( 220 - l * 70 ) % 256, 255 );

			}

		}

	}

	return out;

}

export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0.3, 0.6, 4.0 );
	camera.lookAt( 0, 0, 0 );

	const bytes = cubeBytes();
	const faces = [];
	for ( let f = 0; f < 6; f ++ ) {

		faces.push( { data: new Uint8Array( bytes.slice( f * 16, f * 16 + 16 ) ), width: 2, height: 2 } );

	}

	const cube = new THREE.CubeTexture( faces );
	cube.format = THREE.RGBAFormat;
	cube.type = THREE.UnsignedByteType;
	cube.magFilter = THREE.NearestFilter;
	cube.minFilter = THREE.NearestFilter;
	cube.generateMipmaps = false;
	cube.needsUpdate = true;

	const left = new THREE.MeshBasicNodeMaterial();
	left.colorNode = TSL.cubeTexture( cube, TSL.normalWorld );
	const a = new THREE.Mesh( new THREE.SphereGeometry( 0.75, 48, 24 ), left );
	a.position.set( - 0.85, 0.35, 0 );
	a.rotation.set( 0.3, 0.5, 0 );
	scene.add( a );

	const right = new THREE.MeshBasicNodeMaterial();
	right.colorNode = TSL.cubeTexture( cube );
	const b = new THREE.Mesh( new THREE.SphereGeometry( 0.75, 48, 24 ), right );
	b.position.set( 0.85, 0.35, 0 );
	scene.add( b );

	const layers = new THREE.DataArrayTexture( new Uint8Array( arrayBytes() ), 2, 2, 3 );
	layers.format = THREE.RGBAFormat;
	layers.type = THREE.UnsignedByteType;
	layers.magFilter = THREE.NearestFilter;
	layers.minFilter = THREE.NearestFilter;
	layers.needsUpdate = true;

	const strip = new THREE.MeshBasicNodeMaterial();
	strip.colorNode = TSL.texture( layers, TSL.uv() ).depth( TSL.uv().x.mul( 3 ) );
	const c = new THREE.Mesh( new THREE.PlaneGeometry( 2.6, 0.6 ), strip );
	c.position.set( 0, - 0.95, 0 );
	scene.add( c );
	return { scene, camera, width: W, height: H };

}
