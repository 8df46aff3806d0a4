// alphaMap and bumpMap on STANDARD: a bump-mapped floor (bumpScale 1.5) and sphere (bumpScale
// −0.8, the map repeated 2 × 1), and a transparent card whose alpha map's red and green differ
// (which channel three reads shows), with opacity 0.9, beside an alpha-tested one; under
// hemisphere and directional light.
import { W, H, dataTexture } from './_common.mjs';
export function heightBytes() {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) {

		const h = Math.round( 127.5 + 120 * Math.sin( x * 1.1 ) * Math.cos( y * 0.8 ) );
		out.push( h, 255 - h, 40, 255 );

	}

	return out;

}

export function alphaBytes() {

	const out = [];
	for ( let y = 0; y < 8; y ++ ) for ( let x = 0; x < 8; x ++ ) out.push( 30 * ( ( x + y ) % 8 ) + 20, 255 - 28 * x, 255 - 30 * y, 255 );
	return out;

}

export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x223344 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 1.4, 2.6 );
	camera.lookAt( 0, 0.2, 0 );
	const bumpMap = dataTexture( THREE, 8, 8, heightBytes(), { srgb: false, repeat: true } );
	const ballBump = dataTexture( THREE, 8, 8, heightBytes(), { srgb: false, repeat: true } );
	ballBump.repeat.set( 2, 1 );
	const alphaMap = dataTexture( THREE, 8, 8, alphaBytes(), { srgb: false, repeat: true } );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 3, 3 ), new THREE.MeshStandardNodeMaterial( { color: 0xbbbbbb, roughness: 0.5, bumpMap, bumpScale: 1.5 } ) );
	floor.rotation.x = - Math.PI / 2;
	scene.add( floor );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.45, 32, 16 ), new THREE.MeshStandardNodeMaterial( { color: 0xddaa77, roughness: 0.4, bumpMap: ballBump, bumpScale: - 0.8 } ) );
	ball.position.set( - 0.5, 0.45, 0 );
	scene.add( ball );
	const card = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 0.8 ), new THREE.MeshStandardNodeMaterial( { color: 0x66cc88, roughness: 0.6, alphaMap, opacity: 0.9, transparent: true, side: THREE.DoubleSide } ) );
	card.position.set( 0.55, 0.5, 0.2 );
	card.rotation.y = - 0.4;
	scene.add( card );
	const cut = new THREE.Mesh( new THREE.PlaneGeometry( 0.6, 0.6 ), new THREE.MeshStandardNodeMaterial( { color: 0xcc6644, roughness: 0.6, alphaMap, alphaTest: 0.5 } ) );
	cut.position.set( 0.3, 0.35, 0.8 );
	scene.add( cut );
	scene.add( new THREE.HemisphereLight( 0xddeeff, 0x332211, 1.2 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( - 1, 2, 1 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
