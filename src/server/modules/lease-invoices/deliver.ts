import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { leaseInvoiceChannel } from "../../../domain/billing-address.ts";
import type { Db } from "../../db/client.ts";
import { companies, leaseInvoices } from "../../db/schema/index.ts";
import { leaseInvoiceIssuedMail } from "../../messaging/lease-invoice-mails.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import type { IssuedLeaseInvoice } from "./issue.ts";

/** The outbox event of the mail of an issued lease invoice to the company's billing e-mail. */
const LEASE_INVOICE_EVENT = "LEASE_INVOICE_ISSUED";

/**
 * Sends an issued lease invoice on its way, in the transaction that issued it: to a company with an
 * e-invoice address it is marked due to go as an e-invoice (E_INVOICE); to one with only a billing
 * e-mail its mail, with a link to it in Pedaali, is queued in the message outbox and the invoice keeps
 * where and when (EMAIL, `sentTo`, `mailedAt`), while the outbox's row says whether the provider took
 * it and retries a refusal; a company with neither gets nothing, and the helpdesk sees it has no
 * billing address.
 */
export async function deliverLeaseInvoice(
  tx: Db,
  invoice: IssuedLeaseInvoice,
  now: Date,
): Promise<"E_INVOICE" | "EMAIL" | null> {
  const [company] = await tx
    .select({
      billingEmail: companies.billingEmail,
      eInvoiceAddress: companies.eInvoiceAddress,
      eInvoiceOperator: companies.eInvoiceOperator,
    })
    .from(companies)
    .where(eq(companies.id, invoice.companyId));
  if (!company) return null;
  const channel = leaseInvoiceChannel(company);
  if (channel === "E_INVOICE") {
    await tx.update(leaseInvoices).set({ sendBy: "E_INVOICE" }).where(eq(leaseInvoices.id, invoice.id));
  } else if (channel === "EMAIL" && company.billingEmail) {
    const to = company.billingEmail.trim();
    // The billing office reads Finnish: a company has no language of its own.
    await queueMessage(tx, {
      event: LEASE_INVOICE_EVENT,
      channel: "EMAIL",
      recipient: to,
      language: "fi",
      params: { invoiceId: invoice.id },
    });
    await tx
      .update(leaseInvoices)
      .set({ sendBy: "EMAIL", sentTo: to, mailedAt: now })
      .where(eq(leaseInvoices.id, invoice.id));
  }
  return channel;
}

/**
 * LEASE_INVOICE_ISSUED: the invoice's figures and the company's settings, where it is downloaded; a
 * supplementary invoice and a credit note with the number of the invoice they go with.
 */
const original = alias(leaseInvoices, "original");

export const renderLeaseInvoiceMail: OutboxRenderer = async (row, deps) => {
  const [found] = await deps.db
    .select({
      invoice: leaseInvoices,
      companyName: companies.name,
      originalInvoiceNumber: original.invoiceNumber,
    })
    .from(leaseInvoices)
    .innerJoin(companies, eq(companies.id, leaseInvoices.companyId))
    .leftJoin(original, eq(original.id, leaseInvoices.originalInvoiceId))
    .where(eq(leaseInvoices.id, String(row.params.invoiceId)));
  if (!found) return null;
  const { invoice } = found;
  const mail = leaseInvoiceIssuedMail(row.language, {
    companyName: found.companyName,
    invoiceNumber: invoice.invoiceNumber,
    kind: invoice.kind,
    originalInvoiceNumber: found.originalInvoiceNumber,
    period: invoice.period.slice(0, 7),
    totalCents: invoice.totalCents,
    referenceNumber: invoice.referenceNumber,
    dueDate: invoice.dueDate,
    link: `${deps.publicUrl}/yritys-asetukset`,
  });
  return { kind: "mail", mail };
};
