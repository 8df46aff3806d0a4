// three.js's webgpu_tsl_halftone.html as examples/tsl_halftone.rs ports it: the page's halftone
// and halftones Fns as the outputNode of MeshStandardNodeMaterial (#ff622e) on the page's sphere
// and, for its torus knot, a torus (the port has no torus-knot geometry); the Michelle model is
// left out. The page uses viewportResolution, which r187 no longer has: screenSize is the same
// size here (the viewport is the canvas). The dot counts are per viewport height, so they are
// scaled to the 144-pixel height: 14 and 18 (the page's 140 and 180 at about 1400 pixels). The
// page's animate() turns the highlight's direction with the clock: set here for TIME. Lights,
// camera and clear colour are the page's.
export const W = 256;
export const H = 144;
export const TIME = 1.0;
export default function ( { THREE, TSL } ) {

	const { color, mix, normalWorld, output, Fn, uniform, vec4, rotate, viewportCoordinate, screenSize } = TSL;

	const halftoneSettings = [
		{ count: 14, color: '#fb00ff', direction: new THREE.Vector3( - 0.4, - 1, 0.5 ), start: 1, end: 0, mixLow: 0, mixHigh: 0.5, radius: 0.8 },
		{ count: 18, color: '#94ffd1', direction: new THREE.Vector3( 0.5, 0.5, - 0.2 ), start: 0.55, end: 0.2, mixLow: 0.5, mixHigh: 1, radius: 0.8 }
	];
	for ( const settings of halftoneSettings ) {

		const uniforms = {};
		uniforms.count = uniform( settings.count );
		uniforms.color = uniform( color( settings.color ) );
		uniforms.direction = uniform( settings.direction );
		uniforms.start = uniform( settings.start );
		uniforms.end = uniform( settings.end );
		uniforms.mixLow = uniform( settings.mixLow );
		uniforms.mixHigh = uniform( settings.mixHigh );
		uniforms.radius = uniform( settings.radius );
		settings.uniforms = uniforms;

	}

	const halftone = Fn( ( [ count, color, direction, start, end, radius, mixLow, mixHigh ] ) => {

		let gridUv = viewportCoordinate.xy.div( screenSize.yy ).mul( count );
		gridUv = rotate( gridUv, Math.PI * 0.25 ).mod( 1 );
		const orientationStrength = normalWorld
			.dot( direction.normalize() )
			.remapClamp( end, start, 0, 1 );
		const mask = gridUv
			.sub( 0.5 )
			.length()
			.step( orientationStrength.mul( radius ).mul( 0.5 ) )
			.mul( mix( mixLow, mixHigh, orientationStrength ) );
		return vec4( color, mask );

	} );

	const halftones = Fn( ( [ input ] ) => {

		const halftonesOutput = input;
		for ( const settings of halftoneSettings ) {

			const halfToneOutput = halftone( settings.uniforms.count, settings.uniforms.color, settings.uniforms.direction, settings.uniforms.start, settings.uniforms.end, settings.uniforms.radius, settings.uniforms.mixLow, settings.uniforms.mixHigh );
			halftonesOutput.rgb.assign( mix( halftonesOutput.rgb, halfToneOutput.rgb, halfToneOutput.a ) );

		}
		return halftonesOutput;

	} );

	const defaultMaterial = new THREE.MeshStandardNodeMaterial( { color: '#ff622e' } );
	defaultMaterial.outputNode = halftones( output );

	halftoneSettings[ 1 ].uniforms.direction.value.x = Math.cos( TIME );
	halftoneSettings[ 1 ].uniforms.direction.value.y = Math.sin( TIME );

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	const torus = new THREE.Mesh( new THREE.TorusGeometry( 0.8, 0.3, 32, 128 ), defaultMaterial );
	torus.position.x = 3;
	scene.add( torus );
	const sphere = new THREE.Mesh( new THREE.SphereGeometry( 1, 64, 64 ), defaultMaterial );
	sphere.position.x = - 3;
	scene.add( sphere );
	scene.add( new THREE.AmbientLight( '#ffffff', 3 ) );
	const directionalLight = new THREE.DirectionalLight( '#ffffff', 8 );
	directionalLight.position.set( 4, 3, 1 );
	scene.add( directionalLight );
	const camera = new THREE.PerspectiveCamera( 25, W / H, 0.1, 100 );
	camera.position.set( 6, 3, 10 );
	camera.lookAt( 0, 0, 0 );
	return { scene, camera, width: W, height: H };

}
