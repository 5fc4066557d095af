import type { TOwnMunicipalityUpdate } from "../../../contract/account.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { municipalitiesOfYear } from "../../../domain/tax/municipality-search.ts";
import { calculationYear } from "../../../domain/tax/tax-year.ts";
import type { Db } from "../../db/client.ts";
import { systemUsers } from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { calculatorParameterRows } from "../calculator/parameters-cache.ts";
import { unknownMunicipality } from "./errors.ts";

/**
 * Remembers a person's municipality of residence and church on their own details (PUT
 * /api/user/municipality), for the calculator and /mybike to start from. The code must be one of the
 * year's municipalities, as the calculator lists them (this year's rates, else the latest published):
 * an unknown one is refused at its field, never kept to become an average later. Åland's municipalities
 * are kept like any other; the calculator says itself that it does not calculate them yet.
 */
export async function rememberOwnMunicipality(
  db: Db,
  user: CurrentUser,
  input: TOwnMunicipalityUpdate,
  now: Date,
): Promise<void> {
  if (input.municipalityCode !== null) {
    const { municipalities } = await calculatorParameterRows(db);
    const years = [...new Set(municipalities.map((m) => m.year))];
    const year = calculationYear(toHelsinkiDateString(now), years);
    if (!municipalitiesOfYear(municipalities, year).some((m) => m.code === input.municipalityCode)) {
      throw unknownMunicipality(input.municipalityCode, year);
    }
  }
  const choice = { municipalityCode: input.municipalityCode, church: input.church };
  // Every person has a profile row; should one lack it, the row is made with the names they go by.
  await db
    .insert(systemUsers)
    .values({ userId: user.id, firstName: user.firstName, lastName: user.lastName, ...choice })
    .onConflictDoUpdate({ target: systemUsers.userId, set: choice });
}
