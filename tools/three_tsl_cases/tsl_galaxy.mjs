// three.js's webgpu_tsl_galaxy.html, its colour, as examples/tsl_galaxy.rs ports it: the port has
// no instancing, range(), sprites or additive blending, so both sides draw the page's colour node
// on one flat 8 × 8 plane (MeshBasicNodeMaterial) through the galaxy: radiusRatio is the one
// whose radius (radiusRatio^1.5 · 5) is the point's distance from the centre, each of 16 × 16
// uv cells is a sprite (the page's alpha on the cell's uv), and the additive blend onto the dark
// background becomes the opaque colour colorFinal · saturate( alpha ). The page's camera and
// background. 8 × 8, not 10 × 10: a 10 × 10 plane has a corner in the camera's plane (w = 0),
// which SwiftShader's clipping interpolates wrongly.
export const W = 128;
export const H = 96;
export default function ( { THREE, TSL } ) {

	const { color, float, mix, uniform, uv, positionWorld, min, fract } = TSL;

	const radius = positionWorld.xz.length();
	const radiusRatio = min( radius.div( 5 ).pow( 1 / 1.5 ), 1 );
	const colorInside = uniform( color( '#ffa575' ) );
	const colorOutside = uniform( color( '#311599' ) );
	const colorFinal = mix( colorInside, colorOutside, radiusRatio.oneMinus().pow( 2 ).oneMinus() );
	const spriteUv = fract( uv().mul( 16 ) );
	const alpha = float( 0.1 ).div( spriteUv.sub( 0.5 ).length() ).sub( 0.2 );
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = colorFinal.mul( alpha.saturate() );

	const plane = new THREE.Mesh( new THREE.PlaneGeometry( 8, 8 ), material );
	plane.rotation.x = - Math.PI / 2;
	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x201919 );
	scene.add( plane );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 4, 2, 5 );
	camera.lookAt( 0, 0, 0 );
	return { scene, camera, width: W, height: H };

}
