// three.js's webgpu_tsl_raging_sea.html as examples/tsl_raging_sea.rs ports it: the page's
// wavesElevation Fn (large sine waves, a Loop of mx_noise_float small waves) as the positionNode
// the normal recomputed from the elevations beside the point as the normalNode, and the crests'
// emissive glow, on MeshStandardNodeMaterial (#271442, roughness 0.15), a 2 × 2 plane of 64 × 64
// segments rotated to lie in xz, at time 1 s (a uniform: the oracle cannot set three.js's clock).
// The page's TSL otherwise unchanged; the lights and camera are the port's (ambient 0.6,
// directional 3 from (−4, 2, 0), a 40° camera at (1.6, 1.3, 1.6) looking at (0, −0.25, 0)).
export const W = 96;
export const H = 72;
export const TIME = 1.0;
export default function ( { THREE, TSL } ) {

	const { Fn, uniform, color, vec2, vec3, float, sin, mul, Loop, mx_noise_float, positionLocal, transformNormalToView } = TSL;
	const material = new THREE.MeshStandardNodeMaterial( { color: '#271442', roughness: 0.15 } );
	const emissiveColor = uniform( color( '#ff0a81' ) );
	const emissiveLow = uniform( - 0.25 );
	const emissiveHigh = uniform( 0.2 );
	const emissivePower = uniform( 7 );
	const largeWavesFrequency = uniform( vec2( 3, 1 ) );
	const largeWavesSpeed = uniform( 1.25 );
	const largeWavesMultiplier = uniform( 0.15 );
	const smallWavesIterations = uniform( 3 );
	const smallWavesFrequency = uniform( 2 );
	const smallWavesSpeed = uniform( 0.3 );
	const smallWavesMultiplier = uniform( 0.18 );
	const normalComputeShift = uniform( 0.01 );
	const timer = uniform( TIME );

	const wavesElevation = Fn( ( [ position ] ) => {

		const time = timer;
		const elevation = mul(
			sin( position.x.mul( largeWavesFrequency.x ).add( time.mul( largeWavesSpeed ) ) ),
			sin( position.z.mul( largeWavesFrequency.y ).add( time.mul( largeWavesSpeed ) ) ),
			largeWavesMultiplier
		).toVar();
		Loop( { start: float( 1 ), end: smallWavesIterations.add( 1 ) }, ( { i } ) => {

			const noiseInput = vec3(
				position.xz.add( 2 ).mul( smallWavesFrequency ).mul( i ),
				time.mul( smallWavesSpeed )
			);
			const wave = mx_noise_float( noiseInput, 1, 0 ).mul( smallWavesMultiplier ).div( i ).abs();
			elevation.subAssign( wave );

		} );
		return elevation;

	} );

	const elevation = wavesElevation( positionLocal );
	const position = positionLocal.add( vec3( 0, elevation, 0 ) );
	material.positionNode = position;

	let positionA = positionLocal.add( vec3( normalComputeShift, 0, 0 ) );
	let positionB = positionLocal.add( vec3( 0, 0, normalComputeShift.negate() ) );
	positionA = positionA.add( vec3( 0, wavesElevation( positionA ), 0 ) );
	positionB = positionB.add( vec3( 0, wavesElevation( positionB ), 0 ) );
	const toA = positionA.sub( position ).normalize();
	const toB = positionB.sub( position ).normalize();
	const normal = toA.cross( toB );
	material.normalNode = transformNormalToView( normal );

	const emissive = elevation.remap( emissiveHigh, emissiveLow ).pow( emissivePower );
	material.emissiveNode = emissiveColor.mul( emissive );

	const geometry = new THREE.PlaneGeometry( 2, 2, 64, 64 );
	geometry.rotateX( - Math.PI * 0.5 );
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x201919 );
	scene.add( new THREE.Mesh( geometry, material ) );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.6 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( - 4, 2, 0 );
	scene.add( sun );
	const camera = new THREE.PerspectiveCamera( 40, W / H, 0.1, 50 );
	camera.position.set( 1.6, 1.3, 1.6 );
	camera.lookAt( 0, - 0.25, 0 );
	return { scene, camera, width: W, height: H };

}
