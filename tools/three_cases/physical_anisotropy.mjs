// MeshPhysical's anisotropy, anisotropyRotation and anisotropyMap (rg a direction, b a strength):
// four planes facing the camera (the third turned by 0.4 rad), each with a point light close in
// front of it, so that each shows its stretched highlight; the tangent frame comes from the uv's
// screen derivatives (a plane has no tangents). Planes rather than spheres: near a sphere's rim
// and poles the frame from the derivatives is too sensitive to rounding to compare pixel for pixel
// (docs/differences.md).
import { W, H } from './_common.mjs';
import { dataMap } from './_physical.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	const M = ( p ) => new THREE.MeshPhysicalNodeMaterial( p );
	const polar = dataMap( THREE, ( x, y ) => [ 128 + 15 * x, 200 - 10 * y, 120 + 16 * y, 255 ] );
	const materials = [
		M( { color: 0xdddddd, roughness: 0.5, metalness: 1, anisotropy: 0.8 } ),
		M( { color: 0xdddddd, roughness: 0.5, metalness: 1, anisotropy: 0.8, anisotropyRotation: Math.PI / 2 } ),
		M( { color: 0x884422, roughness: 0.5, anisotropy: 0.5, anisotropyRotation: Math.PI / 4 } ),
		M( { color: 0xaaccee, roughness: 0.4, metalness: 0.8, anisotropy: 1, anisotropyRotation: 0.3, anisotropyMap: polar } ),
	];
	const geometry = new THREE.PlaneGeometry( 1.8, 1.8 );
	const places = [ [ - 0.95, 0.95 ], [ 0.95, 0.95 ], [ - 0.95, - 0.95 ], [ 0.95, - 0.95 ] ];
	materials.forEach( ( material, i ) => {

		const [ x, y ] = places[ i ];
		const mesh = new THREE.Mesh( geometry, material );
		mesh.position.set( x, y, 0 );
		if ( i === 2 ) mesh.rotation.z = 0.4;
		scene.add( mesh );
		const lamp = new THREE.PointLight( 0xffeedd, 1.5 );
		lamp.position.set( x + 0.2, y + 0.1, 0.7 );
		scene.add( lamp );

	} );
	const sun = new THREE.DirectionalLight( 0xffffff, 1 );
	sun.position.set( - 1, 2, 2 );
	scene.add( sun );
	scene.add( new THREE.AmbientLight( 0x404040, 0.5 ) );
	return { scene, camera, width: W, height: H };

}
