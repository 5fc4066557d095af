import { asc, eq, inArray, sql } from "drizzle-orm";
import type { TReconciliationQuery } from "../../../contract/store-payouts.ts";
import { csvCents, toCsv } from "../../../domain/csv.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { CommissionBase, Language } from "../../../domain/enums.ts";
import { buildPain001 } from "../../../domain/pain001.ts";
import { commissionBaseCents } from "../../../domain/store-commission.ts";
import {
  PEDAALI_PAYER,
  payoutBatchRefusal,
  payoutEndToEndId,
  payoutMessageId,
  remittanceText,
} from "../../../domain/store-payouts.ts";
import { formatIban } from "../../../domain/validation/bank-account.ts";
import type { Db } from "../../db/client.ts";
import { bikeStores, invoices, orders, payoutBatches, storePayables } from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import { payoutBatchStatusNotAllowed, storeBankAccountMissing } from "./errors.ts";
import { batchesPaidBetween, batchStores, namesOf } from "./queries.ts";

/** The two files of the payouts: the bank's credit transfer file of a batch and the reconciliation CSV. */

export type PayoutFile = { fileName: string; contentType: string; body: string };

/**
 * The approved batch's pain.001.001.09 file: one transfer per store of its net sum, the order numbers
 * in the remittance. Made from the batch's approval moment, so every download is the same file and the
 * bank can tell a second upload of it by its message id.
 */
export async function paymentFileOf(db: Db, id: string, viewerId: string): Promise<PayoutFile> {
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id));
  if (!batch) throw notFound("Payout batch");
  if (payoutBatchRefusal(batch, "DOWNLOAD_FILE", viewerId) || !batch.approvedAt || !batch.executionDate)
    throw payoutBatchStatusNotAllowed("The file of a batch is made once it is approved");
  const stores = await batchStores(db, id);
  // Approval saw an account for every store; one approved before accounts were kept with it may
  // have lost it since.
  if (stores.length === 0 || stores.some((store) => !store.iban)) throw storeBankAccountMissing();
  const body = buildPain001({
    messageId: payoutMessageId(batch.batchNumber),
    paymentInfoId: payoutMessageId(batch.batchNumber),
    createdAt: batch.approvedAt,
    executionDate: batch.executionDate,
    debtor: PEDAALI_PAYER,
    transfers: stores.map((store, index) => ({
      endToEndId: payoutEndToEndId(batch.batchNumber, index),
      amountCents: store.netCents,
      creditorName: store.storeName,
      creditorIban: store.iban as string,
      creditorBic: store.bic,
      remittance: remittanceText(
        batch.batchNumber,
        store.payables.map((p) => p.orderNumber),
      ),
    })),
  });
  return {
    fileName: `pedaali-tilitys-${batch.batchNumber}.xml`,
    contentType: "application/xml; charset=utf-8",
    body,
  };
}

/** The reconciliation file's column names; the rows are the same in every language. */
const COLUMNS: Record<Language, readonly string[]> = {
  fi: [
    "Pyöräliike",
    "Y-tunnus",
    "IBAN",
    "Tilaus",
    "Lasku",
    "Brutto",
    "ALV",
    "Provisioperuste",
    "Peruste",
    "Provisio-%",
    "Provisio",
    "Netto",
    "Tilitys",
    "Hyväksyjä",
    "Hyväksytty",
    "Maksettu",
  ],
  en: [
    "Bike store",
    "Business ID",
    "IBAN",
    "Order",
    "Invoice",
    "Gross",
    "VAT",
    "Commission base",
    "Base",
    "Commission %",
    "Commission",
    "Net",
    "Payout batch",
    "Approved by",
    "Approved at",
    "Paid on",
  ],
  sv: [
    "Cykelaffär",
    "FO-nummer",
    "IBAN",
    "Beställning",
    "Faktura",
    "Brutto",
    "Moms",
    "Provisionsunderlag",
    "Underlag",
    "Provision %",
    "Provision",
    "Netto",
    "Utbetalning",
    "Godkänd av",
    "Godkänd",
    "Betald",
  ],
};

