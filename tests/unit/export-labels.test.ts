import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/domain/enums.ts";
import { EXPORT_TEXTS } from "../../src/server/modules/employees/export-texts.ts";
import employeesEn from "../../src/web/i18n/employer/employees.en.json";
import employeesFi from "../../src/web/i18n/employer/employees.fi.json";
import employeesSv from "../../src/web/i18n/employer/employees.sv.json";
import en from "../../src/web/i18n/pages/en.json";
import fi from "../../src/web/i18n/pages/fi.json";
import sv from "../../src/web/i18n/pages/sv.json";

/**
 * The employee export is written on the server, the screens in the browser: both must call an order
 * or employee status the same (the server may not import the web catalogues, so the words are kept twice and held
 * together here).
 */
const PAGES = { fi, en, sv };
const EMPLOYEES = { fi: employeesFi, en: employeesEn, sv: employeesSv };

describe("the employee export's words", () => {
  it.each(LANGUAGES)("%s names the order statuses as the web app does", (lng) => {
    expect(EXPORT_TEXTS[lng].orderStatus).toEqual(PAGES[lng].ds.status.order);
  });

  it.each(LANGUAGES)("%s names the employee statuses as /tyonantaja does", (lng) => {
    expect(EXPORT_TEXTS[lng].employeeStatus).toEqual(EMPLOYEES[lng].employerEmployees.status);
  });
});
