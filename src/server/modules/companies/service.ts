import type {
  TCompaniesQuery,
  TCompanyDetails,
  TCompanyOrdersQuery,
  TCompanySettingsInput,
  TCreateCompany,
  TUpdateCompany,
} from "../../../contract/companies.ts";
import type { AppContext } from "../../context.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { write } from "../../db/transaction.ts";
import type { CurrentUser, SignedInActor } from "../auth/session-user.ts";
import { queueSetPasswordMail } from "../system-users/mails.ts";
import { checkCompanyFields } from "./company-fields.ts";
import { createCompany } from "./create-company.ts";
import { deleteCompany } from "./delete-company.ts";
import { uniqueConflict } from "./errors.ts";
import { companyDetails, companyOrders, listCompanies, liveCompanyInScope } from "./queries.ts";
import { updateCompany, updateCompanySettings } from "./update-company.ts";

/**
 * Companies (docs/api-surface.md "Companies"): the scoped list with its filters and counts, the company page, its
 * orders, and the admin tier's create, update and soft delete. Every change is logged in the event log
 * in its own transaction.
 */

const by = (user: CurrentUser): { actor: SignedInActor } => ({ actor: { userId: user.id, user } });

/** A unique index refused what a parallel request wrote first: answered as the 409 the checks give. */
function asConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw uniqueConflict(error);
  throw error;
}

export function createCompaniesService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    list: (viewer: CurrentUser, query: TCompaniesQuery) => listCompanies(db, viewer, query),

    async get(viewer: CurrentUser, companyId: string): Promise<TCompanyDetails> {
      await liveCompanyInScope(db, viewer, companyId);
      return companyDetails(db, companyId);
    },

    /** A new first admin's account gets its set-password mail, queued with the company. */
    async create(actor: CurrentUser, input: TCreateCompany): Promise<TCompanyDetails> {
      await checkCompanyFields(db, actor, input);
      const created = await write(db, by(actor), async (w) => {
        const made = await createCompany(w, input);
        if (made.adminInvited && made.adminUserId) {
          await queueSetPasswordMail(w, made.adminUserId, { kind: "COMPANY", name: input.name });
        }
        return made;
      }).catch(asConflict);
      return companyDetails(db, created.companyId);
    },

    async update(actor: CurrentUser, companyId: string, input: TUpdateCompany): Promise<TCompanyDetails> {
      const before = await liveCompanyInScope(db, actor, companyId);
      await checkCompanyFields(db, actor, input, companyId);
      await write(db, by(actor), (w) => updateCompany(w, before, input)).catch(asConflict);
      return companyDetails(db, companyId);
    },

    /** The employer's own settings; in the caller's scope (404 outside it). */
    async updateSettings(
      actor: CurrentUser,
      companyId: string,
      input: TCompanySettingsInput,
    ): Promise<TCompanyDetails> {
      await liveCompanyInScope(db, actor, companyId);
      await write(db, by(actor), (w) => updateCompanySettings(w, companyId, input));
      return companyDetails(db, companyId);
    },

    async remove(actor: CurrentUser, companyId: string) {
      await liveCompanyInScope(db, actor, companyId);
      await write(db, by(actor), (w) => deleteCompany(w, companyId));
      return { code: "COMPANY_DELETED", message: "Company deleted" };
    },

    /** The company page's orders and leases, newest first, with the employee and the agreement dates. */
    orders: (viewer: CurrentUser, companyId: string, query: TCompanyOrdersQuery) =>
      companyOrders(db, viewer, companyId, query),
  };
}
