import { type SQL, sql } from "drizzle-orm";
import { ACTIVE_LEASE_STATUSES } from "../../domain/companies.ts";
import { DEFAULT_LAST_WORKING_DAY } from "../../domain/dates.ts";
import { REDEMPTION_CASE_ORDER_STATUSES } from "../../domain/lease-dates.ts";
import { FINNISH_VAT_PERCENT } from "../../domain/money.ts";
import { MAIN_LINE_STATUSES } from "../../domain/order-state-machine.ts";
import { isValidReferenceNumber } from "../../domain/reference-number.ts";
import type { FileStore } from "../files/file-store.ts";
import type { Db } from "./client.ts";
import { rawRows } from "./raw.ts";

/**
 * The database's own promises, checked on its rows (`npm run db:consistency`): what every write keeps
 * true in one transaction, so no crash, kill or lost connection can leave it half done. A finding is a
 * row that breaks one; the kill test (scripts/resilience/kill.ts) runs this after killing the server in
 * the middle of signings, order moves and uploads.
 */

export type Finding = {
  /** What the promise is, in one sentence. */
  rule: string;
  /** How many rows break it, and the first few of their ids. */
  count: number;
  ids: string[];
};

type Rule = { rule: string; offenders: SQL };

/** The order statuses past the employee's signature on the main line (ADR 004): from CONFIRMED on. */
const SIGNED_STATUSES = MAIN_LINE_STATUSES.slice(MAIN_LINE_STATUSES.indexOf("CONFIRMED"));

/** An invoice found wrong or replaced never goes out again, so the money rules leave it be. */
const WITHDRAWN = ["INVALIDATED", "OVERRIDDEN", "DELETED"] as const;

