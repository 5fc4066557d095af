import { toCsv } from "../../src/domain/csv.ts";
import type { Call, Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";
import { settingsManagers } from "./matrix-payroll-delivery.ts";

/**
 * The staff file's import and its template. Rows read as those of access-matrix.ts (see its header).
 * Importing is company-settings.manage in the company (its admin, its group's admin, the admin tier):
 * the editor, who adds employees one by one, does not import; another tenant's admin gets 404. The
 * import is previewed (dryRun), so no case writes employees; the writes are in
 * src/server/modules/employee-import/employee-import.db.test.ts.
 */

/** The template: anyone who may import somewhere (Toinen Oy's admin too). */
const importers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  EMPLOYER_GROUP_ADMIN: "ok",
  otherTenant: "ok",
  rest: 403,
};

/** The employees of Demo Oy, as the employee form's add: its managers, the admin tier; another tenant 404. */
const demoManagers: Expectations = {
  anonymous: 401,
  admins: "ok",
  employerManagers: "ok",
  otherTenant: 404,
  rest: 403,
};

/** A one-person staff file, as the multipart body the web sends. */
function staffFile(f: Fixtures): Call["form"] {
  const csv = toCsv([
    ["Etunimi", "Sukunimi", "Työsähköposti"],
    ["Matriisi", "Tuonti", f.uniqueEmail("imported")],
  ]);
  return () => {
    const form = new FormData();
    form.append("file", new Blob([csv]), "henkilosto.csv");
    return form;
  };
}

export const EMPLOYEE_IMPORT_ROWS: readonly MatrixRow[] = [
  {
    operation: "POST /api/beneficiary-employee/companies/{id}/import",
    call: (f) => ({ params: { id: f.demoCompanyId }, query: { dryRun: "true" }, form: staffFile(f) }),
    expect: settingsManagers,
  },
  {
    operation: "GET /api/beneficiary-employee/companies/{id}/joining",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: demoManagers,
  },
  {
    // The demo employee has logged in: skipped, so no case mails anyone.
    operation: "POST /api/beneficiary-employee/companies/{id}/invite",
    call: (f) => ({ params: { id: f.demoCompanyId }, body: { employeeIds: [f.employeeEmploymentId] } }),
    expect: demoManagers,
  },
  {
    operation: "GET /api/beneficiary-employee/import-template",
    call: () => ({ query: { language: "fi", format: "csv" } }),
    expect: importers,
  },
];
