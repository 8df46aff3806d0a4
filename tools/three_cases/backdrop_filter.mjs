// Screen reads: viewportSharedTexture behind three planes in front of an opaque gradient plane.
// Left: BASIC with backdropNode = backdrop.rgb · (0.8, 1, 0.8)·… a green filter. Middle: BASIC with
// backdropNode = the backdrop read 4 pixels to the right and backdropAlphaNode = 0.6 (mixes with
// the colour). Right: STANDARD under a directional light with backdropNode = backdrop.bgr (the
// backdrop replaces the diffuse light, the specular stays).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x203040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	const ramp = new THREE.MeshBasicNodeMaterial();
	ramp.colorNode = TSL.mix( TSL.color( 0xff4010 ), TSL.color( 0x10a0ff ), TSL.uv().x ).mul( TSL.uv().y.mul( 0.8 ).add( 0.2 ) );
	const back = new THREE.Mesh( new THREE.PlaneGeometry( 3, 2.2 ), ramp );
	back.position.set( 0, 0.2, - 0.5 );
	scene.add( back );
	const filter = new THREE.MeshBasicNodeMaterial( { color: 0xffffff } );
	filter.backdropNode = TSL.viewportSharedTexture( TSL.screenUV ).rgb.mul( TSL.vec3( 0.8, 1, 0.8 ) );
	const a = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), filter );
	a.position.set( - 0.95, 0, 0.3 );
	scene.add( a );
	const mixed = new THREE.MeshBasicNodeMaterial( { color: 0xffee00 } );
	mixed.backdropNode = TSL.viewportSharedTexture( TSL.screenUV.add( TSL.vec2( 4 / W, 0 ) ) ).rgb;
	mixed.backdropAlphaNode = TSL.float( 0.6 );
	const b = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), mixed );
	b.position.set( 0, - 0.3, 0.3 );
	scene.add( b );
	const lit = new THREE.MeshStandardNodeMaterial( { color: 0xffffff, roughness: 0.4 } );
	lit.backdropNode = TSL.viewportSharedTexture().bgr;
	const c = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), lit );
	c.position.set( 0.95, 0, 0.3 );
	c.rotation.y = - 0.3;
	scene.add( c );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 1, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
