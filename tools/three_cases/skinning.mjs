// Skinning (R-DEFORM-2, docs/requirements.md): two SkinnedMeshes, each a
// CylinderGeometry(0.22, 0.22, 2, 16, 12) with a skeleton of three bones (children of the mesh at
// y = −1, 0 and 1 in the rest pose) bound at the mesh's place (three's `bind`: the bind matrix
// the mesh's world matrix, the bone inverses their rest world matrices inverted); each vertex
// weighted between the two bones around it, as three's SkinnedMesh example does (index
// min(⌊y + 1⌋, 2) and the next, weight the fraction), on MeshStandard. The bones then turn about
// z (0.5 and 0.6 rad, and about x on the right), and the right mesh has a positionNode that
// widens it: positionLocal + (0.15·positionLocal.x, 0, 0).
import { W, H } from './_common.mjs';
export default function ( { THREE, TSL } ) {

	const scene = new THREE.Scene();
	scene.background = new THREE.Color( 0x101418 );
	const camera = new THREE.PerspectiveCamera( 45, W / H, 0.1, 100 );
	camera.position.set( 0, 0.4, 5 );
	camera.lookAt( 0, 0.3, 0 );

	function skinned( material, x, turns ) {

		const geometry = new THREE.CylinderGeometry( 0.22, 0.22, 2, 16, 12 );
		const p = geometry.attributes.position;
		const indices = [], weights = [];
		for ( let i = 0; i < p.count; i ++ ) {

			const y = p.getY( i ) + 1;
			const index = Math.min( Math.floor( y ), 2 );
			const weight = y - index;
			indices.push( index, Math.min( index + 1, 2 ), 0, 0 );
			weights.push( 1 - weight, weight, 0, 0 );

		}

		geometry.setAttribute( 'skinIndex', new THREE.Uint16BufferAttribute( indices, 4 ) );
		geometry.setAttribute( 'skinWeight', new THREE.Float32BufferAttribute( weights, 4 ) );
		const mesh = new THREE.SkinnedMesh( geometry, material );
		mesh.position.x = x;
		const bones = [ new THREE.Bone(), new THREE.Bone(), new THREE.Bone() ];
		bones[ 0 ].position.y = - 1;
		bones[ 1 ].position.y = 1;
		bones[ 2 ].position.y = 1;
		bones[ 0 ].add( bones[ 1 ] );
		bones[ 1 ].add( bones[ 2 ] );
		mesh.add( bones[ 0 ] );
		mesh.bind( new THREE.Skeleton( bones ) );
		bones[ 1 ].rotation.set( turns[ 0 ], 0, turns[ 1 ] );
		bones[ 2 ].rotation.set( turns[ 2 ], 0, turns[ 3 ] );
		scene.add( mesh );

	}

	skinned( new THREE.MeshStandardNodeMaterial( { color: 0x6fc36f, roughness: 0.5 } ), - 0.8, [ 0, 0.5, 0, 0.6 ] );
	const widened = new THREE.MeshStandardNodeMaterial( { color: 0xd07fd0, roughness: 0.5 } );
	widened.positionNode = TSL.positionLocal.add( TSL.vec3( TSL.positionLocal.x.mul( 0.15 ), 0, 0 ) );
	skinned( widened, 0.7, [ 0.4, - 0.5, 0.3, - 0.4 ] );

	scene.add( new THREE.AmbientLight( 0xffffff, 0.5 ) );
	const sun = new THREE.DirectionalLight( 0xffffff, 2.5 );
	sun.position.set( 2, 3, 4 );
	scene.add( sun );
	return { scene, camera, width: W, height: H };

}
