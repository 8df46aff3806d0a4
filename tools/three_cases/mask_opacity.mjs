// The mask, opacity and AO nodes: a STANDARD sphere with maskNode = step(0.4, fract(uv.x·6)) (stripes
// thrown away, so the back faces show through: DoubleSide), and a transparent BASIC plane with
// opacityNode = uv.y; a LAMBERT box with aoNode = 0.3 under ambient light.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x203040 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0, 4 );
	const striped = new THREE.MeshStandardNodeMaterial( { color: 0xffcc88, roughness: 0.5, side: THREE.DoubleSide } );
	striped.maskNode = TSL.step( 0.4, TSL.fract( TSL.uv().x.mul( 6 ) ) );
	const ball = new THREE.Mesh( new THREE.SphereGeometry( 0.8, 32, 16 ), striped );
	ball.position.set( - 0.7, 0.3, 0 );
	ball.rotation.y = 0.4;
	scene.add( ball );
	const fade = new THREE.MeshBasicNodeMaterial( { color: 0x66ddff, transparent: true } );
	fade.opacityNode = TSL.uv().y;
	const pane = new THREE.Mesh( new THREE.PlaneGeometry( 1.2, 1.6 ), fade );
	pane.position.set( 0.8, 0.1, 0.5 );
	scene.add( pane );
	const dim = new THREE.MeshLambertNodeMaterial( { color: 0xffffff } );
	dim.aoNode = TSL.float( 0.3 );
	const box = new THREE.Mesh( new THREE.BoxGeometry( 0.6, 0.6, 0.6 ), dim );
	box.position.set( 0.2, - 0.9, 0 );
	box.rotation.set( 0.5, 0.5, 0 );
	scene.add( box );
	scene.add( new THREE.AmbientLight( 0xffffff, 2 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 1, 1, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
