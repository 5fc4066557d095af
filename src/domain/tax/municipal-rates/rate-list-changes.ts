import type { MunicipalRate } from "../tax-year.ts";

/**
 * What a new year's list of municipal and parish rates changes against the year before: the
 * municipalities that are new (a merger's new municipality), the ones gone (merged away), and the ones
 * whose rates, names or Åland flag changed, each with its values before and after. The helpdesk reads
 * this before confirming an import. Municipalities are matched by their code, then (for a row of the
 * year before kept without one) by their name.
 */

/** What of a municipality's row a new list can change. */
export const COMPARED_FIELDS = [
  "municipalPercent",
  "churchPercent",
  "orthodoxPercent",
  "municipality",
  "municipalitySv",
  "aland",
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

type ChangedMunicipality = {
  before: MunicipalRate;
  after: MunicipalRate;
  /** The fields whose value differs, in COMPARED_FIELDS' order (rates first). */
  fields: ComparedField[];
};

export type MunicipalRateChanges = {
  added: MunicipalRate[];
  removed: MunicipalRate[];
  changed: ChangedMunicipality[];
  unchanged: number;
  /** How many municipalities raise and lower their municipal rate (the press counts these each year). */
  municipalRaised: number;
  municipalLowered: number;
};

const nameKey = (name: string) => name.toLocaleLowerCase("fi");
const byName = (a: MunicipalRate, b: MunicipalRate) => a.municipality.localeCompare(b.municipality, "fi");

export function compareMunicipalRateLists(
  before: readonly MunicipalRate[],
  after: readonly MunicipalRate[],
): MunicipalRateChanges {
  const unmatched = new Set(before);
  const earlierByCode = new Map(before.flatMap((r) => (r.code ? [[r.code, r] as const] : [])));
  const earlierByName = new Map(before.map((r) => [nameKey(r.municipality), r] as const));
  const pairs: [MunicipalRate, MunicipalRate][] = [];
  const added: MunicipalRate[] = [];
  for (const next of after) {
    let earlier = next.code === null ? undefined : earlierByCode.get(next.code);
    if (!earlier) {
      const named = earlierByName.get(nameKey(next.municipality));
      // A row matched by name only when it has no code of its own to be matched by.
      if (named && (named.code === null || next.code === null)) earlier = named;
    }
    if (earlier && unmatched.has(earlier)) {
      unmatched.delete(earlier);
      pairs.push([earlier, next]);
    } else added.push(next);
  }

  const changed: ChangedMunicipality[] = [];
  let municipalRaised = 0;
  let municipalLowered = 0;
  for (const [earlier, next] of pairs) {
    const fields = COMPARED_FIELDS.filter((field) => earlier[field] !== next[field]);
    if (fields.length > 0) changed.push({ before: earlier, after: next, fields });
    if (next.municipalPercent > earlier.municipalPercent) municipalRaised++;
    if (next.municipalPercent < earlier.municipalPercent) municipalLowered++;
  }
  return {
    added: added.sort(byName),
    removed: [...unmatched].sort(byName),
    changed: changed.sort((a, b) => byName(a.after, b.after)),
    unchanged: pairs.length - changed.length,
    municipalRaised,
    municipalLowered,
  };
}
