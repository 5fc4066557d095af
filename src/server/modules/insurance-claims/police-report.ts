import {
  type DataKeyring,
  fieldHash,
  fieldHashes,
  isSealed,
  readableField,
  sealField,
} from "../../data-keys.ts";
import { HASHED_PURPOSES, SEALED_PURPOSES } from "../../sealed-fields.ts";

/**
 * A claim's police report number identifies a crime report about the person, so it is kept sealed
 * under the data keys, with a keyed hash beside it for the helpdesk's search. The search finds the
 * whole number (an insurer or the police reads it out), whatever its case and spaces.
 */

function searchForm(number: string): string {
  return number.replace(/\s+/g, "").toUpperCase();
}

/** The columns to store for a number (or for none). */
export function policeReportColumns(ring: DataKeyring, number: string | null) {
  if (number === null) return { policeReportNumber: null, policeReportNumberHash: null };
  return {
    policeReportNumber: sealField(ring, SEALED_PURPOSES.policeReportNumber, number),
    policeReportNumberHash: fieldHash(ring, HASHED_PURPOSES.policeReportNumber, searchForm(number)),
  };
}

/**
 * The number as stored; one kept before numbers were sealed is read as it is until the rekey job
 * seals it, and one whose data key has left DATA_KEYS reads as none.
 */
export function policeReportOf(ring: DataKeyring, stored: string | null): string | null {
  if (stored === null) return null;
  return isSealed(stored) ? readableField(ring, SEALED_PURPOSES.policeReportNumber, stored) : stored;
}

/** The hashes a stored number matching the search has, under any data key. */
export function policeReportSearchHashes(ring: DataKeyring, search: string): string[] {
  return fieldHashes(ring, HASHED_PURPOSES.policeReportNumber, searchForm(search));
}
