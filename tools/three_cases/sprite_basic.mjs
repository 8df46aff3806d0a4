// Sprites with SpriteNodeMaterial (R-SPRITE-1 to R-SPRITE-3), in front of a BASIC plane
// (0x335577, 6×4 at z = −2) under a perspective camera at (0, 0, 4). Every material is
// SpriteNodeMaterial's default: transparent, normal blending.
// A (−1, 0.8, 0), scale (0.8, 0.8): colorNode = vec3(uv().x, uv().y, 0.5);
// B (1, 0.8, 0), scale (1.0, 0.5), rotation 0.5: colorNode = mix(0x66ccff, 0xffcc44, uv().x);
// C (−1, −0.8, 0), scale 0.6, center (0, 0): colour 0xff6688 with opacityNode = uv().y;
// D (1, −0.8, −2), scale 0.15, sizeAttenuation false: colorNode = vec3(uv(), 1);
// E (0, 0, 0.5), scale 0.9, opacity 0.8: the 8×8 checker with alpha holes as map (sRGB,
// nearest, no mipmaps).
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x111111 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	camera.lookAt( 0, 0, 0 );
	const back = new THREE.Mesh( new THREE.PlaneGeometry( 6, 4 ), new THREE.MeshBasicNodeMaterial( { color: 0x335577 } ) );
	back.position.z = - 2;
	scene.add( back );
	const sprite = ( material, [ x, y, z ], [ sx, sy ] ) => {

		const s = new THREE.Sprite( material );
		s.position.set( x, y, z );
		s.scale.set( sx, sy, 1 );
		scene.add( s );
		return s;

	};
	const a = new THREE.SpriteNodeMaterial();
	a.colorNode = TSL.vec3( TSL.uv().x, TSL.uv().y, 0.5 );
	sprite( a, [ - 1, 0.8, 0 ], [ 0.8, 0.8 ] );
	const b = new THREE.SpriteNodeMaterial( { rotation: 0.5 } );
	b.colorNode = TSL.mix( TSL.color( 0x66ccff ), TSL.color( 0xffcc44 ), TSL.uv().x );
	sprite( b, [ 1, 0.8, 0 ], [ 1.0, 0.5 ] );
	const c = new THREE.SpriteNodeMaterial( { color: 0xff6688 } );
	c.opacityNode = TSL.uv().y;
	sprite( c, [ - 1, - 0.8, 0 ], [ 0.6, 0.6 ] ).center.set( 0, 0 );
	const d = new THREE.SpriteNodeMaterial( { sizeAttenuation: false } );
	d.colorNode = TSL.vec3( TSL.uv(), 1 );
	sprite( d, [ 1, - 0.8, - 2 ], [ 0.15, 0.15 ] );
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const e = new THREE.SpriteNodeMaterial( { map, opacity: 0.8 } );
	sprite( e, [ 0, 0, 0.5 ], [ 0.9, 0.9 ] );
	return { scene, camera, width: W, height: H };

}
