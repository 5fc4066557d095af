import { eq } from "drizzle-orm";
import { leaseInvoiceChannel } from "../../../domain/billing-address.ts";
import type { Db } from "../../db/client.ts";
import { companies, leaseInvoices } from "../../db/schema/index.ts";
import { leaseInvoiceIssuedMail } from "../../messaging/lease-invoice-mails.ts";
import type { Messaging } from "../../messaging/types.ts";
import type { IssuedLeaseInvoice } from "./issue.ts";

/**
 * Sends an issued lease invoice on its way, after the transaction that issued it: to a company with an
 * e-invoice address it is marked due to go as an e-invoice (E_INVOICE); to one with only a billing
 * e-mail it is mailed there, with a link to it in Pedaali (EMAIL, the address and the time kept); a
 * company with neither gets nothing, and the helpdesk sees it has no billing address. A failed mail
 * leaves the invoice unmarked and is thrown for the caller to log; the invoice stands.
 */
export async function deliverLeaseInvoice(
  db: Db,
  deps: { messaging: Messaging; publicUrl: string; now: Date },
  invoice: IssuedLeaseInvoice,
): Promise<"E_INVOICE" | "EMAIL" | null> {
  const [company] = await db
    .select({
      name: companies.name,
      billingEmail: companies.billingEmail,
      eInvoiceAddress: companies.eInvoiceAddress,
      eInvoiceOperator: companies.eInvoiceOperator,
    })
    .from(companies)
    .where(eq(companies.id, invoice.companyId));
  if (!company) return null;
  const channel = leaseInvoiceChannel(company);
  if (channel === "E_INVOICE") {
    await db.update(leaseInvoices).set({ sendBy: "E_INVOICE" }).where(eq(leaseInvoices.id, invoice.id));
  } else if (channel === "EMAIL" && company.billingEmail) {
    const to = company.billingEmail.trim();
    const mail = leaseInvoiceIssuedMail("fi", {
      companyName: company.name,
      invoiceNumber: invoice.invoiceNumber,
      period: invoice.period.slice(0, 7),
      totalCents: invoice.totalCents,
      referenceNumber: invoice.referenceNumber,
      dueDate: invoice.dueDate,
      link: `${deps.publicUrl}/yritys-asetukset`,
    });
    await deps.messaging.sendMail({ to, ...mail });
    await db
      .update(leaseInvoices)
      .set({ sendBy: "EMAIL", sentTo: to, mailedAt: deps.now })
      .where(eq(leaseInvoices.id, invoice.id));
  }
  return channel;
}
