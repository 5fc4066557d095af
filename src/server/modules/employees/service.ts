import type {
  TCompanyEmployeesQuery,
  TEmployeesExportQuery,
  TEmployeesListQuery,
  TEmployeesWithAllDataQuery,
  TEmployeesWithOrdersQuery,
} from "../../../contract/employee-list-queries.ts";
import type {
  TAbsence,
  TAbsenceInput,
  TCreateEmployee,
  TDecideEmployee,
  TEmployee,
  TEmployeeDetails,
  TEmployeeFilterOptions,
  TEmployeesPage,
  TUpdateEmployee,
} from "../../../contract/employees.ts";
import type {
  TCompanyInvitation,
  TCompanyInvitationsPage,
  TCompanyInvitationsQuery,
  TInvitationAccepted,
  TOwnInvitations,
} from "../../../contract/employment-invitations.ts";
import type { AppContext } from "../../context.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser, SignedInActor } from "../auth/session-user.ts";
import { recordAbsence, removeAbsence, updateAbsence } from "./absences.ts";
import { addEmployee } from "./add-employee.ts";
import { decideEmployee } from "./decide-employee.ts";
import { exportEmployees } from "./export.ts";
import {
  acceptInvitation,
  companyInvitationById,
  companyInvitations,
  declineInvitation,
  ownInvitations,
  withdrawInvitation,
} from "./invitations.ts";
import { queueDecision, queueInvitation } from "./mails.ts";
import {
  absencesOf,
  employeeById,
  employeeDetails,
  employeeFilterOptions,
  employeesOfCompany,
  employeesWithAllData,
  helsinkiToday,
  listEmployees,
} from "./queries.ts";
import { updateEmployee } from "./update-employee.ts";

/**
 * The employer's employees (docs/api-surface.md "Orders and employees", docs/product.md "States" accept/reject): lists, details, adding
 * an employee, the employer's fields, the decision on a joining request and absences. Every read and
 * write is scoped to the caller's companies (docs/architecture.md): another tenant's employee is a 404. Each
 * change is event-logged with its actor in the change's transaction, and its mails are queued in it.
 */

const by = (user: CurrentUser): { actor: SignedInActor } => ({ actor: { userId: user.id, user } });

export function createEmployeesService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    list: (viewer: CurrentUser, query: TEmployeesListQuery): Promise<TEmployeesPage> =>
      listEmployees(db, viewer, query),

    ofCompany: (viewer: CurrentUser, companyId: string, query: TCompanyEmployeesQuery) =>
      employeesOfCompany(db, viewer, companyId, query),

    withOrders: (viewer: CurrentUser, query: TEmployeesWithOrdersQuery): Promise<TEmployeesPage> =>
      listEmployees(db, viewer, { ...query, filterType: "WITH_ORDER" }),

    withAllData: (viewer: CurrentUser, query: TEmployeesWithAllDataQuery) =>
      employeesWithAllData(db, viewer, query),

    filterOptions: (viewer: CurrentUser, companyId?: string): Promise<TEmployeeFilterOptions> =>
      employeeFilterOptions(db, viewer, companyId),

    details: (viewer: CurrentUser, id: string): Promise<TEmployeeDetails> => employeeDetails(db, viewer, id),

    /**
     * Adds an employee and mails them the invitation (a set-password link for a new account); a person
     * not yet the company's own is invited instead, and the answer is the invitation, never the person.
     */
    async create(actor: CurrentUser, input: TCreateEmployee): Promise<TEmployee | TCompanyInvitation> {
      const added = await write(db, by(actor), async (w) => {
        const made = await addEmployee(w, input);
        await queueInvitation(w.tx, made, input);
        return made;
      });
      if (added.kind === "invitation") return companyInvitationById(db, added.invitationId);
      return employeeById(db, added.employeeId);
    },

    invitations: (viewer: CurrentUser, query: TCompanyInvitationsQuery): Promise<TCompanyInvitationsPage> =>
      companyInvitations(db, viewer, query),

    async withdrawInvitation(actor: CurrentUser, id: string): Promise<TCompanyInvitation> {
      await write(db, by(actor), (w) => withdrawInvitation(w, id));
      return companyInvitationById(db, id);
    },

    /** The employer's fields; an ended employment's redemption offers are queued with the change. */
    async update(actor: CurrentUser, id: string, input: TUpdateEmployee): Promise<TEmployee> {
      const output = { publicUrl: ctx.config.publicUrl, files: ctx.files };
      await write(db, by(actor), (w) => updateEmployee(w, id, input, output));
      return employeeById(db, id);
    },

    /** The decision on a joining request; the answer replaces the row in the list. */
    async decide(actor: CurrentUser, id: string, input: TDecideEmployee): Promise<TEmployee> {
      await write(db, by(actor), async (w) => {
        const decided = await decideEmployee(w, id, input);
        await queueDecision(w.tx, decided, input);
      });
      return employeeById(db, id);
    },

    /** The filtered list as a CSV or XLSX file in the caller's (or the asked) language. */
    exportFile(viewer: CurrentUser, query: TEmployeesExportQuery, onError: (error: unknown) => void) {
      const lang = query.language ?? viewer.language;
      return exportEmployees(db, viewer, query, { today: helsinkiToday(), lang, onError });
    },
  };
}

/** An employee's absences (docs/product.md "States" absence reasons), kept as history for the payroll report. */
export function createAbsencesService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    list: (viewer: CurrentUser, employeeId: string): Promise<{ absences: TAbsence[] }> =>
      absencesOf(db, viewer, employeeId),

    create: (actor: CurrentUser, employeeId: string, input: TAbsenceInput): Promise<TAbsence> =>
      write(db, by(actor), (w) => recordAbsence(w, employeeId, input)),

    update: (actor: CurrentUser, employeeId: string, absenceId: string, input: TAbsenceInput) =>
      write(db, by(actor), (w) => updateAbsence(w, employeeId, absenceId, input)),

    remove: (actor: CurrentUser, employeeId: string, absenceId: string): Promise<{ message: string }> =>
      write(db, by(actor), (w) => removeAbsence(w, employeeId, absenceId)),
  };
}

/** The invited person's own invitations: the list on their page, and their answer. */
export function createOwnInvitationsService(ctx: AppContext) {
  const { db } = ctx.database;
  const as = (user: CurrentUser) => ({ actor: { userId: user.id } });
  return {
    list: (user: CurrentUser): Promise<TOwnInvitations> => ownInvitations(db, user.id),
    accept: (user: CurrentUser, id: string): Promise<TInvitationAccepted> =>
      write(db, as(user), (w) => acceptInvitation(w, id)),
    async decline(user: CurrentUser, id: string): Promise<{ message: string }> {
      await write(db, as(user), (w) => declineInvitation(w, id));
      return { message: "Invitation declined" };
    },
  };
}
