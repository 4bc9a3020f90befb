// The opening hours each kind of business starts with (docs/starter-kits.md). Browser-safe: the
// sign-up form fills its hours fields with these when the owner picks a kind, and the starter kit
// stores them when the owner sends none.

export type KitWeekly = Partial<Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", string[]>>;

const lunchAndDinner = ["12:00-15:00", "19:00-23:00"];
const salonDay = ["09:00-19:00"];
const clinicDay = ["09:00-13:00", "14:00-18:00"];
const shopDay = ["10:00-19:00"];
const officeDay = ["09:00-18:00"];

/** A restaurant serves lunch and dinner and closes one day (Monday): no office hours. */
export const restaurantHours: KitWeekly = {
  tue: lunchAndDinner,
  wed: lunchAndDinner,
  thu: lunchAndDinner,
  fri: lunchAndDinner,
  sat: lunchAndDinner,
  sun: ["12:00-16:00"],
};
/** A salon works Tuesday to Saturday, daytime. */
export const salonHours: KitWeekly = { tue: salonDay, wed: salonDay, thu: salonDay, fri: salonDay, sat: ["09:00-17:00"] };
/** A clinic sees patients on weekdays with a lunch break. */
export const clinicHours: KitWeekly = { mon: clinicDay, tue: clinicDay, wed: clinicDay, thu: clinicDay, fri: clinicDay };
/** A shop opens Monday to Saturday. */
export const shopHours: KitWeekly = { mon: shopDay, tue: shopDay, wed: shopDay, thu: shopDay, fri: shopDay, sat: ["10:00-14:00"] };
/** Any other business: office hours. */
export const officeHours: KitWeekly = { mon: officeDay, tue: officeDay, wed: officeDay, thu: officeDay, fri: officeDay };

/** The hours a kind starts with (a salon's for salon_or_clinic; the sign-up form offers the clinic's too). */
export const kitHours: Record<"restaurant" | "salon_or_clinic" | "shop" | "other", KitWeekly> = {
  restaurant: restaurantHours,
  salon_or_clinic: salonHours,
  shop: shopHours,
  other: officeHours,
};
