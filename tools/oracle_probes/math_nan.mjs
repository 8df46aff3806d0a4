// min / max / clamp with a NaN operand and a degenerate smoothstep(e, e, x), as three.js r187's
// TSL computes them on a GPU. The NaNs come from the input texture (exact bits), so no compiler
// can fold them. Each row's GLSL is also logged (and left to run) so that run_llvmpipe.py can run
// the same shaders on Mesa llvmpipe: both GPUs' answers are the fixture
// (tsl-core/tests/fixtures/math_nan.json, tsl-core/tests/math_nan.rs).
const N = NaN;

export const INPUTS = [
	// min / max: NaN first, second, both, beside signed values and zeros
	[ N, 1, 0, 0 ], [ 1, N, 0, 0 ], [ N, N, 0, 0 ], [ - 2, N, 0, 0 ], [ N, - 2, 0, 0 ],
	[ 0, N, 0, 0 ], [ N, 0, 0, 0 ], [ 3, 4, 0, 0 ], [ 4, 3, 0, 0 ],
	// clamp(x, lo, hi) with a NaN in each place
	[ N, 0, 1, 0 ], [ 0.5, N, 1, 0 ], [ 0.5, 0, N, 0 ], [ 2, 0, N, 0 ], [ - 1, N, 1, 0 ],
	// smoothstep(x, x, y): below, at and above the edge
	[ 0.5, 0.4, 0, 0 ], [ 0.5, 0.5, 0, 0 ], [ 0.5, 0.6, 0, 0 ], [ 0, 0, 0, 0 ], [ - 1, 2, 0, 0 ],
	[ 1, 1, 0, 0 ], [ - 3, - 3, 0, 0 ],
];

export const UNIFORMS = { min_xy: [], max_xy: [], clamp_xyz: [], smoothstep_xxy: [], smoothstep_xyz: [] };

function captureProbeShaders( inputs ) {

	const proto = WebGL2RenderingContext.prototype;
	if ( proto.shaderSource.__nanCapture ) return;
	const hex = ( v ) => { const d = new DataView( new ArrayBuffer( 4 ) ); d.setFloat32( 0, v ); return d.getUint32( 0 ).toString( 16 ).padStart( 8, '0' ); };
	console.log( 'PROBE-INPUTS ' + inputs.map( ( p ) => p.map( hex ).join( ' ' ) ).join( ',' ) );
	console.log( 'PROBE-UNIFORMS ' + JSON.stringify( UNIFORMS ) );
	const orig = proto.shaderSource;
	const hook = function ( shader, src ) {

		if ( src.includes( 'probeInput' ) && src.includes( 'fragColor' ) && ! src.includes( 'fragColor = probeInput;' ) ) {

			console.log( 'GLSL-FRAGMENT\n' + src );

		}

		return orig.call( this, shader, src );

	};

	hook.__nanCapture = true;
	proto.shaderSource = hook;

}

export default ( { TSL } ) => {

	if ( typeof WebGL2RenderingContext !== 'undefined' ) captureProbeShaders( INPUTS );
	const { min, max, clamp, smoothstep } = TSL;
	const rows = [
		[ 'min_xy', 'float', ( { input } ) => min( input.x, input.y ) ],
		[ 'max_xy', 'float', ( { input } ) => max( input.x, input.y ) ],
		[ 'clamp_xyz', 'float', ( { input } ) => clamp( input.x, input.y, input.z ) ],
		[ 'smoothstep_xxy', 'float', ( { input } ) => smoothstep( input.x, input.x, input.y ) ],
		[ 'smoothstep_xyz', 'float', ( { input } ) => smoothstep( input.x, input.y, input.z ) ],
	];
	const exprs = {};
	for ( const [ name, type, fn ] of rows ) exprs[ name ] = { type, fn };
	return { inputs: INPUTS, exprs };

};
