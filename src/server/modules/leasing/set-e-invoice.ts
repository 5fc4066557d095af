import { eq } from "drizzle-orm";
import type { TLeasingCompanyEInvoiceInput } from "../../../contract/leasing-companies.ts";
import { normalizeEInvoiceId } from "../../../domain/validation/e-invoice.ts";
import { leasingCompanies } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";

/** An e-invoice id as the operators read it (no spaces, capitals); empty means none. */
const idOrNull = (value: string | null | undefined) => (value?.trim() ? normalizeEInvoiceId(value) : null);

/**
 * The helpdesk sets where our e-invoices to a leasing company go (the bills of its orders and
 * redemptions, invoices/e-invoice.ts): without both, a bill to it cannot go out as an e-invoice.
 */
export async function setLeasingCompanyEInvoice(
  ctx: WriteContext,
  leasingCompanyId: string,
  input: TLeasingCompanyEInvoiceInput,
): Promise<void> {
  const [changed] = await ctx.tx
    .update(leasingCompanies)
    .set({
      eInvoiceAddress: idOrNull(input.eInvoiceAddress),
      eInvoiceOperator: idOrNull(input.eInvoiceOperator),
      updatedAt: ctx.now,
    })
    .where(eq(leasingCompanies.id, leasingCompanyId))
    .returning({ id: leasingCompanies.id });
  if (!changed) throw notFound("Leasing company");
}
