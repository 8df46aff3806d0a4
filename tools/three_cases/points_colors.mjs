// Points (three's WebGL2 backend draws each 1 pixel wide): a tilted 14×14 grid of points whose
// PointsNodeMaterial colorNode mixes two colours by positionWorld.x, and a ring of 60 points with
// vertexColors, under a perspective camera over a dark background.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101820 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0.3, 1.2, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const grid = [];
	for ( let i = 0; i < 14; i ++ ) for ( let j = 0; j < 14; j ++ ) grid.push( - 1.3 + 0.2 * i + 0.013 * j, 0, - 1.3 + 0.2 * j + 0.007 * i );
	const g = new THREE.BufferGeometry();
	g.setAttribute( 'position', new THREE.Float32BufferAttribute( grid, 3 ) );
	const m = new THREE.PointsNodeMaterial();
	m.colorNode = TSL.mix( TSL.color( 0xff8040 ), TSL.color( 0x40c0ff ), TSL.positionWorld.x.add( 1.3 ).div( 2.6 ) );
	scene.add( new THREE.Points( g, m ) );
	const ring = [];
	const colors = [];
	for ( let k = 0; k < 60; k ++ ) {

		const a = k / 60 * Math.PI * 2;
		ring.push( 0.9 * Math.cos( a ), 0.6 + 0.3 * Math.sin( 3 * a ), 0.9 * Math.sin( a ) );
		colors.push( 0.5 + 0.5 * Math.cos( a ), 0.5 + 0.5 * Math.sin( a ), k / 60 );

	}

	const rg = new THREE.BufferGeometry();
	rg.setAttribute( 'position', new THREE.Float32BufferAttribute( ring, 3 ) );
	rg.setAttribute( 'color', new THREE.Float32BufferAttribute( colors, 3 ) );
	scene.add( new THREE.Points( rg, new THREE.PointsNodeMaterial( { vertexColors: true } ) ) );
	return { scene, camera, width: W, height: H };

}
