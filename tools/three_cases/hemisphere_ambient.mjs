// Hemisphere plus ambient light on LAMBERT, STANDARD and PHYSICAL (clearcoat) spheres, plus a weak
// directional light so the clearcoat shows: HemisphereLight(0x87ceeb, 0x8b5a2b, 1.5),
// AmbientLight(0x404040, 1), DirectionalLight(0xffffff, 1.5) at (-1, 2, 2).
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x202020 );
	const camera = new THREE.OrthographicCamera( - 2, 2, 2, - 2, 0.1, 20 );
	camera.position.set( 0, 0, 5 );
	const geometry = new THREE.SphereGeometry( 0.6, 32, 16 );
	const lambert = new THREE.Mesh( geometry, new THREE.MeshLambertNodeMaterial( { color: 0xffffff } ) );
	lambert.position.set( - 1.3, 0.7, 0 );
	const standard = new THREE.Mesh( geometry, new THREE.MeshStandardNodeMaterial( { color: 0xffffff, roughness: 0.8 } ) );
	standard.position.set( 0, 0.7, 0 );
	const physical = new THREE.Mesh( geometry, new THREE.MeshPhysicalNodeMaterial( { color: 0xaa2222, roughness: 0.6, clearcoat: 1, clearcoatRoughness: 0.1 } ) );
	physical.position.set( 1.3, 0.7, 0 );
	const metal = new THREE.Mesh( geometry, new THREE.MeshStandardNodeMaterial( { color: 0xffcc66, roughness: 0.3, metalness: 1 } ) );
	metal.position.set( 0, - 0.9, 0 );
	scene.add( lambert, standard, physical, metal );
	scene.add( new THREE.HemisphereLight( 0x87ceeb, 0x8b5a2b, 1.5 ) );
	scene.add( new THREE.AmbientLight( 0x404040, 1 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 1.5 );
	sun.position.set( - 1, 2, 2 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
