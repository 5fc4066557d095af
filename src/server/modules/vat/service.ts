import { and, asc, count, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { TCompanyVat, TCountryVat, TVatRate, TVatRatesQuery } from "../../../contract/vat.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { AppContext } from "../../context.ts";
import { countOver, readPage } from "../../db/paging.ts";
import { companies, vatRates } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope } from "../auth/tenancy.ts";

/**
 * VAT rates (docs/api-surface.md "VAT" and the company's VAT value). The rates are the operator's reference data;
 * a company's VAT is tenant data: another tenant's company answers 404. A company without a VAT value
 * of its own has the rate in force in its country (companies.countryCode, Finland by default).
 */

function toVatRate(row: typeof vatRates.$inferSelect): TVatRate {
  return {
    id: row.id,
    countryCode: row.countryCode,
    value: row.ratePercent,
    validFrom: row.validFrom,
    validTo: row.validTo,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createVatService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The rate in force today (Helsinki) in the country, or null when none is. */
  async function currentRate(countryCode: string, now = new Date()): Promise<TCountryVat | null> {
    const today = toHelsinkiDateString(now);
    const [row] = await db
      .select({
        countryCode: vatRates.countryCode,
        value: vatRates.ratePercent,
        validFrom: vatRates.validFrom,
      })
      .from(vatRates)
      .where(
        and(
          eq(vatRates.countryCode, countryCode),
          lte(vatRates.validFrom, today),
          or(isNull(vatRates.validTo), gte(vatRates.validTo, today)),
        ),
      )
      .orderBy(desc(vatRates.validFrom))
      .limit(1);
    return row ?? null;
  }

  return {
    async list(query: TVatRatesQuery) {
      const where = query.countryCode ? eq(vatRates.countryCode, query.countryCode) : undefined;
      return readPage(query, {
        rows: ({ limit, offset }) =>
          db
            .select({ rate: vatRates, total: countOver() })
            .from(vatRates)
            .where(where)
            .orderBy(asc(vatRates.countryCode), desc(vatRates.validFrom))
            .limit(limit)
            .offset(offset),
        items: (rows) => rows.map((row) => toVatRate(row.rate)),
        countPastEnd: async () => (await db.select({ n: count() }).from(vatRates).where(where))[0]?.n ?? 0,
      });
    },

    async country(code: string): Promise<TCountryVat> {
      const rate = await currentRate(code);
      if (!rate) throw notFound("VAT rate");
      return rate;
    },

    async company(viewer: CurrentUser, companyId: string, onlyValue: boolean): Promise<TCompanyVat> {
      ensureCompanyInScope(viewer, companyId, "Company");
      const [company] = await db
        .select({ id: companies.id, vatPercent: companies.vatPercent, countryCode: companies.countryCode })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
      if (!company) throw notFound("Company");
      let answer: Required<TCompanyVat>;
      if (company.vatPercent !== null) {
        answer = { value: company.vatPercent, companyId, source: "COMPANY" };
      } else {
        const rate = await currentRate(company.countryCode);
        if (!rate) throw notFound("VAT rate");
        answer = { value: rate.value, companyId, source: "COUNTRY" };
      }
      return onlyValue ? { value: answer.value } : answer;
    },
  };
}
