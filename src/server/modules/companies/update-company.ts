import { and, eq, isNull } from "drizzle-orm";
import type { TCompanySettingsInput, TUpdateCompany } from "../../../contract/companies.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companies } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { SignedInActor } from "../auth/session-user.ts";
import { changedFields, companyValues } from "./company-fields.ts";
import { insertGroupCompany } from "./group-companies.ts";

/**
 * Changing a company: the admin tier's update of every field, and the employer's own settings. Each
 * change logs COMPANY_UPDATED with the names of the changed fields; a change of nothing logs nothing.
 */

type CompanyRow = typeof companies.$inferSelect;
type CompanyValues = ReturnType<typeof companyValues>;

async function applyChange(
  ctx: WriteContext<SignedInActor>,
  before: CompanyRow,
  values: CompanyValues,
): Promise<void> {
  const fields = changedFields(before, values);
  if (fields.length === 0) return;
  const set = Object.fromEntries(values.map(({ column, value }) => [column, value]));
  await ctx.tx.update(companies).set(set).where(eq(companies.id, before.id));
  await recordEvent(ctx, {
    type: "COMPANY_UPDATED",
    entity: { type: "company", id: before.id },
    companyId: before.id,
    data: { fields },
  });
}

/**
 * The admin tier's update; fields left out keep their value, and a new group named in the update is
 * created with it. Call checkCompanyFields first; `before` is the company as it was read then.
 */
export async function updateCompany(
  ctx: WriteContext<SignedInActor>,
  before: CompanyRow,
  input: TUpdateCompany,
): Promise<void> {
  const values = companyValues(input);
  if (input.newGroupCompanyName) {
    const groupCompanyId = await insertGroupCompany(ctx.tx, { name: input.newGroupCompanyName });
    values.push({ field: "groupCompanyId", column: "groupCompanyId", value: groupCompanyId });
  }
  await applyChange(ctx, before, values);
}

/**
 * The employer's own settings of its company (PUT /api/companies/{id}/settings): the max price of a
 * bike package and the billing address of the monthly lease invoice (a billing e-mail, an e-invoice
 * address). The row is locked while the change and its COMPANY_UPDATED (the changed field names,
 * as the admin's update logs them) are written together.
 */
export async function updateCompanySettings(
  ctx: WriteContext<SignedInActor>,
  companyId: string,
  input: TCompanySettingsInput,
): Promise<void> {
  const [before] = await lockRows(
    ctx.tx,
    "company",
    ctx.tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)))
      .for("update"),
  );
  if (!before) throw notFound("Company");
  // The same fields of the admin tier's update, read the same way; a field left out keeps its value.
  const values: CompanyValues = companyValues({
    maxPrice: input.maxPrice,
    billingEmail: input.billingEmail,
    eInvoiceAddress: input.eInvoiceAddress,
    eInvoiceOperator: input.eInvoiceOperator,
  });
  await applyChange(ctx, before, values);
}
