// three.js's webgpu_tsl_wood.html as examples/tsl_wood.rs ports it: r187's WoodNodeMaterial
// (examples/jsm/materials/WoodNodeMaterial.js: the wood Fn and its helpers, the presets), three
// genera (teak, walnut, white_oak) with the raw finish on three 0.125 × 0.9 × 0.9 boxes facing the
// camera, as the page's columns do. The file's TSL unchanged but for voronoi3d: the file's is a
// wgslFn, which the WebGL2 backend cannot compile (no WGSL there), so this is the TSL Fn the file
// keeps in a comment (Loop( 3, 3, 3 ), hash3d), called with a vec3 as the wgslFn's vec3 parameter
// converts the file's vec2 argument (`vec3( v, 0 )`). Each box has its own colorNode with the
// preset's values as uniforms (the file sets one set of uniforms per object with onObjectUpdate).
// Simplified on both sides: plain boxes for the RoundedBoxGeometry; no HDR environment (an
// ambient light of 1 and a directional light of 2 from (−1, 1, −0.5) instead), no text; the
// camera nearer (30° at (−2.25, 0, 0)). Neutral tone mapping as the page.
// 384 × 144 pixels: the Voronoi cells are about 1365 a unit along y, some ten a pixel, so where a
// pixel centre falls among them moves by a few thousandths of a pixel with the GPU's fixed-point
// vertex positions; moving our own camera by 0.008 pixel changes 0.8% of the channel values at
// 256 × 96, where the case missed the bound (98.96% within 3/255); at 384 × 144 it holds.
export const W = 384;
export const H = 144;
export default function ( { THREE, TSL } ) {

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

	const presets = {
		teak: {
			centerSize: 1.11, largeWarpScale: 0.32, largeGrainStretch: 0.24, smallWarpStrength: 0.059,
			smallWarpScale: 2, fineWarpStrength: 0.006, fineWarpScale: 32.8, ringThickness: 1 / 34,
			ringBias: 0.03, ringSizeVariance: 0.03, ringVarianceScale: 4.4, barkThickness: 0.3,
			splotchScale: 0.2, splotchIntensity: 0.541, cellScale: 910, cellSize: 0.1,
			darkGrainColor: '#0c0504', lightGrainColor: '#926c50'
		},
		walnut: {
			centerSize: 1.07, largeWarpScale: 0.42, largeGrainStretch: 0.34, smallWarpStrength: 0.016,
			smallWarpScale: 10.3, fineWarpStrength: 0.028, fineWarpScale: 12.7, ringThickness: 1 / 32,
			ringBias: 0.08, ringSizeVariance: 0.03, ringVarianceScale: 5.5, barkThickness: 0.98,
			splotchScale: 1.84, splotchIntensity: 0.97, cellScale: 710, cellSize: 0.31,
			darkGrainColor: '#311e13', lightGrainColor: '#523424'
		},
		white_oak: {
			centerSize: 1.23, largeWarpScale: 0.21, largeGrainStretch: 0.21, smallWarpStrength: 0.034,
			smallWarpScale: 2.44, fineWarpStrength: 0.01, fineWarpScale: 14.3, ringThickness: 1 / 34,
			ringBias: 0.82, ringSizeVariance: 0.16, ringVarianceScale: 1.4, barkThickness: 0.7,
			splotchScale: 0.2, splotchIntensity: 0.541, cellScale: 800, cellSize: 0.28,
			darkGrainColor: '#8b4c21', lightGrainColor: '#c57e43'
		}
	};
	// The raw finish: clearcoat 0, clearcoatDarken 1.
	const clearcoatDarken = 1;

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( '#333333' );
	const geometry = new THREE.BoxGeometry( 0.125, 0.9, 0.9 );
	[ 'teak', 'walnut', 'white_oak' ].forEach( ( genus, x ) => {

		const params = presets[ genus ];
		const u = ( v ) => TSL.uniform( v );
		const colorNode = wood(
			u( new THREE.Matrix4() ).mul( TSL.vec4( TSL.positionLocal, 1 ) ).xyz,
			u( params.centerSize ), u( params.largeWarpScale ), u( params.largeGrainStretch ),
			u( params.smallWarpStrength ), u( params.smallWarpScale ), u( params.fineWarpStrength ),
			u( params.fineWarpScale ), u( params.ringThickness ), u( params.ringBias ),
			u( params.ringSizeVariance ), u( params.ringVarianceScale ), u( params.barkThickness ),
			u( params.splotchScale ), u( params.splotchIntensity ), u( params.cellScale ),
			u( params.cellSize ), u( new THREE.Color( params.darkGrainColor ) ), u( new THREE.Color( params.lightGrainColor ) )
		).mul( clearcoatDarken );
		const material = new THREE.MeshPhysicalNodeMaterial();
		material.colorNode = colorNode;
		material.clearcoatNode = TSL.float( 0 );
		const box = new THREE.Mesh( geometry, material );
		box.position.set( 0, 0, x - 1 );
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
