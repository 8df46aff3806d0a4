// three.js's webgpu_tsl_angular_slicing.html as examples/tsl_angular_slicing.rs ports it: the
// page's inAngle Fn and its outputNode (discard inside the slice, back faces in sliceColor) on
// MeshPhysicalNodeMaterial (metalness 0.5, roughness 0.25, #858080, DoubleSide). The page's gears
// model (gears.glb) becomes a sphere of radius 2 (the sliced hull) around a torus (the default
// material); the HDR environment becomes an ambient light of intensity 1 and the shadows are
// left out (the port has neither environment maps nor shadow maps); the camera looks from the
// page's direction at half its distance; a dark grey background. Directional light, ACES tone
// mapping and the grey plane are the page's. three r187 has no atan2 (the page predates r187):
// atan( y, x ) is the same function.
export const W = 96;
export const H = 72;
export default function ( { THREE, TSL } ) {

	const { If, PI2, atan, color, frontFacing, output, positionLocal, Fn, uniform, vec4 } = TSL;

	const inAngle = Fn( ( [ position, angleStart, angleArc ] ) => {

		const angle = atan( position.y, position.x ).sub( angleStart ).mod( PI2 ).toVar();
		return angle.greaterThan( 0 ).and( angle.lessThan( angleArc ) );

	} );

	const defaultMaterial = new THREE.MeshPhysicalNodeMaterial( { metalness: 0.5, roughness: 0.25, color: '#858080' } );
	const slicedMaterial = new THREE.MeshPhysicalNodeMaterial( { metalness: 0.5, roughness: 0.25, color: '#858080', side: THREE.DoubleSide } );

	const sliceStart = uniform( 1.75 );
	const sliceArc = uniform( 1.25 );
	const sliceColor = uniform( color( '#b62f58' ) );

	slicedMaterial.outputNode = Fn( () => {

		inAngle( positionLocal.xy, sliceStart, sliceArc ).discard();
		const finalOutput = output;
		If( frontFacing.not(), () => {

			finalOutput.assign( vec4( sliceColor, 1 ) );

		} );
		return finalOutput;

	} )();

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202024 );
	scene.add( new THREE.Mesh( new THREE.SphereGeometry( 2, 64, 32 ), slicedMaterial ) );
	scene.add( new THREE.Mesh( new THREE.TorusGeometry( 1.1, 0.35, 24, 64 ), defaultMaterial ) );
	const plane = new THREE.Mesh( new THREE.PlaneGeometry( 10, 10, 10 ), new THREE.MeshStandardMaterial( { color: '#aaaaaa' } ) );
	plane.position.set( - 4, - 3, - 4 );
	plane.lookAt( new THREE.Vector3( 0, 0, 0 ) );
	scene.add( plane );
	scene.add( new THREE.AmbientLight( 0xffffff, 1 ) );
	const directionalLight = new THREE.DirectionalLight( '#ffffff', 4 );
	directionalLight.position.set( 6.25, 3, 4 );
	scene.add( directionalLight );
	const camera = new THREE.PerspectiveCamera( 35, W / H, 0.1, 100 );
	camera.position.set( - 2.5, 2.5, 6 );
	camera.lookAt( 0, 0, 0 );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.toneMapping = THREE.ACESFilmicToneMapping;
			renderer.toneMappingExposure = 1;

		}
	};

}
