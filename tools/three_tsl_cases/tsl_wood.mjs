// three.js's webgpu_tsl_wood.html as examples/tsl_wood.rs ports it: r187's WoodNodeMaterial for
// three genera (teak, walnut, white_oak) with the raw finish on three boxes facing the camera, as
// the page's columns do (the wood, the boxes, the lights and the camera are _wood.mjs's).
// 384 × 144 pixels: the Voronoi cells are about 1365 a unit along y, some ten a pixel, so where a
// pixel centre falls among them moves by a few thousandths of a pixel with the GPU's fixed-point
// vertex positions; moving our own camera by 0.008 pixel changes 0.8% of the channel values at
// 256 × 96, where the case missed the bound (98.96% within 3/255); at 384 × 144 it holds.
import { woodBoxes } from './_wood.mjs';

export const W = 384;
export const H = 144;
export default function ( { THREE, TSL } ) {

	return woodBoxes( THREE, TSL, [ [ 'teak', 'raw' ], [ 'walnut', 'raw' ], [ 'white_oak', 'raw' ] ], W, H );

}
