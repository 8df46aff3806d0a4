// r187's WoodNodeMaterial.fromPreset with the three finishes that have a clear coat, as
// tsl::materials's wood_preset / wood_program / wood_material make them (tests/tsl_oracle.rs):
// walnut gloss, pine matte and cherry semigloss on the boxes of tsl_wood.mjs (_wood.mjs). The
// colour is not darkened by the finish, as three's material builds its colorNode once, from the
// first preset it loads (teak, raw). 384 × 144 for the reason tsl_wood.mjs gives.
import { woodBoxes } from './_wood.mjs';

export const W = 384;
export const H = 144;
export default function ( { THREE, TSL } ) {

	return woodBoxes( THREE, TSL, [ [ 'walnut', 'gloss' ], [ 'pine', 'matte' ], [ 'cherry', 'semigloss' ] ], W, H );

}
