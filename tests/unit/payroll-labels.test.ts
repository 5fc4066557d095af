import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/domain/enums.ts";
import { PAYROLL_COMPARED_FLAGS, PAYROLL_MONEY_FIELDS } from "../../src/domain/payroll/types.ts";
import { changedFieldName, PAYROLL_WORDS } from "../../src/server/modules/reporting/payroll-texts.ts";
import en from "../../src/web/i18n/employer/reporting.en.json";
import fi from "../../src/web/i18n/employer/reporting.fi.json";
import sv from "../../src/web/i18n/employer/reporting.sv.json";

/**
 * The payroll report's file and mail are written on the server, /raportointi in the browser: a payroll
 * clerk who reads both must meet the same words (the server may not import the web catalogues, so the
 * words are kept twice and held together here).
 */
const REPORTING = { fi, en, sv };

describe("the payroll report's words", () => {
  it.each(LANGUAGES)(
    "%s names regimes, changes, one-offs, absences and income types as /raportointi does",
    (lng) => {
      const web = REPORTING[lng].employerReporting;
      const server = PAYROLL_WORDS[lng];
      expect(web.regime).toEqual(server.regime);
      expect(web.change).toEqual(server.change);
      expect(web.oneOffKind).toEqual(server.oneOffKind);
      expect(web.absenceReason).toEqual(server.absenceReason);
      expect(web.incomeType).toEqual(Object.fromEntries(Object.entries(server.incomeType)));
    },
  );

  it.each(LANGUAGES)("%s names every changed field as the file does", (lng) => {
    const fields: Record<string, string> = REPORTING[lng].employerReporting.fields;
    for (const field of [...PAYROLL_MONEY_FIELDS, ...PAYROLL_COMPARED_FLAGS]) {
      expect(fields[field], `${lng} ${field}`).toBe(changedFieldName(PAYROLL_WORDS[lng], field));
    }
  });
});
