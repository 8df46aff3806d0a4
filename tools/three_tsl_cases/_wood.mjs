// The wood of r187's WoodNodeMaterial (examples/jsm/materials/WoodNodeMaterial.js) for the wood
// cases (tsl_wood.mjs, tsl_wood_finishes.mjs): the file's TSL unchanged but for voronoi3d. The
// file's is a wgslFn, which the WebGL2 backend cannot compile (no WGSL there), so this is the TSL
// Fn the file keeps in a comment (Loop( 3, 3, 3 ), hash3d), called with a vec3 as the wgslFn's
// vec3 parameter converts the file's vec2 argument (`vec3( v, 0 )`).

// The file's colorNode: wood( transformationMatrix · positionLocal, ... ) of uniforms that follow
// the drawn material's own values (onObjectUpdate), starting from `first`, the preset three's
// module loads first (teak, raw), whose clearcoatDarken (1) multiplies the colour for every preset.
// (Uniforms with a preset's values and no onObjectUpdate are not enough: materials whose node
// graphs differ only in uniform values share one program, and every box drew the first's wood.)
export function woodColorNode( THREE, TSL, first ) {

	const mapRange = TSL.Fn( ( [ x, fromMin, fromMax, toMin, toMax, clmp ] ) => {

		const factor = x.sub( fromMin ).div( fromMax.sub( fromMin ) );
		const result = toMin.add( factor.mul( toMax.sub( toMin ) ) );
		return TSL.select( clmp, TSL.max( TSL.min( result, toMax ), toMin ), result );

	} );

	const hash3d = TSL.Fn( ( [ p ] ) => {

		const p3 = p.mul( TSL.vec3( 0.1031, 0.1030, 0.0973 ) ).fract().toVar();
		const dotProduct = p3.dot( p3.yzx.add( 33.33 ) );
		p3.addAssign( dotProduct );
		return p3.xxy.add( p3.yzz ).mul( p3.zyx ).fract();

	} );

	const voronoi3d = TSL.Fn( ( [ x, smoothness, randomness ] ) => {

		const p = TSL.floor( x );
		const f = TSL.fract( x );
		const res = TSL.float( 0.0 ).toVar();
		const totalWeight = TSL.float( 0.0 ).toVar();
		TSL.Loop( 3, 3, 3, ( { k, j, i } ) => {

			const b = TSL.vec3( TSL.float( i ).sub( 1 ), TSL.float( j ).sub( 1 ), TSL.float( k ).sub( 1 ) );
			const hashOffset = hash3d( p.add( b ) ).mul( randomness );
			const r = b.sub( f ).add( hashOffset );
			const d = TSL.length( r );
			const weight = TSL.exp( d.negate().mul( d ).div( TSL.max( smoothness.mul( smoothness ), 0.001 ) ) );
			res.addAssign( d.mul( weight ) );
			totalWeight.addAssign( weight );

		} );
		res.assign( TSL.select( totalWeight.greaterThan( 0.0 ), res.div( totalWeight ), res ) );
		return TSL.smoothstep( 0.0, 1.0, res );

	} );

	const softLightMix = TSL.Fn( ( [ t, col1, col2 ] ) => {

		const tm = TSL.float( 1.0 ).sub( t );
		const one = TSL.vec3( 1.0 );
		const scr = one.sub( one.sub( col2 ).mul( one.sub( col1 ) ) );
		return tm.mul( col1 ).add( t.mul( one.sub( col1 ).mul( col2 ).mul( col1 ).add( col1.mul( scr ) ) ) );

	} );

	const noise1Norm = TSL.Fn( ( [ p ] ) => TSL.mx_noise_float( p ).mul( 0.5 ).add( 0.5 ) );
	const noise3Norm = TSL.Fn( ( [ p ] ) => TSL.mx_noise_vec3( p ).mul( 0.5 ).add( 0.5 ) );

	const woodCenter = TSL.Fn( ( [ p, centerSize ] ) => {

		const pxyCenter = p.mul( TSL.vec3( 1, 1, 0 ) ).length();
		return mapRange( pxyCenter, 0, 1, 0, centerSize, true );

	} );

	const spaceWarp = TSL.Fn( ( [ p, warpStrength, xyScale, zScale ] ) => {

		const combinedXyz = TSL.vec3( xyScale, xyScale, zScale ).mul( p );
		const noise = noise3Norm( combinedXyz.mul( 1.6 * 1.5 ) ).sub( 0.5 ).mul( warpStrength );
		const pXy = p.mul( TSL.vec3( 1, 1, 0 ) );
		const normalizedXy = pXy.normalize();
		return noise.mul( normalizedXy ).add( pXy );

	} );

	const woodRings = TSL.Fn( ( [ w, ringThickness, ringBias, ringSizeVariance, ringVarianceScale, barkThickness ] ) => {

		const rings = noise1Norm( w.mul( ringVarianceScale ) ).mul( ringSizeVariance ).add( w ).mul( ringThickness ).fract().mul( barkThickness );
		const sharpRings = TSL.min( mapRange( rings, 0, ringBias, 0, 1, TSL.bool( true ) ), mapRange( rings, ringBias, 1, 1, 0, TSL.bool( true ) ) );
		const blurAmount = TSL.max( TSL.positionView.length().div( 10 ), 1 );
		return TSL.smoothstep( blurAmount.negate(), blurAmount, sharpRings.sub( 0.5 ) ).mul( 0.5 ).add( 0.5 );

	} );

	const woodDetail = TSL.Fn( ( [ warp, p, y, splotchScale ] ) => {

		const radialCoords = TSL.clamp( TSL.atan( warp.y, warp.x ).div( TSL.PI2 ).add( 0.5 ), 0, 1 ).mul( TSL.PI2.mul( 3 ) );
		const combinedXyz = TSL.vec3( radialCoords.sin(), y, radialCoords.cos().mul( p.z ) );
		const scaled = TSL.vec3( 0.1, 1.19, 0.05 ).mul( combinedXyz );
		return noise1Norm( scaled.mul( splotchScale ) );

	} );

	const cellStructure = TSL.Fn( ( [ p, cellScale, cellSize ] ) => {

		const warp = spaceWarp( p.mul( cellScale.div( 50 ) ), cellScale.div( 1000 ), 0.1, 1.77 );
		const cells = voronoi3d( TSL.vec3( warp.xy.mul( 75 ), 0 ), 0.5, 1 );
		return mapRange( cells, cellSize, cellSize.add( 0.21 ), 0, 1, TSL.bool( true ) );

	} );

	const wood = TSL.Fn( ( [ p, centerSize, largeWarpScale, largeGrainStretch, smallWarpStrength, smallWarpScale, fineWarpStrength, fineWarpScale, ringThickness, ringBias, ringSizeVariance, ringVarianceScale, barkThickness, splotchScale, splotchIntensity, cellScale, cellSize, darkGrainColor, lightGrainColor ] ) => {

		const center = woodCenter( p, centerSize );
		const mainWarp = spaceWarp( spaceWarp( p, center, largeWarpScale, largeGrainStretch ), smallWarpStrength, smallWarpScale, 0.17 );
		const detailWarp = spaceWarp( mainWarp, fineWarpStrength, fineWarpScale, 0.17 );
		const rings = woodRings( detailWarp.length(), TSL.float( 1 ).div( ringThickness ), ringBias, ringSizeVariance, ringVarianceScale, barkThickness );
		const detail = woodDetail( detailWarp, p, detailWarp.length(), splotchScale );
		const cells = cellStructure( mainWarp, cellScale, cellSize.div( TSL.max( TSL.positionView.length().mul( 10 ), 1 ) ) );
		const baseColor = TSL.mix( darkGrainColor, lightGrainColor, rings );
		return softLightMix( splotchIntensity, softLightMix( 0.407, baseColor, cells ), detail );

	} );

	const number = ( key ) => TSL.uniform( first[ key ] ).onObjectUpdate( ( { material } ) => material[ key ] );
	const color = ( key ) => TSL.uniform( new THREE.Color( first[ key ] ) ).onObjectUpdate( ( { material }, self ) => self.value.set( material[ key ] ) );
	const matrix = TSL.uniform( new THREE.Matrix4().copy( first.transformationMatrix ) ).onObjectUpdate( ( { material } ) => material.transformationMatrix );
	return wood(
		matrix.mul( TSL.vec4( TSL.positionLocal, 1 ) ).xyz,
		number( 'centerSize' ), number( 'largeWarpScale' ), number( 'largeGrainStretch' ),
		number( 'smallWarpStrength' ), number( 'smallWarpScale' ), number( 'fineWarpStrength' ),
		number( 'fineWarpScale' ), number( 'ringThickness' ), number( 'ringBias' ),
		number( 'ringSizeVariance' ), number( 'ringVarianceScale' ), number( 'barkThickness' ),
		number( 'splotchScale' ), number( 'splotchIntensity' ), number( 'cellScale' ),
		number( 'cellSize' ), color( 'darkGrainColor' ), color( 'lightGrainColor' )
	).mul( first.clearcoatDarken );

}

