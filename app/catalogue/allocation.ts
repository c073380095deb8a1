/**
 * Allocations (docs/decisions/049-member-tastings-and-allocations.md): staff reserve a product to
 * members from one day to another of the shop's calendar, both days included. During that time
 * everyone sees the product, only members may put it in a cart. Pure; shared with the browser.
 */

/** A product's allocation as stored: both days `YYYY-MM-DD`, or both null (no allocation). */
export interface Allocation {
  membersOnlyFrom: string | null;
  membersOnlyUntil: string | null;
}

/**
 * The last day of the allocation running on `today`, or null when none runs that day.
 * @param today the shop's calendar day, `YYYY-MM-DD` (`shopDateOf(now)`).
 * @example allocationRunningOn({ membersOnlyFrom: "2026-12-01", membersOnlyUntil: "2026-12-24" }, "2026-12-24") // "2026-12-24"
 */
export function allocationRunningOn(product: Allocation, today: string): string | null {
  const { membersOnlyFrom: from, membersOnlyUntil: until } = product;
  if (from === null || until === null) return null;
  // `YYYY-MM-DD` strings sort as the days they name.
  return from <= today && today <= until ? until : null;
}