const RULES = {
  signedAgreementHasPdf: {
    rule: "A signed leasing agreement has its PDF and a signed document holding that PDF",
    offenders: sql`
      select la.id::text as id from leasing_agreements la
      where la.signed_at is not null
        and (la.file_id is null or not exists (
          select 1 from signed_documents sd where sd.leasing_agreement_id = la.id and sd.file_id = la.file_id))`,
  },
  evidenceMatchesPdf: {
    rule: "A signature's evidence names the SHA-256 of the very PDF stored with it",
    offenders: sql`
      select sd.id::text as id from signed_documents sd left join files f on f.id = sd.file_id
      where sd.signed_at is not null
        and (f.id is null or sd.document_sha256 is distinct from f.sha256)`,
  },
  signedOrderHasAgreement: {
    rule: "An order past the signature has a signed leasing agreement",
    offenders: sql`
      select o.id::text as id from orders o
      where o.order_status::text in (${sql.join(
        SIGNED_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )})
        -- An online shop's order (WIX) comes signed from the shop and is processed as it is.
        and not exists (
          select 1 from event_log e where e.entity_type = 'order' and e.entity_id = o.id and e.data->>'to' = 'WIX')
        and not exists (select 1 from leasing_agreements la where la.order_id = o.id and la.signed_at is not null)
        and not exists (
          select 1 from signed_documents sd join leasing_agreements la on la.id = sd.leasing_agreement_id
          where la.order_id = o.id)`,
  },
  statusFollowsMoves: {
    // Every move of an order is an event row with the statuses it went from and to (moveOrder); the
    // moves of one transaction share its time.
    rule: "An order's status is where one of its last recorded moves took it",
    offenders: sql`
      select o.id::text as id from orders o
      join (
        select entity_id, max(created_at) as at from event_log
        where entity_type = 'order' and data ? 'from' and data ? 'to'
        group by entity_id
      ) last on last.entity_id = o.id
      where not exists (
        select 1 from event_log e
        where e.entity_type = 'order' and e.entity_id = o.id and e.data ? 'from'
          and e.created_at = last.at and e.data->>'to' = o.order_status::text)`,
  },
  fileBelongsToSomething: {
    rule: "A stored file belongs to something: an agreement, a signed document, an invoice, a claim, a refund receipt, an offer or a handover",
    offenders: sql`
      select f.id::text as id from files f
      where not exists (select 1 from leasing_agreements x where x.file_id = f.id)
        and not exists (select 1 from signed_documents x where x.file_id = f.id)
        and not exists (select 1 from invoices x where x.file_id = f.id)
        and not exists (select 1 from insurance_claim_files x where x.file_id = f.id)
        and not exists (select 1 from refund_uploads x where x.file_id = f.id)
        and not exists (select 1 from redemption_offers x where x.file_id = f.id)
        and not exists (select 1 from handovers x where x.file_id = f.id)
        and not exists (select 1 from handover_photos x where x.file_id = f.id)`,
  },
  paidPaymentHasTime: {
    rule: "A payment marked paid has the time it was paid, and one marked done was paid",
    offenders: sql`
      select id::text as id from user_payments
      where (payment_status = 'PAID' and paid_at is null)
         or (is_user_payment_done and payment_status not in ('PAID', 'COMPLETED'))
      union all
      select id::text from redemption_payments where status = 'PAID' and paid_at is null`,
  },
  paymentNamesItsCase: {
    // The helpdesk makes the other kinds by hand (HAND_MADE_USER_PAYMENT_KINDS), for no record.
    rule: "An own share names its order, and a redemption payment its redemption case",
    offenders: sql`
      select id::text as id from user_payments
      where (kind = 'OWN_SHARE' and order_id is null) or (kind = 'REDEMPTION' and bike_redemption_id is null)`,
  },
  orderFlagsFollowOrders: {
    rule: "An employee is flagged as having an order, and an active lease, exactly when their orders say so",
    offenders: sql`
      select be.id::text as id from beneficiary_employees be
      where be.has_order <> exists (select 1 from orders o where o.beneficiary_employee_id = be.id)
        or be.has_active_lease <> exists (
          select 1 from orders o where o.beneficiary_employee_id = be.id
            and o.order_status::text in (${sql.join(
              ACTIVE_LEASE_STATUSES.map((s) => sql`${s}`),
              sql`, `,
            )}))`,
  },
  ownShareFollowsCap: {
    // The cap is the employee's own max price, else the company's (employmentLeaseTerms).
    rule: "An offered order finances at most the employee's max price, and its own share is the package minus what is financed",
    offenders: sql`
      select o.id::text as id from orders o
      join beneficiary_employees be on be.id = o.beneficiary_employee_id
      join companies c on c.id = o.company_id
      where o.monthly_payment_cents is not null
        and o.user_payment_cents <> case
          when coalesce(be.max_price_cents, c.max_price_cents) is null then 0
          else greatest(0, o.total_price_cents - coalesce(be.max_price_cents, c.max_price_cents)) end`,
  },
  lessorBilledFinanced: {
    // The leasing company's bill carries the financed amount's VAT-free part and its VAT, which add up
    // to the financed amount or a cent beside it (the decision on invoice VAT).
    rule: "The leasing company's bill for an order is the amount the lease finances",
    offenders: sql`
      select i.id::text as id from invoices i join orders o on o.id = i.order_id
      where i.invoice_number like 'PED-L-%' and i.status not in (${sql.join(
        WITHDRAWN.map((s) => sql`${s}`),
        sql`, `,
      )})
        and abs(i.total_cents - (o.total_price_cents - o.user_payment_cents)) > 1`,
  },
  feeHasItsCase: {
    rule: "A return fee, deductible or redemption payment is asked only with its redemption or claim case",
    offenders: sql`
      select id::text as id from user_payments
      where (kind in ('RETURN_FEE', 'REDEMPTION') and bike_redemption_id is null)
         or (kind = 'DEDUCTIBLE' and insurance_claim_id is null)
         or (kind = 'RETURN_FEE' and not exists (
           select 1 from bike_redemptions br where br.id = bike_redemption_id and br.status <> 'CANCELLED'
             and br.choice = 'RETURN'))`,
  },
  nothingBilledAfterLeaseEnds: {
    // A line a credit note of the invoice took back bills nothing any more (src/domain/lease-billing.ts).
    rule: "No lease invoice bills a month after the redemption case ended that lease, unless a credit note took it back",
    offenders: sql`
      select li.id::text as id from lease_invoices li
      cross join lateral jsonb_array_elements(li.lines) line
      join orders o on o.order_number = (line->>'orderNumber')::int
      join bike_redemptions br on br.order_id = o.id
      where li.kind <> 'CREDIT_NOTE'
        and br.status <> 'CANCELLED' and br.lease_ends_on is not null and br.lease_ends_on < li.period
        and not exists (
          select 1 from lease_invoices cn cross join lateral jsonb_array_elements(cn.lines) credited
          where cn.kind = 'CREDIT_NOTE' and cn.original_invoice_id = li.id
            and credited->>'orderNumber' = line->>'orderNumber')`,
  },
  correctionsNameTheirInvoice: {
    rule: "A supplementary invoice names its month's regular invoice, and a credit note an invoice of its month that billed each order it credits",
    offenders: sql`
      select li.id::text as id from lease_invoices li
      left join lease_invoices original on original.id = li.original_invoice_id
      where li.kind <> 'REGULAR' and (
        original.id is null or original.company_id <> li.company_id or original.period <> li.period
        or (li.kind = 'SUPPLEMENTARY' and original.kind <> 'REGULAR')
        or (li.kind = 'CREDIT_NOTE' and (original.kind = 'CREDIT_NOTE' or exists (
          select 1 from jsonb_array_elements(li.lines) credited
          where not exists (select 1 from jsonb_array_elements(original.lines) billed
            where billed->>'orderNumber' = credited->>'orderNumber')))))`,
  },
  endedEmploymentLeasesHaveCases: {
    // Running or starting as a redemption case may be opened for it (redemptionCaseOpenable): its first day
    // set. A lease signed but not yet started is cancelled, not ended; it gets its case when it starts.
    rule: "Every running or starting lease of an employment that ends before the lease does has its redemption case",
    offenders: sql`
      select o.id::text as id from orders o
      join beneficiary_employees be on be.id = o.beneficiary_employee_id
      join leasing_agreements la on la.order_id = o.id and la.status = 'ACCEPTED' and la.start_date is not null
      where be.last_working_day_date < ${DEFAULT_LAST_WORKING_DAY}::date
        and o.order_status::text in (${sql.join(
          REDEMPTION_CASE_ORDER_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )})
        and (la.end_date is null or la.end_date > be.last_working_day_date)
        and not exists (select 1 from bike_redemptions br where br.order_id = o.id and br.status <> 'CANCELLED')`,
  },
  leaseStartsAfterDelivery: {
    rule: "A lease starts on the first day of the month after the bike's delivery",
    offenders: sql`
      select la.id::text as id from leasing_agreements la join orders o on o.id = la.order_id
      where la.start_date is not null and o.delivery_date is not null
        and la.start_date <> (date_trunc('month', o.delivery_date) + interval '1 month')::date`,
  },
  leaseMonthsWithinPolicy: {
    // The employee's own policy, else the company's.
    rule: "A lease's months are within the bike policy's shortest and longest lease",
    offenders: sql`
      select o.id::text as id from orders o
      join beneficiary_employees be on be.id = o.beneficiary_employee_id
      join lateral (
        select bp.min_lease_time_months as min, bp.max_lease_time_months as max from bike_policies bp
        where bp.company_id = o.company_id and (bp.user_id = be.user_id or bp.user_id is null)
        order by bp.user_id nulls last limit 1
      ) policy on true
      where o.lease_time_months is not null and o.lease_time_months not between policy.min and policy.max`,
  },
  invoiceSumsAndVat: {
    // The decision on invoice VAT: once on the VAT-free total, rounded half away from zero. Invoices a
    // store types in are its own document and keep the VAT it printed.
    rule: "An invoice's lines sum to its VAT-free amount, and its VAT is its rate of that amount",
    offenders: sql`
      select li.id::text as id from lease_invoices li
      where li.vat_cents <> round(li.amount_cents * li.vat_percent / 100)
        or li.amount_cents <> (
          select coalesce(sum((line->>'vatExcludedCents')::int), 0) from jsonb_array_elements(li.lines) line)
      union all
      select i.id::text from invoices i left join orders o on o.id = i.order_id
      where (i.payer_type <> 'PEDAALI' or i.invoice_number like 'PED-L-%' or i.sent_by_store_user_id is not null)
        and i.status not in (${sql.join(
          WITHDRAWN.map((s) => sql`${s}`),
          sql`, `,
        )})
        and i.vat_cents <> round(i.amount_cents * coalesce(o.vat_percent, (
          select v.rate_percent from vat_rates v where v.country_code = 'FI' and v.valid_from <= i.issue_date
          order by v.valid_from desc limit 1), ${FINNISH_VAT_PERCENT}) / 100)`,
  },
  cancelledOrderStorePaid: {
    rule: "A cancelled or refunded order's store payable is never still to be paid",
    offenders: sql`
      select sp.id::text as id from store_payables sp
      join orders o on o.id = sp.order_id
      left join payout_batches pb on pb.id = sp.payout_batch_id
      where o.order_status in ('CANCELLED', 'REFUNDED')
        and (sp.status = 'OPEN' or (sp.status = 'IN_BATCH' and pb.status = 'CREATED'))`,
  },
  refundedOrderHasRefund: {
    // Only completing a cancellation with a refund and its receipt moves an order to REFUNDED.
    rule: "A refunded order has a completed cancellation with a refund and its receipt",
    offenders: sql`
      select o.id::text as id from orders o
      where o.order_status = 'REFUNDED'
        and not exists (
          select 1 from order_cancellations oc
          where oc.order_id = o.id and oc.status = 'COMPLETED' and oc.refund_amount_cents > 0
            and exists (select 1 from refund_uploads ru where ru.order_cancellation_id = oc.id))`,
  },
} satisfies Record<string, Rule>;

