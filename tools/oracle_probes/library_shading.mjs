// The BSDF terms, getDistanceAttenuation and the post-processing helpers of three r187, called as
// TSL users call them. Inputs: x, y, z, w in [0, 1] (cosines, roughnesses, colours), with the
// edges 0 and 1; rows that need other ranges scale them in the row (exact in float32: * 4, + 1).
// tsl-core/tests/library_shading.rs builds the same graphs with our builder.
import { mulberry32, probe } from './inputs.mjs';


export function unitInputs() {

	const rnd = mulberry32( 0x5ade );
	const pts = [ [ 0, 0, 0, 0 ], [ 1, 1, 1, 1 ], [ 0.5, 0.5, 0.5, 0.5 ], [ 1, 0, 1, 0 ], [ 0, 1, 0, 1 ],
		[ 0.25, 0.75, 0.125, 0.875 ], [ 0.04, 0.9, 0.3, 0.6 ] ];
	for ( let i = 0; i < 57; i ++ ) pts.push( [ rnd(), rnd(), rnd(), rnd() ] );
	return pts.map( ( p ) => p.map( Math.fround ) );

}

export default ( { TSL, THREE } ) => {

	const { F_Schlick, Schlick_to_F0, D_GGX, V_GGX_SmithCorrelated, BRDF_Lambert, D_GGX_Anisotropic,
		V_GGX_SmithCorrelated_Anisotropic, getDistanceAttenuation, getScreenPosition,
		getScreenPositionFromClip, getViewPosition, vogelDiskSample, BRDF_EON, EON_DirectionalAlbedo,
		getShIrradianceAt, BRDF_GGX, LTC_Uv, LTC_Evaluate, LTC_Evaluate_Volume, uniformArray, normalize, vec3, vec4, float, int, uniform } = TSL;
	// A perspective projection (fov 50°, aspect 1.5, near 0.5, far 40, three's makePerspective)
	// and its inverse, rounded to these decimals, as uniforms; the test uses the same decimals.
	// (THREE is absent when to_fixture.mjs reads the inputs.)
	const mat = ( ...rowMajor ) => THREE && uniform( new THREE.Matrix4().set( ...rowMajor ) );
	const proj = mat( 1.42967128, 0, 0, 0, 0, 2.14450692, 0, 0, 0, 0, - 1.02531646, - 1.01265823, 0, 0, - 1, 0 );
	const projInv = mat( 0.699461487, 0, 0, 0, 0, 0.466307658, 0, 0, 0, 0, 0, - 1, 0, 0, - 0.9875, 1.0125 );
	// Nine spherical-harmonic coefficients (vec3), as three passes them: a uniform array.
	const SH = [ [ 0.8, 0.7, 0.6 ], [ 0.1, - 0.2, 0.05 ], [ - 0.3, 0.2, 0.1 ], [ 0.05, 0.1, - 0.15 ],
		[ 0.02, - 0.04, 0.06 ], [ - 0.07, 0.03, 0.01 ], [ 0.09, 0.08, - 0.05 ], [ 0.04, - 0.06, 0.02 ], [ - 0.01, 0.05, 0.03 ] ];
	const sh = THREE && uniformArray( SH.map( ( v ) => new THREE.Vector3( ...v ) ), 'vec3' );
	// Camera-space directions from the inputs (the test builds the same nodes).
	const light = ( x, y ) => normalize( vec3( x.sub( 0.5 ), y.sub( 0.5 ), 1 ) );
	const normal = () => normalize( vec3( 0.2, - 0.1, 1 ) );
	// An LTC matrix (row-major, as Matrix3.set) and a quad light at z = 2 facing -z; the point
	// P = (x - 0.5, y - 0.5, 4w - 1) is behind the light where its z passes 2.
	const mInv = THREE && uniform( new THREE.Matrix3().set( 1, 0, 0.1, 0, 0.8, 0, 0.2, 0, 1.2 ) );
	const quad = { p0: vec3( - 1, - 1, 2 ), p1: vec3( - 1, 1, 2 ), p2: vec3( 1, 1, 2 ), p3: vec3( 1, - 1, 2 ) };
	const point = ( x, y, w ) => vec3( x.sub( 0.5 ), y.sub( 0.5 ), w.mul( 4 ).sub( 1 ) );
	return probe( unitInputs(), [
		[ 'f_schlick_vec3', 'vec3', ( { x, y, z, w } ) => F_Schlick( { f0: vec3( x, y, z ), f90: float( 1 ), dotVH: w } ) ],
		[ 'f_schlick_float', 'float', ( { x, y, w } ) => F_Schlick( { f0: x, f90: y, dotVH: w } ) ],
		[ 'schlick_to_f0', 'vec3', ( { x, y, z, w } ) => Schlick_to_F0( { f: vec3( x, y, z ), f90: w, dotVH: y } ) ],
		[ 'd_ggx', 'float', ( { x, y } ) => D_GGX( { alpha: x, dotNH: y } ) ],
		[ 'v_ggx_smith_correlated', 'float', ( { x, y, z } ) => V_GGX_SmithCorrelated( { alpha: x, dotNL: y, dotNV: z } ) ],
		[ 'brdf_lambert', 'vec3', ( { x, y, z } ) => BRDF_Lambert( { diffuseColor: vec3( x, y, z ) } ) ],
		[ 'd_ggx_anisotropic', 'float', ( { x, y, z, w } ) => D_GGX_Anisotropic( { alphaT: x, alphaB: y, dotNH: z, dotTH: w, dotBH: x.mul( y ) } ) ],
		[ 'v_ggx_smith_correlated_anisotropic', 'float', ( { x, y, z, w } ) => V_GGX_SmithCorrelated_Anisotropic( {
			alphaT: x, alphaB: y, dotTV: z, dotBV: w, dotTL: w, dotBL: z, dotNV: x, dotNL: y } ) ],
		[ 'get_distance_attenuation', 'float', ( { x, y, z } ) => getDistanceAttenuation( {
			lightDistance: x.mul( 4 ), cutoffDistance: y.mul( 4 ).sub( 1 ), decayExponent: z.mul( 4 ) } ) ],
		[ 'get_screen_position', 'vec2', ( { x, y, z } ) => getScreenPosition( vec3( x.sub( 0.5 ), y.sub( 0.5 ), z.mul( 4 ).add( 1 ).negate() ), proj ) ],
		[ 'get_screen_position_from_clip', 'vec2', ( { x, y, z, w } ) => getScreenPositionFromClip( vec4( x, y, z, w.add( 1 ) ) ) ],
		[ 'get_view_position', 'vec3', ( { x, y, z } ) => getViewPosition( vec3( x, y, 0 ).xy, z, projInv ) ],
		[ 'brdf_eon', 'vec3', ( { x, y, z, w } ) => BRDF_EON( { lightDirection: light( x, y ), diffuseColor: vec3( x, y, z ),
			roughness: w, normalView: normal(), viewDirection: light( z, w ) } ) ],
		[ 'eon_directional_albedo', 'vec3', ( { x, y, z, w } ) => EON_DirectionalAlbedo( { diffuseColor: vec3( x, y, z ), roughness: w, dotNV: y.mul( 2 ).sub( 0.5 ) } ) ],
		[ 'get_sh_irradiance_at', 'vec3', ( { x, y } ) => getShIrradianceAt( light( x, y ), sh ) ],
		[ 'brdf_ggx', 'vec3', ( { x, y, z, w } ) => BRDF_GGX( { lightDirection: light( x, y ), f0: vec3( x, y, z ), f90: float( 1 ),
			roughness: w, normalView: normal(), viewDirection: light( z, w ) } ) ],
		[ 'ltc_uv', 'vec2', ( { x, y, z } ) => LTC_Uv( { N: normal(), V: light( x, y ), roughness: z } ) ],
		[ 'ltc_evaluate', 'vec3', ( { x, y, z, w } ) => LTC_Evaluate( { N: normal(), V: light( z, w ), P: point( x, y, w ), mInv, ...quad } ) ],
		[ 'ltc_evaluate_volume', 'vec3', ( { x, y, w } ) => LTC_Evaluate_Volume( { P: point( x, y, w ), ...quad } ) ],
		[ 'vogel_disk_sample', 'vec2', ( { x, y, z } ) => vogelDiskSample( int( x.mul( 16 ) ), int( y.mul( 16 ).add( 16 ) ), z.mul( 4 ) ) ],
	] );

};
