// three.js's webgpu_compute_texture.html, as examples/tsl_compute_texture.rs ports it: the page's
// plasma, computed in the colour node of a MeshBasicNodeMaterial for the texel of the 512 × 512
// storage texture that uv() falls in (posX = floor(u · 512), posY = floor(v · 512)), on a 1 × 1
// plane filling an orthographic view. The page's own compute pass cannot run on the oracle's WebGL2
// backend (see _compute_texture_original.mjs); the formulas below are the page's, line for line.
export const W = 64;
export const H = 64;
export default function ( { THREE, TSL } ) {

	const { uv, floor, vec3 } = TSL;
	const width = 512;
	const posX = floor( uv().x.mul( width ) );
	const posY = floor( uv().y.mul( width ) );
	const x = posX.div( 50.0 );
	const y = posY.div( 50.0 );
	const v1 = x.sin();
	const v2 = y.sin();
	const v3 = x.add( y ).sin();
	const v4 = x.mul( x ).add( y.mul( y ) ).sqrt().add( 5.0 ).sin();
	const v = v1.add( v2, v3, v4 );
	const r = v.sin();
	const g = v.add( Math.PI ).sin();
	const b = v.add( Math.PI ).sub( 0.5 ).sin();
	const material = new THREE.MeshBasicNodeMaterial();
	material.colorNode = vec3( r, g, b );
	const scene = new THREE.Scene();
	scene.add( new THREE.Mesh( new THREE.PlaneGeometry( 1, 1 ), material ) );
	const camera = new THREE.OrthographicCamera( - 0.5, 0.5, 0.5, - 0.5, 0.1, 10 );
	camera.position.z = 1;
	return { scene, camera, width: W, height: H };

}
