// TSL's one-argument constructors (vec4(v3), vec3(v2), vec3(x), vec3(v4), float(v3)) and the
// chains whose receiver three.js moves (t.mix(a, b), x.smoothstep(lo, hi), x.step(edge)), for
// tsl-core/tests/chains.rs.
import { probe } from './inputs.mjs';

export default ( { TSL } ) => {

	const { vec2, vec3, vec4, float } = TSL;
	const inputs = [
		[ 0.25, - 1.5, 3.0, 0.75 ],
		[ - 2.0, 0.5, 0.125, - 4.0 ],
		[ 0.6, 0.2, 0.8, 1.0 ],
		[ 1.0, 0.0, 2.0, - 0.5 ],
	];
	return probe( inputs, [
		[ 'vec4_of_vec3', 'vec4', ( { input } ) => vec4( input.xyz ) ],
		[ 'vec4_of_vec2', 'vec4', ( { input } ) => vec4( input.xy ) ],
		[ 'vec3_of_vec2', 'vec3', ( { input } ) => vec3( input.xy ) ],
		[ 'vec3_of_float', 'vec3', ( { input } ) => vec3( input.x ) ],
		[ 'vec3_of_vec4', 'vec3', ( { input } ) => vec3( input ) ],
		[ 'vec2_of_vec4', 'vec2', ( { input } ) => vec2( input ) ],
		[ 'float_of_vec3', 'float', ( { input } ) => float( input.xyz ) ],
		[ 'to_vec4_of_vec3', 'vec4', ( { input } ) => input.xyz.toVec4() ],
		[ 'mix_chain', 'float', ( { input } ) => input.x.mix( input.y, input.z ) ],
		[ 'smoothstep_chain', 'float', ( { input } ) => input.x.smoothstep( - 1.0, 1.0 ) ],
		[ 'step_chain', 'float', ( { input } ) => input.x.step( input.w ) ],
		[ 'clamp_chain', 'float', ( { input } ) => input.x.clamp( input.y.min( input.w ), input.y.max( input.w ) ) ],
		[ 'remap_chain', 'float', ( { input } ) => input.x.remap( input.y, input.z, 10.0, 20.0 ) ],
		[ 'select_chain', 'float', ( { input } ) => input.x.greaterThan( input.y ).select( input.z, input.w ) ],
	] );

};
