// three.js's webgpu_tsl_procedural_terrain.html as examples/tsl_procedural_terrain.rs ports it:
// the page's terrainElevation Fn (a warped position, a Loop of mx_noise_float), its positionNode
// (the elevation, and the normal from the elevations beside the vertex into the vNormal varying),
// normalNode and colorNode (sand, grass, rock, snow), on MeshStandardNodeMaterial (roughness 0.5,
// metalness 0), the page's camera (35°, at (−10, 8, −2.2) looking at the orbit target (0, −0.5, 0))
// and directional light (2, from (6.25, 3, 4)), ACES filmic tone mapping. The page's TSL unchanged.
// Simplified on both sides: the plane has 128 × 128 segments (the page's 500 × 500 are far below a
// pixel at this size); no HDR environment (an ambient light of 0.6 instead) and no shadows; the
// water (MeshPhysicalMaterial with transmission, which needs a backdrop pass) is an opaque
// MeshStandardMaterial of the page's colour and roughness.
export const W = 256;
export const H = 192;
export default function ( { THREE, TSL } ) {

	const { mx_noise_float, color, cross, dot, float, transformNormalToView, positionLocal, sign, step, Fn, uniform, varying, vec2, vec3, Loop } = TSL;

	const material = new THREE.MeshStandardNodeMaterial( {
		metalness: 0,
		roughness: 0.5,
		color: '#85d534'
	} );

	const noiseIterations = uniform( 3 );
	const positionFrequency = uniform( 0.175 );
	const warpFrequency = uniform( 6 );
	const warpStrength = uniform( 1 );
	const strength = uniform( 10 );
	const offset = uniform( vec2( 0, 0 ) );
	const normalLookUpShift = uniform( 0.01 );
	const colorSand = uniform( color( '#ffe894' ) );
	const colorGrass = uniform( color( '#85d534' ) );
	const colorSnow = uniform( color( '#ffffff' ) );
	const colorRock = uniform( color( '#bfbd8d' ) );

	const vNormal = varying( vec3() );
	const vPosition = varying( vec3() );

	const terrainElevation = Fn( ( [ position ] ) => {

		const warpedPosition = position.add( offset ).toVar();
		warpedPosition.addAssign( mx_noise_float( warpedPosition.mul( positionFrequency ).mul( warpFrequency ), 1, 0 ).mul( warpStrength ) );

		const elevation = float( 0 ).toVar();
		Loop( { type: 'float', start: float( 1 ), end: noiseIterations.toFloat(), condition: '<=' }, ( { i } ) => {

			const noiseInput = warpedPosition.mul( positionFrequency ).mul( i.mul( 2 ) ).add( i.mul( 987 ) );
			const noise = mx_noise_float( noiseInput, 1, 0 ).div( i.add( 1 ).mul( 2 ) );
			elevation.addAssign( noise );

		} );

		const elevationSign = sign( elevation );
		elevation.assign( elevation.abs().pow( 2 ).mul( elevationSign ).mul( strength ) );

		return elevation;

	} );

	material.positionNode = Fn( () => {

		const neighbourA = positionLocal.xyz.add( vec3( normalLookUpShift, 0.0, 0.0 ) ).toVar();
		const neighbourB = positionLocal.xyz.add( vec3( 0.0, 0.0, normalLookUpShift.negate() ) ).toVar();

		const position = positionLocal.xyz.toVar();
		const elevation = terrainElevation( positionLocal.xz );
		position.y.addAssign( elevation );

		neighbourA.y.addAssign( terrainElevation( neighbourA.xz ) );
		neighbourB.y.addAssign( terrainElevation( neighbourB.xz ) );

		const toA = neighbourA.sub( position ).normalize();
		const toB = neighbourB.sub( position ).normalize();
		vNormal.assign( cross( toA, toB ) );

		vPosition.assign( position.add( vec3( offset.x, 0, offset.y ) ) );

		return position;

	} )();

	material.normalNode = transformNormalToView( vNormal );

	material.colorNode = Fn( () => {

		const finalColor = colorSand.toVar();

		const grassMix = step( - 0.06, vPosition.y );
		finalColor.assign( grassMix.mix( finalColor, colorGrass ) );

		const rockMix = step( 0.5, dot( vNormal, vec3( 0, 1, 0 ) ) ).oneMinus().mul( step( - 0.06, vPosition.y ) );
		finalColor.assign( rockMix.mix( finalColor, colorRock ) );

		const snowThreshold = mx_noise_float( vPosition.xz.mul( 25 ), 1, 0 ).mul( 0.1 ).add( 0.45 );
		const snowMix = step( snowThreshold, vPosition.y );
		finalColor.assign( snowMix.mix( finalColor, colorSnow ) );

		return finalColor;

	} )();

	const geometry = new THREE.PlaneGeometry( 10, 10, 128, 128 );
	geometry.deleteAttribute( 'uv' );
	geometry.deleteAttribute( 'normal' );
	geometry.rotateX( - Math.PI * 0.5 );

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x201919 );
	scene.add( new THREE.Mesh( geometry, material ) );

	const water = new THREE.Mesh(
		new THREE.PlaneGeometry( 10, 10, 1, 1 ),
		new THREE.MeshStandardMaterial( { roughness: 0.5, color: '#4db2ff' } )
	);
	water.rotation.x = - Math.PI * 0.5;
	water.position.y = - 0.1;
	scene.add( water );

	const directionalLight = new THREE.DirectionalLight( '#ffffff', 2 );
	directionalLight.position.set( 6.25, 3, 4 );
	scene.add( directionalLight );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.6 ) );

	const camera = new THREE.PerspectiveCamera( 35, W / H, 0.1, 100 );
	camera.position.set( - 10, 8, - 2.2 );
	camera.lookAt( 0, - 0.5, 0 );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.toneMapping = THREE.ACESFilmicToneMapping;

		}
	};

}