/**
 * The payments that are paid with a Finnish reference number: an employee's own share, redemption,
 * return fee or deductible, a redemption payment, a bill of ours and the monthly lease invoice. The
 * check digit is the domain's, so it is checked here rather than in SQL.
 */
const NEEDS_REFERENCE = sql`
  select id::text as id, reference_number as reference from user_payments where kind <> 'OTHER'
  union all
  select id::text, reference_number from redemption_payments
  union all
  select id::text, reference_number from invoices
  where (payer_type <> 'PEDAALI' or invoice_number like 'PED-L-%' or sent_by_store_user_id is not null)
    and status not in ('INVALIDATED', 'OVERRIDDEN', 'DELETED')
  union all
  select id::text, reference_number from lease_invoices`;
const REFERENCE_RULE = "Every payment that is paid by reference has a valid Finnish reference number";

export type ConsistencyRuleName = keyof typeof RULES | "referenceNumbersValid" | "fileBytesStored";

/** The rule of bytes held where the FileStore keeps them: checked when a FileStore is given. */
const FILE_BYTES_RULE = "A stored file's bytes are in the file store";

/** How many offending ids a finding lists. */
const SAMPLE = 5;

/**
 * Every rule the database breaks, with its offending rows; empty when it keeps them all. Given the
 * FileStore, also every file row whose bytes are not where the store keeps them.
 */
