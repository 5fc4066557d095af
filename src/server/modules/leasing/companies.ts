import { asc, eq, max, sql } from "drizzle-orm";
import type {
  TLastFetchTime,
  TLeasingCompany,
  TLeasingCompanyEInvoiceInput,
  TLeasingCompanyList,
  TLeasingCompanyOptions,
} from "../../../contract/leasing-companies.ts";
import type { AppContext } from "../../context.ts";
import { leasingCompanies } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { setLeasingCompanyEInvoice } from "./set-e-invoice.ts";

/**
 * Leasing companies (docs/api-surface.md "Leasing"): the operator's reference data, the same for every tenant.
 * The list is ordered by name (case-insensitive); the dropdown lists only the active companies. The
 * helpdesk keeps one thing of them here: where our e-invoices to each go.
 */

function toLeasingCompany(row: typeof leasingCompanies.$inferSelect): TLeasingCompany {
  return {
    id: row.id,
    companyName: row.companyName,
    businessId: row.businessId,
    email: row.email,
    phoneNumber: row.phoneNumber,
    eInvoiceAddress: row.eInvoiceAddress,
    eInvoiceOperator: row.eInvoiceOperator,
    active: row.active,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
  };
}

export function createLeasingCompaniesService(ctx: AppContext) {
  const { db } = ctx.database;
  const byName = [asc(sql`lower(${leasingCompanies.companyName})`), asc(leasingCompanies.id)];

  return {
    async list(forDropdown: boolean): Promise<TLeasingCompanyList | TLeasingCompanyOptions> {
      if (forDropdown) {
        const options = await db
          .select({ id: leasingCompanies.id, companyName: leasingCompanies.companyName })
          .from(leasingCompanies)
          .where(eq(leasingCompanies.active, true))
          .orderBy(...byName);
        return { leasingCompanies: options };
      }
      const rows = await db
        .select()
        .from(leasingCompanies)
        .orderBy(...byName);
      return { leasingCompanies: rows.map(toLeasingCompany) };
    },

    async get(id: string): Promise<TLeasingCompany> {
      const [row] = await db.select().from(leasingCompanies).where(eq(leasingCompanies.id, id));
      if (!row) throw notFound("Leasing company");
      return toLeasingCompany(row);
    },

    async setEInvoice(
      user: Pick<CurrentUser, "id">,
      id: string,
      input: TLeasingCompanyEInvoiceInput,
    ): Promise<TLeasingCompany> {
      await write(db, { actor: { userId: user.id } }, (w) => setLeasingCompanyEInvoice(w, id, input));
      return this.get(id);
    },

    async lastFetchTime(): Promise<TLastFetchTime> {
      const [row] = await db.select({ latest: max(leasingCompanies.lastFetchedAt) }).from(leasingCompanies);
      return { lastFetchTime: row?.latest ? new Date(row.latest).toISOString() : null };
    },
  };
}
