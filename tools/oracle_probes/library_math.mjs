// three.js r187's pure-math TSL functions (math/MathNode.js extras, MathUtils.js, Remap.js,
// Oscillators.js, RotateNode.js, UVUtils.js, EquirectUV.js, SpriteSheetUV.js, Checker.js,
// Shapes.js, TriNoise3D.js, Packing.js), for tsl-core/tests/library_math.rs.
//
// Each point's components have their own range, so that each row reads the component whose range
// fits it: x in [0, 1] (curve inputs, uv), y in [-3, 3] (angles, signed values), z in [0.5, 4]
// (exponents, strengths), w in [-1, 1] (directions, atanh). Rows only add, multiply by and
// compare with exact constants around the function under test, so the test builds the same
// arguments bit for bit.
import { mulberry32, probe } from './inputs.mjs';


export function libraryInputs() {

	const rnd = mulberry32( 0x11b3 );
	const f = Math.fround;
	const uni = ( lo, hi ) => f( lo + ( hi - lo ) * rnd() );
	const pts = [ [ 0, 0, 1, 0 ], [ 0.5, 1, 1, 0.5 ], [ 1, - 1, 2, - 0.5 ], [ 0.25, 2.5, 3, 0.75 ],
		[ 0.75, - 2.5, 0.5, - 0.75 ], [ 0.125, 0.5, 4, 0.25 ] ];
	for ( let i = 0; i < 42; i ++ ) pts.push( [ uni( 0, 1 ), uni( - 3, 3 ), uni( 0.5, 4 ), uni( - 1, 1 ) ] );
	return pts.map( ( p ) => p.map( f ) );

}

// getShIrradianceAt's nine coefficients (a uniform array in three.js; constants in the test).
export const SH = [ [ 0.5, 0.25, 0.125 ], [ - 0.25, 0.5, 0.75 ], [ 1, - 0.5, 0.25 ], [ 0.125, 0.375, - 1 ],
	[ 2, 0.5, - 0.25 ], [ - 0.75, 1.5, 0.5 ], [ 0.25, - 1.25, 1 ], [ 1.5, 0.75, - 0.5 ], [ - 0.5, 0.25, 2 ] ];

