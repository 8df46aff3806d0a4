// three.js's webgpu_procedural_texture.html, as examples/tsl_procedural_texture.rs ports it:
// MeshBasicNodeMaterial, colorNode = checker( uv().mul( uvScale ) ) with uvScale = uniform( 4 ),
// on a 1 × 1 plane filling an orthographic view. The page's convertToTexture and gaussianBlur
// after the checker are post passes the port does not have (blur amount 0): left out here too.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { uniform, uv, checker } = TSL;
	const uvScale = uniform( 4 );
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = checker( uv().mul( uvScale ) );
	const scene = new THREE.Scene();
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material ) );
	const camera = new THREE.OrthographicCamera( - 0.5, 0.5, 0.5, - 0.5, 0.1, 10 );
	camera.position.z = 1;
	return { scene, camera, width: W, height: H };

}
