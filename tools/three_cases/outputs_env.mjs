// ROUGHNESS_NODE and METALNESS_NODE under scene.environment (R-OUT-17; the procedural HDR of
// _env.mjs through three's PMREM, as env_grid): three MeshStandard spheres (radius 0.45, 32×16,
// colour 0xcc8855), no lights, black background. Left: roughnessNode = uv().x (metalness 1);
// middle: metalnessNode = uv().y (roughness 0.3); right: MeshPhysical with roughnessNode =
// uv().y · 0.9 and metalnessNode = 1 − uv().y.
import { W, H } from './_common.mjs';
import { envTexture } from './_env.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x000000 );
	scene.environment = envTexture( THREE );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3.2 );
	camera.lookAt( 0, 0, 0 );
	const geometry = new THREE.SphereGeometry( 0.45, 32, 16 );
	const a = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, metalness: 1 } );
	a.roughnessNode = TSL.uv().x;
	const b = new THREE.MeshStandardNodeMaterial( { color: 0xcc8855, roughness: 0.3 } );
	b.metalnessNode = TSL.uv().y;
	const c = new THREE.MeshPhysicalNodeMaterial( { color: 0xcc8855 } );
	c.roughnessNode = TSL.uv().y.mul( 0.9 );
	c.metalnessNode = TSL.float( 1 ).sub( TSL.uv().y );
	[ a, b, c ].forEach( ( m, i ) => {

		const ball = new THREE.Mesh( geometry, m );
		ball.position.set( ( i - 1 ) * 1.0, 0, 0 );
		scene.add( ball );

	} );
	return { scene, camera, width: W, height: H };

}
