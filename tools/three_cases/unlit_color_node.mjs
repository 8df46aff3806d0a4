// An unlit colour node: MeshBasicNodeMaterial, colorNode = mix(color(0xff8040), color(0x2060ff), uv().x),
// on a plane filling an orthographic view.
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	const camera = new THREE.OrthographicCamera( - 1, 1, 1, - 1, 0.1, 10 );
	camera.position.z = 1;
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = TSL.mix( TSL.color( 0xff8040 ), TSL.color( 0x2060ff ), TSL.uv().x );
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 2, 2 ), material ) );
	return { scene, camera, width: W, height: H };

}
