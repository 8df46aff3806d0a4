// three.js's webgpu_tsl_vfx_tornado.html as examples/tsl_vfx_tornado.rs ports it: the page's TSL
// (toRadialUv, toSkewedUv, twistedCylinder; the floor's and the two cylinders' outputNode, the
// cylinders' positionNode) unchanged, at time 2 s (a uniform: the oracle cannot set three.js's
// clock), the page's camera (25° at (1, 1, 3) looking at the orbit target (0, 0.4, 0)) and clear
// colour. Simplified on both sides: no bloom pass (a post pass: the scene pass alone is compared);
// the page's perlin texture (textures/noises/perlin/rgb-256x256.png, not in the repository) is a
// 64 × 64 value noise made by noiseBytes() below (examples/tsl_vfx_tornado.rs makes the same
// bytes), repeat-wrapped, linear, without mipmaps, so the page's `texture( .., .., 1 )` (level 1)
// reads the base level as our sampler does. The page as stored imports `atan2`, which r187 no
// longer exports (TSL.js has `atan( y, x )`): `atan` here.
// 288 × 384 pixels: the effects are thresholds of the noise (step, smoothstep( 0, 0.01 )), whose
// edges flip a pixel wherever the two texture filters differ a little; the flipped edge pixels
// are 1.6% of the channel values at 96 × 128 and 0.8% at 288 × 384.
export const W = 288;
export const H = 384;
export const TIME = 2.0;

// Three channels of value noise, 64 × 64, tiling: two octaves (cells of 16 and 8 texels) of a
// hashed lattice, smoothstep-weighted, in integers.
export function noiseBytes() {

	const n = 64;
	const hash = ( ix, iy, c ) => ( ( Math.imul( ix, 73856093 ) ^ Math.imul( iy, 19349663 ) ^ Math.imul( c + 1, 83492791 ) ) >>> 0 ) % 256;
	const octave = ( x, y, c, cell ) => {

		const cells = n / cell;
		const ix = Math.floor( x / cell ), iy = Math.floor( y / cell );
		const kx = x % cell, ky = y % cell;
		// t²(3 − 2t) at t = k / cell, times cell³ / ... as an integer weight out of 2·cell³
		const w = ( k ) => k * k * ( 6 * cell - 4 * k );
		const full = 2 * cell * cell * cell;
		const sx = w( kx ), sy = w( ky );
		const v00 = hash( ix % cells, iy % cells, c ), v10 = hash( ( ix + 1 ) % cells, iy % cells, c );
		const v01 = hash( ix % cells, ( iy + 1 ) % cells, c ), v11 = hash( ( ix + 1 ) % cells, ( iy + 1 ) % cells, c );
		const top = v00 * ( full - sx ) + v10 * sx;
		const bottom = v01 * ( full - sx ) + v11 * sx;
		return Math.floor( ( top * ( full - sy ) + bottom * sy ) / ( full * full ) );

	};
	const out = [];
	for ( let y = 0; y < n; y ++ ) {

		for ( let x = 0; x < n; x ++ ) {

			for ( let c = 0; c < 3; c ++ ) out.push( Math.floor( ( 2 * octave( x, y, c, 16 ) + octave( x, y, c, 8 ) ) / 3 ) );
			out.push( 255 );

		}

	}

	return out;

}

