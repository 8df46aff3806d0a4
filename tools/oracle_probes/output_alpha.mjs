// outputNode = vec3 and colorNode = vec4 on transparent MeshBasicNodeMaterials of opacity 0.5,
// rendered by three.js r187 (tools/three_oracle `render`): what alpha each gives (R-OUT-11,
// R-OUT-12; tools/oracle_probes/README.md records the pixels).
export default function ( { THREE, TSL } ) {
	const { vec3, vec4 } = TSL;
	const scene = new THREE.Scene();
	const left = new THREE.MeshBasicNodeMaterial( { transparent: true, opacity: 0.5 } );
	left.outputNode = vec3( 1, 0, 0 );
	const right = new THREE.MeshBasicNodeMaterial( { transparent: true, opacity: 0.5 } );
	right.colorNode = vec4( 0, 1, 0, 0.5 );
	const a = new THREE.Mesh( new THREE.PlaneGeometry( 1, 2 ), left ); a.position.x = - 0.5;
	const b = new THREE.Mesh( new THREE.PlaneGeometry( 1, 2 ), right ); b.position.x = 0.5;
	scene.add( a, b );
	const camera = new THREE.OrthographicCamera( - 1, 1, 1, - 1, 0.1, 10 );
	camera.position.z = 1;
	return { scene, camera, width: 8, height: 8 };
}
