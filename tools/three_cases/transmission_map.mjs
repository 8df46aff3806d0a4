// PHYSICAL transmission with maps: `transmissionMap` (its red) and `thicknessMap` (its green),
// the 8×8 checker texture of _common.mjs as linear data (NoColorSpace, trilinear), on a sphere
// (transmission 1, thickness 1.5, roughness 0.3, colour 0xffeecc) and on a thin plane
// (thickness 0, transmission 0.9, roughness 0.35, ior 1.3: level 1.26, past the nearest-filtered
// level 0, docs/differences.md), in front of the nearest-filtered
// checker of transmission_sphere and an opaque LAMBERT box, under a directional light.
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x203040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	camera.lookAt( 0, 0, 0 );
	const checker = dataTexture( THREE, 8, 8, checkerBytes(), { repeat: true, mipmaps: false } );
	checker.magFilter = THREE.NearestFilter;
	checker.minFilter = THREE.NearestFilter;
	checker.repeat.set( 4, 3 );
	const back = new THREE.Mesh( new THREE.PlaneGeometry( 3.2, 2.4 ), new THREE.MeshBasicNodeMaterial( { map: checker } ) );
	back.position.set( 0, 0, - 1 );
	scene.add( back );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.6, 0.6, 0.6 ), new THREE.MeshLambertNodeMaterial( { color: 0x33cc55 } ) );
	box.position.set( 0.4, - 0.3, - 0.6 );
	box.rotation.set( 0.4, 0.6, 0 );
	scene.add( box );
	const data = dataTexture( THREE, 8, 8, checkerBytes(), { srgb: false } );
	const sphere = new THREE.Mesh( new THREE.SphereGeometry( 0.6, 32, 16 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xffeecc, roughness: 0.3, metalness: 0, transmission: 1, thickness: 1.5,
		transmissionMap: data, thicknessMap: data,
	} ) );
	sphere.position.set( - 0.55, 0.1, 0.5 );
	scene.add( sphere );
	const pane = new THREE.Mesh( new THREE.PlaneGeometry( 0.9, 1.2 ), new THREE.MeshPhysicalNodeMaterial( {
		color: 0xffffff, roughness: 0.35, metalness: 0, transmission: 0.9, ior: 1.3,
		transmissionMap: data,
	} ) );
	pane.position.set( 0.7, 0, 0.4 );
	pane.rotation.y = - 0.4;
	scene.add( pane );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
