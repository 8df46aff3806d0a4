// Points and lines cast shadows: three's WebGL2 backend draws them into a directional light's
// shadow map with its shadow material, each point 1 texel wide (the GLSL's gl_PointSize = 1.0)
// and each line 1 texel across. A STANDARD floor that receives (0xdddddd, roughness 0.8); a 9×9
// grid of points (PointsNodeMaterial 0xffd040) at height 0.7 and three LineSegments
// (LineBasicNodeMaterial 0x40c0ff) near height 1, both castShadow; DirectionalLight(0xffffff, 3)
// at (1, 4, 1.5) whose shadow map is 32² over ±2 of its view (texels 1/8 wide, about two pixels
// on the floor), PCF; AmbientLight(0xffffff, 0.4).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 3, 3.5 );
	camera.lookAt( 0, 0, 0 );
	const floor = new THREE.Mesh( new THREE.PlaneGeometry( 5, 5 ), new THREE.MeshStandardNodeMaterial( { color: 0xdddddd, roughness: 0.8 } ) );
	floor.rotation.x = - Math.PI / 2;
	floor.receiveShadow = true;
	scene.add( floor );
	const grid = [];
	for ( let i = 0; i < 9; i ++ ) for ( let j = 0; j < 9; j ++ ) grid.push( - 1.2 + 0.3 * i + 0.011 * j, 0.7, - 1.2 + 0.3 * j + 0.017 * i );
	const g = new THREE.BufferGeometry();
	g.setAttribute( 'position', new THREE.Float32BufferAttribute( grid, 3 ) );
	const points = new THREE.Points( g, new THREE.PointsNodeMaterial( { color: 0xffd040 } ) );
	points.castShadow = true;
	scene.add( points );
	const segments = [
		- 1.5, 1.0, - 0.9, 1.4, 1.0, - 0.5,
		- 1.3, 1.1, 0.8, 1.5, 0.9, 1.1,
		- 0.4, 1.0, - 1.4, 0.3, 1.0, 1.5,
	];
	const lg = new THREE.BufferGeometry();
	lg.setAttribute( 'position', new THREE.Float32BufferAttribute( segments, 3 ) );
	const lines = new THREE.LineSegments( lg, new THREE.LineBasicNodeMaterial( { color: 0x40c0ff } ) );
	lines.castShadow = true;
	scene.add( lines );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 1, 4, 1.5 );
	sun.castShadow = true;
	sun.shadow.mapSize.set( 32, 32 );
	const c = sun.shadow.camera;
	c.left = - 2;
	c.right = 2;
	c.top = 2;
	c.bottom = - 2;
	c.updateProjectionMatrix();
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0xffffff, 0.4 ) );
	return {
		scene, camera, width: W, height: H,
		configure: ( renderer ) => {

			renderer.shadowMap.enabled = true;

		},
	};

}
