// three.js's webgpu_tsl_interoperability.html as examples/tsl_interoperability.rs ports it: the
// page's TSL half (tslVertexShader as the positionNode, writing the vUv varying; tslFragmentShader,
// a CRT mask over a texture, as the colorNode) on its MeshBasicNodeMaterial and 2 × 1 plane,
// outputColorSpace LinearSRGBColorSpace, at time 1 s (a uniform: the oracle cannot set three.js's
// clock). The page's TSL unchanged. Left out and changed on both sides:
// - the WGSL half (the upper quad: wgslFn vertex and fragment shaders): the oracle's WebGL2
//   backend cannot compile WGSL (the page itself asks for WebGPU); the camera shows the lower
//   quad only (OrthographicCamera( −1, 1, 0, −1, 0, 1 ));
// - crtWidth and crtHeight are 2·W and 2·H (the page's 1608 × 1608 is its author's window: the
//   mask's cells are then 6 × 6 canvas pixels, as on the page, instead of 1.9 × 1.9);
// - the page's picture (textures/planets/earth_lights_2048.png, not in the repository) is the
//   16 × 16 photo of _photo.mjs, as the loaded texture bytes as they are, repeat-wrapped.
import { photoTexture } from './_photo.mjs';
export const W = 256;
export const H = 128;
export const TIME = 1.0;
export default function ( { THREE, TSL } ) {

	const { Fn, varyingProperty, uniform, texture, uv, clamp, float, vec2, vec3, fract, floor, positionGeometry, sin } = TSL;
	const time = uniform( TIME );

	const crtWidthUniform = uniform( 2 * W );
	const crtHeightUniform = uniform( 2 * H );
	const vUv = varyingProperty( 'vec2', 'vUv' );

	const planetTexture = photoTexture( THREE, THREE.NoColorSpace );
	planetTexture.wrapS = THREE.RepeatWrapping;
	planetTexture.wrapT = THREE.RepeatWrapping;

	const cellOffsetUniform = uniform( 0.5 );
	const cellSizeUniform = uniform( 6 );
	const borderMaskUniform = uniform( 1 );
	const pulseIntensityUniform = uniform( 0.06 );
	const pulseWidthUniform = uniform( 60 );
	const pulseRateUniform = uniform( 20 );
	const tslShaderSpeedUniform = uniform( 1.0 );

	const tslVertexShader = Fn( () => {

		vUv.assign( uv() );
		return positionGeometry;

	} );

	const tslFragmentShader = Fn( () => {

		const dimensions = vec2( crtWidthUniform, crtHeightUniform );
		const translatedUV = vUv.mul( 0.5 ).add( 0.5 );
		const pixel = translatedUV.mul( dimensions );

		const coord = pixel.div( cellSizeUniform );
		const subCoord = coord.mul( vec2( 3.0, 1.0 ) );

		const cellOffset = vec2(
			0.0,
			fract( floor( coord.x ).mul( cellOffsetUniform ) )
		);

		const maskCoord = floor( coord.add( cellOffset ) ).mul( cellSizeUniform );
		const samplePoint = maskCoord.div( dimensions );
		const scaledTime = time.mul( tslShaderSpeedUniform );
		samplePoint.x = samplePoint.x.add( fract( scaledTime.div( 20 ) ) );
		samplePoint.y = samplePoint.y.sub( 1.5 );

		let color = texture( planetTexture, samplePoint );

		const ind = floor( subCoord.x ).mod( 3 );

		let maskColor = vec3(
			ind.equal( 0.0 ),
			ind.equal( 1.0 ),
			ind.equal( 2.0 )
		).mul( 3.0 );

		const subCoordOffset = fract( subCoord.add( cellOffset ) );
		let cellUV = subCoordOffset.mul( 2.0 );
		cellUV = cellUV.sub( 1.0 );

		const border = float( 1.0 ).sub(
			cellUV.mul( cellUV ).mul( borderMaskUniform )
		);

		const clampX = clamp( border.x, 0.0, 1.0 );
		const clampY = clamp( border.y, 0.0, 1.0 );
		const borderClamp = clampX.mul( clampY );
		maskColor = maskColor.mul( borderClamp );

		color = color.mul( maskColor );

		const pixelDampen = pixel.y.div( pulseWidthUniform );
		let pulse = sin( pixelDampen.add( time.mul( pulseRateUniform ) ) );
		pulse = pulse.mul( pulseIntensityUniform );
		color = color.mul( float( 1.0 ).add( pulse ) );

		return color;

	} );

	const tslShaderMaterial = new THREE.MeshBasicNodeMaterial();
	tslShaderMaterial.positionNode = tslVertexShader();
	tslShaderMaterial.colorNode = tslFragmentShader();

	const camera = new THREE.OrthographicCamera( - 1, 1, 0, - 1, 0, 1 );
	const scene = new THREE.Scene();
	const geometry = new THREE.PlaneGeometry( 2, 1 );
	const tslQuad = new THREE.Mesh( geometry, tslShaderMaterial );
	tslQuad.position.y -= 0.5;
	scene.add( tslQuad );
	return {
		scene, camera, width: W, height: H,
		configure( renderer ) {

			renderer.outputColorSpace = THREE.LinearSRGBColorSpace;

		}
	};

}
