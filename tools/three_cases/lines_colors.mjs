// 1-pixel lines: a Line (a wave strip, colorNode mixing two colours by positionWorld.x), a
// LineSegments with vertexColors (spokes, each from a warm to a cool end), and an indexed Line
// closed on itself (a pentagon, index 0 1 2 3 4 0, whose colorNode is a constant colour: three
// r187's WebGPURenderer refuses a LineLoop), under a perspective camera.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101820 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0.2, 0.9, 3.4 );
	camera.lookAt( 0, 0, 0 );
	const wave = [];
	for ( let k = 0; k <= 40; k ++ ) wave.push( - 1.6 + 0.08 * k, 0.9 + 0.25 * Math.sin( k * 0.45 ), - 0.3 * Math.cos( k * 0.2 ) );
	const wg = new THREE.BufferGeometry();
	wg.setAttribute( 'position', new THREE.Float32BufferAttribute( wave, 3 ) );
	const wm = new THREE.LineBasicNodeMaterial();
	wm.colorNode = TSL.mix( TSL.color( 0xffd040 ), TSL.color( 0xff3080 ), TSL.positionWorld.x.add( 1.6 ).div( 3.2 ) );
	scene.add( new THREE.Line( wg, wm ) );
	const spokes = [];
	const colors = [];
	for ( let k = 0; k < 11; k ++ ) {

		const a = k / 11 * Math.PI * 2 + 0.1;
		spokes.push( 0.1 * Math.cos( a ), - 0.3 + 0.1 * Math.sin( a ), 0.3, 1.2 * Math.cos( a ), - 0.3 + 0.55 * Math.sin( a ), - 0.6 * Math.sin( a ) );
		colors.push( 1, 0.6, 0.2, 0.2, 0.5, 1 );

	}

	const sg = new THREE.BufferGeometry();
	sg.setAttribute( 'position', new THREE.Float32BufferAttribute( spokes, 3 ) );
	sg.setAttribute( 'color', new THREE.Float32BufferAttribute( colors, 3 ) );
	scene.add( new THREE.LineSegments( sg, new THREE.LineBasicNodeMaterial( { vertexColors: true } ) ) );
	const pentagon = [];
	for ( let k = 0; k < 5; k ++ ) {

		const a = k / 5 * Math.PI * 2 + 0.3;
		pentagon.push( 0.8 * Math.cos( a ), - 0.2, 0.8 * Math.sin( a ) );

	}

	const pg = new THREE.BufferGeometry();
	pg.setAttribute( 'position', new THREE.Float32BufferAttribute( pentagon, 3 ) );
	pg.setIndex( [ 0, 1, 2, 3, 4, 0 ] );
	const pm = new THREE.LineBasicNodeMaterial();
	pm.colorNode = TSL.color( 0x60ff90 );
	scene.add( new THREE.Line( pg, pm ) );
	return { scene, camera, width: W, height: H };

}