/** Which price each commission was taken of (decision 022), in the file's language. */
const BASE_WORDS: Record<Language, Record<CommissionBase, string>> = {
  fi: { VAT_EXCLUDED: "veroton hinta", VAT_INCLUDED: "verollinen hinta" },
  en: { VAT_EXCLUDED: "price without VAT", VAT_INCLUDED: "price with VAT" },
  sv: { VAT_EXCLUDED: "pris utan moms", VAT_INCLUDED: "pris med moms" },
};

/** A percent as Excel in Finland reads a number: a decimal comma ("3,5"); empty when none is known. */
const csvPercent = (value: number | null) => (value === null ? null : String(value).replace(".", ","));

/**
 * The reconciliation CSV (Finnish Excel, src/domain/csv.ts): one row per order paid or to be paid in
 * the batch, or in every batch paid in the period, with its store, amounts (the price, its VAT, the
 * price the commission was taken of and the percent, the commission, what is paid) and who approved it when.
 */
export async function reconciliationFileOf(db: Db, query: TReconciliationQuery): Promise<PayoutFile> {
  let batchIds: string[];
  let name: string;
  if (query.batchId) {
    const [batch] = await db
      .select({ batchNumber: payoutBatches.batchNumber })
      .from(payoutBatches)
      .where(eq(payoutBatches.id, query.batchId));
    if (!batch) throw notFound("Payout batch");
    batchIds = [query.batchId];
    name = `pedaali-tilitys-${batch.batchNumber}.csv`;
  } else {
    batchIds = await batchesPaidBetween(db, query.paidFrom as string, query.paidTo as string);
    name = `pedaali-tilitykset-${query.paidFrom}-${query.paidTo}.csv`;
  }
  const rows =
    batchIds.length === 0
      ? []
      : await db
          .select({
            storeName: bikeStores.storeName,
            businessId: bikeStores.businessId,
            // The account paid: as approved, else (a batch approved before accounts were kept) as stored.
            iban: sql<string | null>`coalesce(${storePayables.creditorIban}, ${bikeStores.iban})`,
            orderNumber: orders.orderNumber,
            invoiceNumber: invoices.invoiceNumber,
            grossCents: storePayables.grossCents,
            vatCents: storePayables.vatCents,
            commissionBase: storePayables.commissionBase,
            commissionPercent: storePayables.commissionPercent,
            commissionCents: storePayables.commissionCents,
            netCents: storePayables.netCents,
            batchNumber: payoutBatches.batchNumber,
            approvedByUserId: payoutBatches.approvedByUserId,
            approvedAt: payoutBatches.approvedAt,
            paidDate: payoutBatches.paidDate,
          })
          .from(storePayables)
          .innerJoin(payoutBatches, eq(payoutBatches.id, storePayables.payoutBatchId))
          .innerJoin(bikeStores, eq(bikeStores.id, storePayables.bikeStoreId))
          .innerJoin(orders, eq(orders.id, storePayables.orderId))
          .innerJoin(invoices, eq(invoices.id, storePayables.purchaseInvoiceId))
          .where(inArray(storePayables.payoutBatchId, batchIds))
          .orderBy(asc(payoutBatches.batchNumber), asc(bikeStores.storeName), asc(orders.orderNumber));
  const names = await namesOf(
    db,
    rows.map((r) => r.approvedByUserId),
  );
  const language = query.language ?? "fi";
  const body = toCsv([
    COLUMNS[language],
    ...rows.map((r) => [
      r.storeName,
      r.businessId,
      r.iban ? formatIban(r.iban) : null,
      r.orderNumber,
      r.invoiceNumber,
      csvCents(r.grossCents),
      csvCents(r.vatCents),
      csvCents(commissionBaseCents(r)),
      BASE_WORDS[language][r.commissionBase],
      csvPercent(r.commissionPercent),
      csvCents(r.commissionCents),
      csvCents(r.netCents),
      r.batchNumber,
      r.approvedByUserId ? names.get(r.approvedByUserId) : null,
      r.approvedAt ? toHelsinkiDateString(r.approvedAt) : null,
      r.paidDate,
    ]),
  ]);
  return { fileName: name, contentType: "text/csv; charset=utf-8", body };
}
