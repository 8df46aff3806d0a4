// The last TSL.js exports of issue 15 whose values a probe can feed (three r187):
// interleavedGradientNoise, transformNormal with a given matrix, split, mixElement,
// smoothstepElement, stepElement and projectionDepth. Inputs: library_shading.mjs's unit points.
// tsl-core/tests/gaps.rs builds the same graphs with both of our fronts.
import { unitInputs } from './library_shading.mjs';
import { probe } from './inputs.mjs';

export default ( { TSL, THREE } ) => {

	const { interleavedGradientNoise, transformNormal, split, mixElement, smoothstepElement, stepElement,
		projectionDepth, vec2, vec3, vec4, uniform } = TSL;
	// A model matrix with a rotation, a non-uniform scale and a translation (row-major, as
	// Matrix4.set; the test writes the same numbers as columns).
	const model = THREE && uniform( new THREE.Matrix4().set( 0, - 2, 0, 1, 0.5, 0, 0.25, 2, 0, 0, 3, - 1, 0, 0, 0, 1 ) );
	return probe( unitInputs(), [
		[ 'interleaved_gradient_noise', 'float', ( { x, y } ) => interleavedGradientNoise( vec2( x.mul( 64 ), y.mul( 64 ) ) ) ],
		[ 'transform_normal', 'vec3', ( { x, y, z } ) => transformNormal( vec3( x.sub( 0.5 ), y.sub( 0.5 ), z.add( 0.125 ) ), model ) ],
		[ 'split', 'vec3', ( { x, y, z, w } ) => split( vec4( x, y, z, w ), 'wzx' ) ],
		[ 'mix_element', 'vec3', ( { x, y, z, w } ) => mixElement( w, vec3( x, y, z ), vec3( y, z, x ) ) ],
		[ 'smoothstep_element', 'float', ( { x } ) => smoothstepElement( x, 0.25, 0.75 ) ],
		[ 'step_element', 'float', ( { x, y } ) => stepElement( x, y ) ],
		[ 'projection_depth', 'float', ( { x } ) => projectionDepth( x, 0.5, 40 ) ],
	] );

};
