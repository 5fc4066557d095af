import { eq } from "drizzle-orm";
import type { TLeasingCompanyEInvoiceInput } from "../../../contract/leasing-companies.ts";
import { normalizeEInvoiceId } from "../../../domain/validation/e-invoice.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
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
  const [before] = await lockRows(
    ctx.tx,
    "leasingCompany",
    ctx.tx
      .select({
        eInvoiceAddress: leasingCompanies.eInvoiceAddress,
        eInvoiceOperator: leasingCompanies.eInvoiceOperator,
      })
      .from(leasingCompanies)
      .where(eq(leasingCompanies.id, leasingCompanyId))
      .for("update"),
  );
  if (!before) throw notFound("Leasing company");
  const after = {
    eInvoiceAddress: idOrNull(input.eInvoiceAddress),
    eInvoiceOperator: idOrNull(input.eInvoiceOperator),
  };
  await ctx.tx
    .update(leasingCompanies)
    .set({ ...after, updatedAt: ctx.now })
    .where(eq(leasingCompanies.id, leasingCompanyId));
  // A redirected e-invoice address is how a bill goes astray: the trail keeps what it was and became.
  await recordEvent(ctx, {
    type: "LEASING_COMPANY_E_INVOICE_UPDATED",
    entity: { type: "leasingCompany", id: leasingCompanyId },
    companyId: null,
    data: { ...after, previous: before },
  });
}
