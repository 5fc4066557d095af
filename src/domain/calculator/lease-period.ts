/**
 * The lease period a package's price sets (POST /api/leasing/get-leasing-time-months): the billing
 * table's price brackets, each from minTotal (inclusive) up to maxTotal (exclusive; null = no upper
 * limit), name the months. Null when no bracket takes the price or its months are outside the table's
 * limits: the table is set up wrong and the caller answers INVALID_LEASING_CONFIGURATION.
 */

export type PriceBracket = { minTotalCents: number; maxTotalCents: number | null; leaseTimeMonths: number };

export function leaseMonthsForTotal(
  brackets: readonly PriceBracket[],
  totalCents: number,
  limits: { minLeaseMonths: number; maxLeaseMonths: number },
): number | null {
  const bracket = brackets.find(
    (b) => totalCents >= b.minTotalCents && (b.maxTotalCents === null || totalCents < b.maxTotalCents),
  );
  if (!bracket) return null;
  const months = bracket.leaseTimeMonths;
  return months >= limits.minLeaseMonths && months <= limits.maxLeaseMonths ? months : null;
}
