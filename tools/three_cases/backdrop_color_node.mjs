// Screen reads without a backdrop node: viewportSharedTexture in a colour node. Three transparent
// planes (three.js draws transparent materials after the opaque ones, so the framebuffer copy
// holds the background and the opaque gradient plane behind them). Left: BASIC, the screen
// behind through a green filter. Middle: BASIC, the screen 4 pixels right and 6 up, swizzled
// gbr. Right: STANDARD under a directional light, the screen behind as its diffuse colour.
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
	const filter = new THREE.MeshBasicNodeMaterial( { transparent: true } );
	filter.colorNode = TSL.viewportSharedTexture( TSL.screenUV ).rgb.mul( TSL.vec3( 0.8, 1, 0.8 ) );
	const a = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), filter );
	a.position.set( - 0.95, 0, 0.3 );
	scene.add( a );
	const shifted = new THREE.MeshBasicNodeMaterial( { transparent: true } );
	shifted.colorNode = TSL.viewportSharedTexture( TSL.screenUV.add( TSL.vec2( 4 / W, - 6 / H ) ) ).gbr;
	const b = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), shifted );
	b.position.set( 0, - 0.3, 0.3 );
	scene.add( b );
	const lit = new THREE.MeshStandardNodeMaterial( { roughness: 0.4, transparent: true } );
	lit.colorNode = TSL.viewportSharedTexture( TSL.screenUV ).rgb;
	const c = new THREE.Mesh( new THREE.PlaneGeometry( 0.8, 1.6 ), lit );
	c.position.set( 0.95, 0, 0.3 );
	c.rotation.y = - 0.3;
	scene.add( c );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 1, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
