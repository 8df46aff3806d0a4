// mx_fractal_noise_vec3 / _vec4, parameters as uniforms.
//
// SwiftShader does not finish compiling these two shaders (the probe hangs for minutes until the
// WebGL context is lost, with literal or uniform parameters alike), so this probe only captures
// the GLSL three.js r187 generates: a hook on gl.shaderSource logs each probe fragment shader
// (the console is kept in the result JSON) and hands WebGL a stub that writes 0 instead; the
// inputs' exact bits are logged too (the JSON writes -0 as 0). run_llvmpipe.py then runs the
// captured GLSL on Mesa llvmpipe with the same inputs and uniform values (UNIFORMS, in the order
// the rows create them) and writes the values into a result JSON for to_fixture.mjs.
// The _ctl rows repeat rows of noise_fractal.mjs, which SwiftShader did compute, as a control.
import { noiseInputs, probe } from './inputs.mjs';

export const UNIFORMS = {
	fractal_vec3: [ 4, 2.5, 0.4, 1.1 ],
	fractal_vec4: [ 3, 2, 0.5, 1 ],
	fractal_vec2_ctl: [ 3, 2, 0.5, 0.9 ],
	fractal_float_3d_p_ctl: [ 5, 2.1, 0.6, 1.3 ],
};

function captureProbeShaders( inputs ) {

	const proto = WebGL2RenderingContext.prototype;
	if ( proto.shaderSource.__noiseCapture ) return;
	const hex = ( v ) => { const d = new DataView( new ArrayBuffer( 4 ) ); d.setFloat32( 0, v ); return d.getUint32( 0 ).toString( 16 ).padStart( 8, '0' ); };
	console.log( 'PROBE-INPUTS ' + inputs.map( ( p ) => [ ...p, 0, 0, 0, 0 ].slice( 0, 4 ).map( hex ).join( ' ' ) ).join( ',' ) );
	console.log( 'PROBE-UNIFORMS ' + JSON.stringify( UNIFORMS ) );
	const orig = proto.shaderSource;
	const hook = function ( shader, src ) {

		if ( src.includes( 'probeInput' ) && src.includes( 'fragColor' ) && ! src.includes( 'fragColor = probeInput;' ) ) {

			console.log( 'GLSL-FRAGMENT\n' + src );
			const i = src.lastIndexOf( 'fragColor =' );
			src = src.slice( 0, i ) + 'fragColor = vec4( 0.0 );\n\n}\n';

		}

		return orig.call( this, shader, src );

	};

	hook.__noiseCapture = true;
	proto.shaderSource = hook;

}

export default ( { TSL } ) => {

	const inputs = noiseInputs( { maxAbs: 1e6 } );
	if ( typeof WebGL2RenderingContext !== 'undefined' ) captureProbeShaders( inputs );
	const { mx_fractal_noise_float, mx_fractal_noise_vec2, mx_fractal_noise_vec3, mx_fractal_noise_vec4 } = TSL;
	const u = ( name ) => UNIFORMS[ name ].map( ( v ) => TSL.uniform( v ) );
	return probe( inputs, [
		[ 'fractal_vec3', 'vec3', ( { input } ) => mx_fractal_noise_vec3( input.xyz, ...u( 'fractal_vec3' ) ) ],
		[ 'fractal_vec4', 'vec4', ( { input } ) => mx_fractal_noise_vec4( input.xyz, ...u( 'fractal_vec4' ) ) ],
		[ 'fractal_vec2_ctl', 'vec2', ( { input } ) => mx_fractal_noise_vec2( input.xyz, ...u( 'fractal_vec2_ctl' ) ) ],
		[ 'fractal_float_3d_p_ctl', 'float', ( { input } ) => mx_fractal_noise_float( input.xyz, ...u( 'fractal_float_3d_p_ctl' ) ) ],
	] );

};
