// three.js r187's colour functions (display/ColorAdjustment.js, BlendModes.js,
// ColorSpaceFunctions.js, ToneMappingFunctions.js, PremultiplyAlphaFunctions.js, the examples'
// tsl/display/Sepia.js and BleachBypass.js) and MaterialX's colour and utility functions
// (materialx/MaterialXNodes.js and the files it re-exports), evaluated by real three.js for the
// colours of colourInputs(). tsl-core/tests/library_color.rs holds tsl-core's nodes to them.
// Parameters are literals, as a user writes them.

import { mulberry32 } from './inputs.mjs';

// [r, g, b, a]: hand-picked edges (black, white, greys, the sRGB thresholds 0.04045 and
// 0.0031308 on either side, a zero alpha, primaries, negatives, HDR), then random colours in
// [0, 1], in [-0.25, 1.25] and in [0, 4] (HDR, for the tone mappings).
export function colourInputs() {

	const f = Math.fround;
	const rnd = mulberry32( 0xc010 );
	const uni = ( lo, hi ) => f( lo + ( hi - lo ) * rnd() );
	const pts = [
		[ 0, 0, 0, 1 ], [ 1, 1, 1, 1 ], [ 0.5, 0.5, 0.5, 0.5 ], [ 0.18, 0.18, 0.18, 1 ],
		[ 0.04045, 0.0404, 0.0405, 0.25 ], [ 0.0031308, 0.00313, 0.00314, 0.75 ],
		[ 0.3, 0.6, 0.9, 0 ], [ 1, 0, 0, 1 ], [ 0, 1, 0, 0.5 ], [ 0, 0, 1, 0.2 ],
		[ 1, 1, 0, 1 ], [ 0, 1, 1, 1 ], [ 1, 0, 1, 1 ], [ 0.25, 0.75, 0.5, 1 ],
		[ - 0.1, 0.2, 0.4, 1 ], [ 0.9, - 0.05, 0.3, 0.6 ], [ 2, 0.5, 0.1, 1 ], [ 8, 4, 1, 1 ],
	];
	for ( let i = 0; i < 24; i ++ ) pts.push( [ uni( 0, 1 ), uni( 0, 1 ), uni( 0, 1 ), uni( 0, 1 ) ] );
	for ( let i = 0; i < 12; i ++ ) pts.push( [ uni( - 0.25, 1.25 ), uni( - 0.25, 1.25 ), uni( - 0.25, 1.25 ), uni( 0, 1 ) ] );
	for ( let i = 0; i < 10; i ++ ) pts.push( [ uni( 0, 4 ), uni( 0, 4 ), uni( 0, 4 ), uni( 0, 1 ) ] );
	return pts.map( ( p ) => p.map( f ) );

}

