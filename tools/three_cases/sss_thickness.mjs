// MeshSSSNodeMaterial: thicknessColorNode (a texture's red channel times a colour, a colour),
// the five other thickness nodes at their defaults and set, and with a clearcoat and sheen; four
// spheres lit from the front and by point lights behind them.
import { W, H } from './_common.mjs';
import { dataMap } from './_physical.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	const thickness = dataMap( THREE, ( x, y ) => [ 80 + 20 * x, 0, 0, 255 ] );
	const sss = ( params, nodes ) => {

		const m = new THREE.MeshSSSNodeMaterial( params );
		Object.assign( m, nodes );
		return m;

	};
	const materials = [
		sss( { color: 0xffc8b4, roughness: 0.5 }, {
			thicknessColorNode: TSL.vec3( 1, 0.4, 0.2 ).mul( TSL.texture( thickness, TSL.uv() ).r ),
			thicknessScaleNode: TSL.float( 16 ),
		} ),
		sss( { color: 0x8899aa, roughness: 0.4 }, { thicknessColorNode: TSL.color( 0x66ccff ) } ),
		sss( { color: 0x664444, roughness: 0.6 }, {
			thicknessColorNode: TSL.vec3( 0.9, 0.3, 0.3 ),
			thicknessDistortionNode: TSL.float( 0.4 ),
			thicknessAmbientNode: TSL.float( 0.3 ),
			thicknessAttenuationNode: TSL.float( 0.6 ),
			thicknessPowerNode: TSL.float( 4 ),
			thicknessScaleNode: TSL.float( 6 ),
		} ),
		sss( { color: 0x224422, roughness: 0.5, clearcoat: 1, clearcoatRoughness: 0.2, sheen: 0.5, sheenColor: 0xffffff, sheenRoughness: 0.5 }, {
			thicknessColorNode: TSL.vec3( 0.5, 1, 0.5 ),
		} ),
	];
	const geometry = new THREE.SphereGeometry( 0.75, 48, 24 );
	const places = [ [ - 0.95, 0.95 ], [ 0.95, 0.95 ], [ - 0.95, - 0.95 ], [ 0.95, - 0.95 ] ];
	materials.forEach( ( material, i ) => {

		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( places[ i ][ 0 ], places[ i ][ 1 ], 0 );
		scene.add( mesh );

	} );
	const sun = new THREE.DirectionalLight( 0xffffff, 1 );
	sun.position.set( - 1, 2, 2 );
	scene.add( sun );
	const back = new THREE.PointLight( 0xffeedd, 1.2 );
	back.position.set( 0.3, 0.2, - 1.5 );
	scene.add( back );
	const low = new THREE.PointLight( 0xddeeff, 0.8 );
	low.position.set( 1.2, - 1.3, - 1.2 );
	scene.add( low );
	scene.add( new THREE.HemisphereLight( 0x8899bb, 0x332211, 0.5 ) );
	return { scene, camera, width: W, height: H };

}
