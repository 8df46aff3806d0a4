// An alpha-tested cut-out: a double-sided BASIC plane whose map has alpha holes (40/255 against
// alphaTest 0.5), turned so both faces show, in front of a STANDARD box lit by a directional light.
import { W, H, dataTexture, checkerBytes } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x223344 );
	const camera = new THREE.PerspectiveCamera( 50, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 3 );
	camera.lookAt( 0, 0, 0 );
	const map = dataTexture( THREE, 8, 8, checkerBytes( true ), { mipmaps: false } );
	map.magFilter = THREE.NearestFilter;
	map.minFilter = THREE.NearestFilter;
	const card = new THREE.Mesh( new THREE.PlaneGeometry( 1.6, 1.6 ), new THREE.MeshBasicNodeMaterial( { map, alphaTest: 0.5, side: THREE.DoubleSide } ) );
	card.rotation.y = 0.5;
	scene.add( card );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 1, 1, 1 ), new THREE.MeshStandardNodeMaterial( { color: 0xeeeeee, roughness: 0.5 } ) );
	box.position.set( 0.2, 0, - 1.2 );
	box.rotation.set( 0.4, 0.7, 0 );
	scene.add( box );
	const sun = new THREE.DirectionalLight( 0xffffff, 3 );
	sun.position.set( 1, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
