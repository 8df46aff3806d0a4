// Vertex colours: a BASIC plane (2×2 segments) with a colour per vertex, and a STANDARD cylinder with
// vertexColors whose colours follow its heights, under an ambient and a directional light.
import { W, H } from './_common.mjs';
export default function ( { THREE } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.5, 4 );
	camera.lookAt( 0, 0, 0 );
	const plane = new THREE.PlaneGeometry( 3, 3, 2, 2 );
	const colors = [];
	for ( let i = 0; i < plane.attributes.position.count; i ++ ) colors.push( ( i % 3 ) / 2, ( i % 4 ) / 3, 1 - i / 8 );
	plane.setAttribute( 'color', new THREE.Float32BufferAttribute( colors, 3 ) );
	const back = new THREE.Mesh( plane, new THREE.MeshBasicNodeMaterial( { vertexColors: true } ) );
	back.position.z = - 1;
	scene.add( back );
	const cylinder = new THREE.CylinderGeometry( 0.5, 0.7, 1.5, 24, 3 );
	const ccolors = [];
	const p = cylinder.attributes.position;
	for ( let i = 0; i < p.count; i ++ ) ccolors.push( 0.5 + p.getY( i ) / 1.5, 0.3, 0.5 - p.getY( i ) / 1.5 );
	cylinder.setAttribute( 'color', new THREE.Float32BufferAttribute( ccolors, 3 ) );
	const can = new THREE.Mesh( cylinder, new THREE.MeshStandardNodeMaterial( { vertexColors: true, roughness: 0.5 } ) );
	can.rotation.x = 0.3;
	scene.add( can );
	scene.add( new THREE.AmbientLight( 0xffffff, 1 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2 );
	sun.position.set( 2, 2, 3 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