export default function ( { THREE, TSL } ) {

	const { luminance, cos, float, min, atan, uniform, PI, PI2, color, positionLocal, oneMinus, sin, texture, Fn, uv, vec2, vec3, vec4 } = TSL;
	const time = uniform( TIME );

	const perlinTexture = new THREE.DataTexture( new Uint8Array( noiseBytes() ), 64, 64, THREE.RGBAFormat );
	perlinTexture.wrapS = THREE.RepeatWrapping;
	perlinTexture.wrapT = THREE.RepeatWrapping;
	perlinTexture.magFilter = THREE.LinearFilter;
	perlinTexture.minFilter = THREE.LinearFilter;
	perlinTexture.generateMipmaps = false;
	perlinTexture.flipY = false;
	perlinTexture.needsUpdate = true;

	const toRadialUv = Fn( ( [ uv, multiplier, rotation, offset ] ) => {

		const centeredUv = uv.sub( 0.5 ).toVar();
		const distanceToCenter = centeredUv.length();
		const angle = atan( centeredUv.y, centeredUv.x );
		const radialUv = vec2( angle.add( PI ).div( PI2 ), distanceToCenter ).toVar();
		radialUv.mulAssign( multiplier );
		radialUv.x.addAssign( rotation );
		radialUv.y.addAssign( offset );
		return radialUv;

	} );

	const toSkewedUv = Fn( ( [ uv, skew ] ) => {

		return vec2(
			uv.x.add( uv.y.mul( skew.x ) ),
			uv.y.add( uv.x.mul( skew.y ) )
		);

	} );

	const twistedCylinder = Fn( ( [ position, parabolStrength, parabolOffset, parabolAmplitude, time ] ) => {

		const angle = atan( position.z, position.x ).toVar();
		const elevation = position.y;
		const radius = parabolStrength.mul( position.y.sub( parabolOffset ) ).pow( 2 ).add( parabolAmplitude ).toVar();
		radius.addAssign( sin( elevation.sub( time ).mul( 20 ).add( angle.mul( 2 ) ) ).mul( 0.05 ) );
		const twistedPosition = vec3(
			cos( angle ).mul( radius ),
			elevation,
			sin( angle ).mul( radius )
		);
		return twistedPosition;

	} );

	const emissiveColor = uniform( color( '#ff8b4d' ) );
	const timeScale = uniform( 0.2 );
	const parabolStrength = uniform( 1 );
	const parabolOffset = uniform( 0.3 );
	const parabolAmplitude = uniform( 0.2 );

	const scene = new THREE.Scene();

	const floorMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, wireframe: false } );
	floorMaterial.outputNode = Fn( () => {

		const scaledTime = time.mul( timeScale );
		const noise1Uv = toRadialUv( uv(), vec2( 0.5, 0.5 ), scaledTime, scaledTime );
		noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
		noise1Uv.mulAssign( vec2( 4, 1 ) );
		const noise1 = texture( perlinTexture, noise1Uv, 1 ).r.remap( 0.45, 0.7 );
		const noise2Uv = toRadialUv( uv(), vec2( 2, 8 ), scaledTime.mul( 2 ), scaledTime.mul( 8 ) );
		noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 0.25, 0 ) ) );
		noise2Uv.mulAssign( vec2( 2, 0.25 ) );
		const noise2 = texture( perlinTexture, noise2Uv, 1 ).b.remap( 0.45, 0.7 );
		const distanceToCenter = uv().sub( 0.5 ).toVar();
		const outerFade = min(
			oneMinus( distanceToCenter.length() ).smoothstep( 0.5, 0.9 ),
			distanceToCenter.length().smoothstep( 0, 0.2 )
		);
		const effect = noise1.mul( noise2 ).mul( outerFade ).toVar();
		return vec4(
			emissiveColor.mul( float( 0.2 ).step( effect ) ).mul( 3 ),
			effect.smoothstep( 0, 0.01 )
		);

	} )();
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 2, 2 ), floorMaterial );
	floor.rotation.x = - Math.PI * 0.5;
	scene.add( floor );

	const cylinderGeometry = new THREE.CylinderGeometry( 1, 1, 1, 20, 20, true );
	cylinderGeometry.translate( 0, 0.5, 0 );

	const emissiveMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, wireframe: false } );
	emissiveMaterial.positionNode = twistedCylinder( positionLocal, parabolStrength, parabolOffset, parabolAmplitude.sub( 0.05 ), time.mul( timeScale ) );
	emissiveMaterial.outputNode = Fn( () => {

		const scaledTime = time.mul( timeScale );
		const noise1Uv = uv().add( vec2( scaledTime, scaledTime.negate() ) ).toVar();
		noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
		noise1Uv.mulAssign( vec2( 2, 0.25 ) );
		const noise1 = texture( perlinTexture, noise1Uv, 1 ).r.remap( 0.45, 0.7 );
		const noise2Uv = uv().add( vec2( scaledTime.mul( 0.5 ), scaledTime.negate() ) ).toVar();
		noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 1, 0 ) ) );
		noise2Uv.mulAssign( vec2( 5, 1 ) );
		const noise2 = texture( perlinTexture, noise2Uv, 1 ).g.remap( 0.45, 0.7 );
		const outerFade = min(
			uv().y.smoothstep( 0, 0.1 ),
			oneMinus( uv().y ).smoothstep( 0, 0.4 )
		);
		const effect = noise1.mul( noise2 ).mul( outerFade );
		const emissiveColorLuminance = luminance( emissiveColor );
		return vec4(
			emissiveColor.mul( 1.2 ).div( emissiveColorLuminance ),
			effect.smoothstep( 0, 0.1 )
		);

	} )();
	scene.add( new THREE.Mesh( cylinderGeometry, emissiveMaterial ) );

	const darkMaterial = new THREE.MeshBasicNodeMaterial( { transparent: true, side: THREE.DoubleSide, wireframe: false } );
	darkMaterial.positionNode = twistedCylinder( positionLocal, parabolStrength, parabolOffset, parabolAmplitude, time.mul( timeScale ) );
	darkMaterial.outputNode = Fn( () => {

		const scaledTime = time.mul( timeScale ).add( 123.4 );
		const noise1Uv = uv().add( vec2( scaledTime, scaledTime.negate() ) ).toVar();
		noise1Uv.assign( toSkewedUv( noise1Uv, vec2( - 1, 0 ) ) );
		noise1Uv.mulAssign( vec2( 2, 0.25 ) );
		const noise1 = texture( perlinTexture, noise1Uv, 1 ).g.remap( 0.45, 0.7 );
		const noise2Uv = uv().add( vec2( scaledTime.mul( 0.5 ), scaledTime.negate() ) ).toVar();
		noise2Uv.assign( toSkewedUv( noise2Uv, vec2( - 1, 0 ) ) );
		noise2Uv.mulAssign( vec2( 5, 1 ) );
		const noise2 = texture( perlinTexture, noise2Uv, 1 ).b.remap( 0.45, 0.7 );
		const outerFade = min(
			uv().y.smoothstep( 0, 0.2 ),
			oneMinus( uv().y ).smoothstep( 0, 0.4 )
		);
		const effect = noise1.mul( noise2 ).mul( outerFade );
		return vec4(
			vec3( 0 ),
			effect.smoothstep( 0, 0.01 )
		);

	} )();
	scene.add( new THREE.Mesh( cylinderGeometry, darkMaterial ) );

	const camera = new THREE.PerspectiveCamera( 25, W / H, 0.1, 50 );
	camera.position.set( 1, 1, 3 );
	camera.lookAt( 0, 0.4, 0 );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.setClearColor( 0x201919 );

		}
	};

}