export default async ( { THREE, TSL } ) => {

	const { sepia } = await import( 'three/addons/tsl/display/Sepia.js' );
	const { bleach } = await import( 'three/addons/tsl/display/BleachBypass.js' );
	const T = TSL;
	const { vec2, vec3 } = T;
	const rows = [
		// ColorAdjustment.js
		[ 'luminance', 'float', ( { input } ) => T.luminance( input.rgb ) ],
		[ 'luminance_coeffs', 'float', ( { input } ) => T.luminance( input.rgb, vec3( 0.3, 0.59, 0.11 ) ) ],
		[ 'grayscale', 'float', ( { input } ) => T.grayscale( input.rgb ) ],
		[ 'saturation', 'vec3', ( { input } ) => T.saturation( input.rgb, 0.3 ) ],
		[ 'saturation_up', 'vec3', ( { input } ) => T.saturation( input.rgb, 1.7 ) ],
		[ 'vibrance', 'vec3', ( { input } ) => T.vibrance( input.rgb, 0.6 ) ],
		[ 'vibrance_down', 'vec3', ( { input } ) => T.vibrance( input.rgb, - 0.4 ) ],
		[ 'hue', 'vec3', ( { input } ) => T.hue( input.rgb, 1.2 ) ],
		[ 'posterize', 'vec3', ( { input } ) => T.posterize( input.rgb, 4 ) ],
		[ 'cdl', 'vec4', ( { input } ) => T.cdl( input, vec3( 1.1, 0.9, 1.2 ), vec3( 0.02, - 0.01, 0 ), vec3( 1.2, 0.8, 1 ), 0.7 ) ],
		[ 'cdl_default', 'vec4', ( { input } ) => T.cdl( input ) ],
		// examples/jsm/tsl/display
		[ 'sepia', 'vec4', ( { input } ) => sepia( input ) ],
		[ 'bleach', 'vec4', ( { input } ) => bleach( input ) ],
		[ 'bleach_half', 'vec4', ( { input } ) => bleach( input, 0.5 ) ],
		// BlendModes.js: the base is the colour, the blend its channels rotated
		[ 'blend_burn', 'vec3', ( { input } ) => T.blendBurn( input.rgb, input.gba ) ],
		[ 'blend_dodge', 'vec3', ( { input } ) => T.blendDodge( input.rgb, input.gba ) ],
		[ 'blend_screen', 'vec3', ( { input } ) => T.blendScreen( input.rgb, input.gba ) ],
		[ 'blend_overlay', 'vec3', ( { input } ) => T.blendOverlay( input.rgb, input.gba ) ],
		[ 'blend_color', 'vec4', ( { input } ) => T.blendColor( input, input.wzxy ) ],
		// ColorSpaceFunctions.js
		[ 'srgb_oetf', 'vec3', ( { input } ) => T.sRGBTransferOETF( input.rgb ) ],
		[ 'srgb_eotf', 'vec3', ( { input } ) => T.sRGBTransferEOTF( input.rgb ) ],
		// ColorSpaceNode.js (the two colour spaces three.js registers by default)
		[ 'convert_srgb_to_linear', 'vec4', ( { input } ) => T.convertColorSpace( input, THREE.SRGBColorSpace, THREE.LinearSRGBColorSpace ) ],
		[ 'color_space_to_working', 'vec4', ( { input } ) => T.colorSpaceToWorking( input, THREE.SRGBColorSpace ) ],
		[ 'working_to_color_space', 'vec4', ( { input } ) => T.workingToColorSpace( input, THREE.SRGBColorSpace ) ],
		[ 'convert_same', 'vec4', ( { input } ) => T.convertColorSpace( input, THREE.SRGBColorSpace, THREE.SRGBColorSpace ) ],
		// ToneMappingNode.js
		[ 'tone_mapping_node', 'vec4', ( { input } ) => T.toneMapping( THREE.AgXToneMapping, 1.3, input ) ],
		[ 'tone_mapping_chain', 'vec4', ( { input } ) => input.toneMapping( THREE.ACESFilmicToneMapping, 0.8 ) ],
		// PremultiplyAlphaFunctions.js
		[ 'premultiply_alpha', 'vec4', ( { input } ) => T.premultiplyAlpha( input ) ],
		[ 'unpremultiply_alpha', 'vec4', ( { input } ) => T.unpremultiplyAlpha( input ) ],
		// ToneMappingFunctions.js, exposure 1.3
		[ 'linear_tone_mapping', 'vec3', ( { input } ) => T.linearToneMapping( input.rgb, 1.3 ) ],
		[ 'reinhard_tone_mapping', 'vec3', ( { input } ) => T.reinhardToneMapping( input.rgb, 1.3 ) ],
		[ 'cineon_tone_mapping', 'vec3', ( { input } ) => T.cineonToneMapping( input.rgb, 1.3 ) ],
		[ 'aces_filmic_tone_mapping', 'vec3', ( { input } ) => T.acesFilmicToneMapping( input.rgb, 1.3 ) ],
		[ 'agx_tone_mapping', 'vec3', ( { input } ) => T.agxToneMapping( input.rgb, 1.3 ) ],
		[ 'neutral_tone_mapping', 'vec3', ( { input } ) => T.neutralToneMapping( input.rgb, 1.3 ) ],
		// MaterialX colour (MaterialXColor.js, MaterialXColorTransform.js)
		[ 'mx_hsvtorgb', 'vec3', ( { input } ) => T.mx_hsvtorgb( vec3( input.x.mul( 3 ).sub( 1 ), input.y, input.z ) ) ],
		[ 'mx_rgbtohsv', 'vec3', ( { input } ) => T.mx_rgbtohsv( input.rgb ) ],
		[ 'mx_srgb_texture_to_lin_rec709', 'vec3', ( { input } ) => T.mx_srgb_texture_to_lin_rec709( input.rgb ) ],
		// MaterialXNodes.js utilities
		[ 'mx_contrast', 'float', ( { input } ) => T.mx_contrast( input.x, 1.5, 0.4 ) ],
		[ 'mx_contrast_default', 'float', ( { input } ) => T.mx_contrast( input.x ) ],
		[ 'mx_safepower', 'float', ( { input } ) => T.mx_safepower( input.x, 2.2 ) ],
		[ 'mx_safepower_xy', 'float', ( { input } ) => T.mx_safepower( input.x, input.y ) ],
		[ 'mx_ramplr', 'vec3', ( { input } ) => T.mx_ramplr( vec3( 1, 0.5, 0 ), vec3( 0, 0.25, 1 ), input.xy ) ],
		[ 'mx_ramptb', 'vec3', ( { input } ) => T.mx_ramptb( vec3( 1, 0.5, 0 ), vec3( 0, 0.25, 1 ), input.xy ) ],
		[ 'mx_ramp4', 'vec3', ( { input } ) => T.mx_ramp4( vec3( 1, 0, 0 ), vec3( 0, 1, 0 ), vec3( 0, 0, 1 ), vec3( 1, 1, 1 ), input.xy ) ],
		// the split's texcoord is a constant, so its derivatives are zero and mx_aastep is a step
		[ 'mx_splitlr', 'vec3', ( { input } ) => T.mx_splitlr( vec3( 1, 0.5, 0 ), vec3( 0, 0.25, 1 ), input.x, vec2( 0.43, 0.61 ) ) ],
		[ 'mx_splittb', 'vec3', ( { input } ) => T.mx_splittb( vec3( 1, 0.5, 0 ), vec3( 0, 0.25, 1 ), input.x, vec2( 0.43, 0.61 ) ) ],
		[ 'mx_transform_uv', 'vec2', ( { input } ) => T.mx_transform_uv( 2.5, 0.25, input.xy ) ],
		[ 'mx_transform_uv_vec2', 'vec2', ( { input } ) => T.mx_transform_uv( vec2( 2, - 3 ), vec2( 0.5, 0.125 ), input.xy ) ],
		[ 'mx_smoothstep', 'float', ( { input } ) => T.mx_smoothstep( input.x, 0.2, 0.8 ) ],
		[ 'mx_smoothstep_inverted', 'float', ( { input } ) => T.mx_smoothstep( input.x, 0.8, 0.2 ) ],
		[ 'mx_rotate2d', 'vec2', ( { input } ) => T.mx_rotate2d( input.xy, 37 ) ],
		[ 'mx_rotate3d', 'vec3', ( { input } ) => T.mx_rotate3d( input.xyz, 37, vec3( 1, 2, 2 ) ) ],
		[ 'mx_place2d', 'vec2', ( { input } ) => T.mx_place2d( input.xy, vec2( 0.5, 0.25 ), vec2( 2, 0.5 ), 30, vec2( 0.1, - 0.2 ), 0 ) ],
		[ 'mx_place2d_trs', 'vec2', ( { input } ) => T.mx_place2d( input.xy, vec2( 0.5, 0.25 ), vec2( 2, 0.5 ), 30, vec2( 0.1, - 0.2 ), 1 ) ],
		[ 'mx_separate_outz', 'float', ( { input } ) => T.mx_separate( input, 'outz' ) ],
		[ 'mx_separate_a', 'float', ( { input } ) => T.mx_separate( input, 'a' ) ],
		[ 'mx_separate_1', 'float', ( { input } ) => T.mx_separate( input, 1 ) ],
		[ 'mx_add', 'float', ( { input } ) => T.mx_add( input.x, input.y ) ],
		[ 'mx_subtract', 'float', ( { input } ) => T.mx_subtract( input.x, input.y ) ],
		[ 'mx_multiply', 'float', ( { input } ) => T.mx_multiply( input.x, input.y ) ],
		[ 'mx_divide', 'float', ( { input } ) => T.mx_divide( input.x, input.y ) ],
		[ 'mx_modulo', 'float', ( { input } ) => T.mx_modulo( input.x, input.y ) ],
		[ 'mx_power', 'float', ( { input } ) => T.mx_power( input.x, input.y ) ],
		[ 'mx_atan2', 'float', ( { input } ) => T.mx_atan2( input.x, input.y ) ],
		[ 'mx_invert', 'float', ( { input } ) => T.mx_invert( input.x ) ],
		[ 'mx_invert_amount', 'float', ( { input } ) => T.mx_invert( input.x, 0.75 ) ],
		[ 'mx_ifgreater', 'vec3', ( { input } ) => T.mx_ifgreater( input.x, input.y, vec3( 1, 2, 3 ), input.rgb ) ],
		[ 'mx_ifgreatereq', 'vec3', ( { input } ) => T.mx_ifgreatereq( input.x, input.y, vec3( 1, 2, 3 ), input.rgb ) ],
		[ 'mx_ifequal', 'vec3', ( { input } ) => T.mx_ifequal( input.x, input.y, vec3( 1, 2, 3 ), input.rgb ) ],
	];
	const exprs = {};
	const text = {};
	for ( const [ name, type, fn ] of rows ) {

		exprs[ name ] = { type, fn };
		text[ name ] = fn.toString();

	}

	return { inputs: colourInputs(), exprs, notes: { exprs: text } };

};