export async function checkConsistency(db: Db, files?: FileStore): Promise<Finding[]> {
  const findings: Finding[] = [];
  const found = (rule: string, ids: string[]) => {
    if (ids.length > 0) findings.push({ rule, count: ids.length, ids: ids.slice(0, SAMPLE) });
  };
  // One after another: on the embedded database one connection answers them all.
  for (const { rule, offenders } of Object.values(RULES)) {
    found(
      rule,
      (await rawRows<{ id: string }>(db, offenders)).map((r) => r.id),
    );
  }
  found(
    REFERENCE_RULE,
    (await rawRows<{ id: string; reference: string | null }>(db, NEEDS_REFERENCE))
      .filter((r) => r.reference === null || !isValidReferenceNumber(r.reference))
      .map((r) => r.id),
  );
  if (files) found(FILE_BYTES_RULE, await files.missingBytes(db));
  return findings;
}

/** Each rule's text by its name, for the tests and the script's report. */
export const CONSISTENCY_RULES = {
  ...(Object.fromEntries(Object.entries(RULES).map(([name, { rule }]) => [name, rule])) as Record<
    keyof typeof RULES,
    string
  >),
  referenceNumbersValid: REFERENCE_RULE,
  fileBytesStored: FILE_BYTES_RULE,
} satisfies Record<ConsistencyRuleName, string>;

/**
 * The report of a check, one line per rule ("ok" or "BROKEN" with a few offending ids) and a closing
 * count: what `npm run db:consistency` and `npm run restore` print.
 */
export function consistencyReport(findings: Finding[]): { lines: string[]; broken: number; rules: number } {
  const rules = Object.values(CONSISTENCY_RULES);
  const lines: string[] = [];
  for (const rule of rules) {
    const finding = findings.find((f) => f.rule === rule);
    lines.push(`${finding ? "BROKEN" : "ok    "} ${rule}`);
    if (finding) lines.push(`       ${finding.count} rows, e.g. ${finding.ids.join(", ")}`);
  }
  return { lines, broken: findings.length, rules: rules.length };
}