export default ( { TSL, THREE } ) => {

	const T = TSL;
	const { vec2, vec3, vec4, mat3, mat4, float, select } = T;
	const flag = ( b ) => select( b, float( 1 ), float( 0 ) );
	// The matrices: the point's components in orders that make them asymmetric (so that a transpose
	// shows), plus 2 on the diagonal.
	const m3 = ( input ) => mat3( input.xyz.add( vec3( 2, 0, 0 ) ), input.yzw.add( vec3( 0, 2, 0 ) ), input.wxy.add( vec3( 0, 0, 2 ) ) );
	const m4 = ( input ) => mat4( input.add( vec4( 2, 0, 0, 0 ) ), input.zxwy.add( vec4( 0, 2, 0, 0 ) ), input.wyxz.add( vec4( 0, 0, 2, 0 ) ), input.yzwx.add( vec4( 0, 0, 0, 2 ) ) );
	const e3 = [ vec3( 1, 0, 0 ), vec3( 0, 1, 0 ), vec3( 0, 0, 1 ) ];
	const e4 = [ vec4( 1, 0, 0, 0 ), vec4( 0, 1, 0, 0 ), vec4( 0, 0, 1, 0 ), vec4( 0, 0, 0, 1 ) ];
	const rows = [
		[ 'constants', 'vec4', () => vec4( T.PI, T.TWO_PI, T.HALF_PI, T.EPSILON ) ],
		[ 'infinity', 'float', () => T.INFINITY ],
		[ 'cbrt', 'vec4', ( { input } ) => T.cbrt( input ) ],
		[ 'length_sq', 'float', ( { input } ) => T.lengthSq( input ) ],
		[ 'length_sq_vec2', 'float', ( { input } ) => input.yw.lengthSq() ],
		[ 'difference', 'vec2', ( { input } ) => T.difference( input.xy, input.zw ) ],
		[ 'pow2', 'vec4', ( { input } ) => T.pow2( input ) ],
		[ 'pow3', 'vec4', ( { input } ) => T.pow3( input ) ],
		[ 'pow4', 'vec4', ( { input } ) => input.pow4() ],
		[ 'sinh', 'vec4', ( { input } ) => T.sinh( input ) ],
		[ 'cosh', 'vec4', ( { input } ) => T.cosh( input ) ],
		[ 'tanh', 'vec4', ( { input } ) => T.tanh( input ) ],
		[ 'asinh', 'vec4', ( { input } ) => T.asinh( input ) ],
		[ 'acosh', 'float', ( { input } ) => T.acosh( input.z.add( 1 ) ) ],
		[ 'atanh', 'float', ( { input } ) => T.atanh( input.w ) ],
		[ 'all', 'float', ( { input } ) => flag( T.all( T.greaterThan( input.xw, vec2( 0.25 ) ) ) ) ],
		[ 'any', 'float', ( { input } ) => flag( T.any( T.greaterThan( input.xw, vec2( 0.25 ) ) ) ) ],
		[ 'determinant3', 'float', ( { input } ) => T.determinant( m3( input ) ) ],
		[ 'determinant4', 'float', ( { input } ) => T.determinant( m4( input ) ) ],
		...e3.map( ( e, i ) => [ `transpose3_c${ i }`, 'vec3', ( { input } ) => T.transpose( m3( input ) ).mul( e ) ] ),
		...e4.map( ( e, i ) => [ `transpose4_c${ i }`, 'vec4', ( { input } ) => T.transpose( m4( input ) ).mul( e ) ] ),
		...e3.map( ( e, i ) => [ `inverse3_c${ i }`, 'vec3', ( { input } ) => T.inverse( m3( input ) ).mul( e ) ] ),
		...e4.map( ( e, i ) => [ `inverse4_c${ i }`, 'vec4', ( { input } ) => T.inverse( m4( input ) ).mul( e ) ] ),
		[ 'parabola', 'float', ( { input } ) => T.parabola( input.x, input.z ) ],
		[ 'gain', 'float', ( { input } ) => T.gain( input.x, input.z ) ],
		[ 'pcurve', 'float', ( { input } ) => T.pcurve( input.x, input.z, input.w.add( 2 ) ) ],
		[ 'sinc', 'float', ( { input } ) => T.sinc( input.y, input.z ) ],
		[ 'remap_clamp', 'float', ( { input } ) => T.remapClamp( input.y, input.w, input.z, input.x, input.z ) ],
		[ 'remap_clamp_default', 'vec2', ( { input } ) => input.yw.remapClamp( - 1, 2 ) ],
		[ 'rand', 'float', ( { input } ) => T.rand( input.xy ) ],
		[ 'rand_wide', 'float', ( { input } ) => T.rand( input.yz.mul( 100 ) ) ],
		[ 'osc_sine', 'float', ( { input } ) => T.oscSine( input.y ) ],
		[ 'osc_square', 'float', ( { input } ) => T.oscSquare( input.y ) ],
		[ 'osc_triangle', 'float', ( { input } ) => T.oscTriangle( input.y ) ],
		[ 'osc_sawtooth', 'float', ( { input } ) => T.oscSawtooth( input.y ) ],
		[ 'rotate2', 'vec2', ( { input } ) => T.rotate( input.xw, input.y ) ],
		[ 'rotate3', 'vec3', ( { input } ) => T.rotate( input.xzw, input.ywz ) ],
		[ 'rotate3_zyx', 'vec3', ( { input } ) => T.rotate( input.xzw, input.ywz, 'ZYX' ) ],
		[ 'rotate_uv', 'vec2', ( { input } ) => T.rotateUV( input.xw, input.y, input.wx ) ],
		[ 'rotate_uv_default', 'vec2', ( { input } ) => T.rotateUV( input.xw, input.y ) ],
		[ 'spherize_uv', 'vec2', ( { input } ) => T.spherizeUV( input.xw, input.z, input.wx ) ],
		[ 'spherize_uv_default', 'vec2', ( { input } ) => T.spherizeUV( input.xw, input.z ) ],
		[ 'equirect_uv', 'vec2', ( { input } ) => T.equirectUV( input.ywz ) ],
		[ 'equirect_direction', 'vec3', ( { input } ) => T.equirectDirection( input.xw ) ],
		[ 'spritesheet_uv', 'vec2', ( { input } ) => T.spritesheetUV( vec2( 4, 3 ), input.xw, input.y.mul( 4 ) ) ],
		[ 'checker', 'float', ( { input } ) => T.checker( input.yz ) ],
		[ 'shape_circle', 'float', ( { input } ) => T.shapeCircle( input.xw ) ],
		[ 'tri_noise_3d', 'float', ( { input } ) => T.triNoise3D( input.yzw, input.z, input.y ) ],
		[ 'pack_normal_to_rgb', 'vec3', ( { input } ) => T.packNormalToRGB( input.yzw ) ],
		[ 'unpack_rgb_to_normal', 'vec3', ( { input } ) => T.unpackRGBToNormal( input.xzw ) ],
		[ 'unpack_normal', 'vec3', ( { input } ) => T.unpackNormal( input.xw ) ],
		[ 'transform_normal_by_view_matrix', 'vec3', ( { input } ) => T.transformNormalByViewMatrix( input.yzw, m4( input ) ) ],
		[ 'transform_normal_by_inverse_view_matrix', 'vec3', ( { input } ) => input.yzw.transformNormalByInverseViewMatrix( m4( input ) ) ],
		[ 'sh_irradiance_at', 'vec3', ( { input } ) => T.getShIrradianceAt( input.ywx, T.uniformArray( SH.map( ( c ) => new THREE.Vector3( ...c ) ), 'vec3' ) ) ],
	];
	return probe( libraryInputs(), rows );

};