// Boxes of 0.125 × 0.9 × 0.9 side by side along z (one for each [ genus, finish ] of `woods`),
// facing the camera on −x: each is r187's own WoodNodeMaterial.fromPreset( genus, finish ) (its
// clear coat, its clearcoatRoughness, its values) with the colorNode above. Simplified as the
// webgpu_tsl_wood page's port: plain boxes for the RoundedBoxGeometry; no HDR environment (an
// ambient light of 1 and a directional light of 2 from (−1, 1, −0.5) instead), no text; the camera
// nearer (30° at (−2.25, 0, 0)). Neutral tone mapping as the page.
export async function woodBoxes( THREE, TSL, woods, W, H ) {

	const { GetWoodPreset, WoodNodeMaterial } = await import( 'three/addons/materials/WoodNodeMaterial.js' );
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( '#333333' );
	const geometry = new THREE.BoxGeometry( 0.125, 0.9, 0.9 );
	const colorNode = woodColorNode( THREE, TSL, GetWoodPreset( 'teak', 'raw' ) );
	woods.forEach( ( [ genus, finish ], x ) => {

		const material = WoodNodeMaterial.fromPreset( genus, finish );
		material.colorNode = colorNode;
		const box = new THREE.Mesh( geometry, material );
		box.position.set( 0, 0, x - ( woods.length - 1 ) / 2 );
		scene.add( box );

	} );
	scene.add( new THREE.AmbientLight( 0xffffff, 1 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( - 1, 1, - 0.5 );
	scene.add( sun );
	const camera = new THREE.PerspectiveCamera( 30, W / H, 0.1, 1000 );
	camera.position.set( - 2.25, 0, 0 );
	camera.lookAt( 0, 0, 0 );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.toneMapping = THREE.NeutralToneMapping;
			renderer.toneMappingExposure = 1;

		}
	};

}
