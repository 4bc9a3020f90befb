import type { BusinessKind } from "../businesses/onboarding";
import type { StarterKit } from "./kit";
import { otherKit } from "./other";
import { restaurantKit } from "./restaurant";
import { salonOrClinicKit } from "./salon-or-clinic";
import { shopKit } from "./shop";

// One starter kit per kind of business (docs/starter-kits.md).

export const starterKits: Record<BusinessKind, StarterKit> = {
  restaurant: restaurantKit,
  salon_or_clinic: salonOrClinicKit,
  shop: shopKit,
  other: otherKit,
};

export type { KitLanguage, KitText, StarterKit } from "./kit";
export { kitLanguages } from "./kit";
