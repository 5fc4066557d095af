import { type SQL, sql } from "drizzle-orm";
import { ACTIVE_LEASE_STATUSES } from "../../domain/companies.ts";
import { MAIN_LINE_STATUSES } from "../../domain/order-state-machine.ts";
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
    rule: "An own share names its order, and a redemption payment its lease-end case",
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
} satisfies Record<string, Rule>;

export type ConsistencyRuleName = keyof typeof RULES | "fileBytesStored";

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
  if (files) found(FILE_BYTES_RULE, await files.missingBytes(db));
  return findings;
}

/** Each rule's text by its name, for the tests and the script's report. */
export const CONSISTENCY_RULES = {
  ...(Object.fromEntries(Object.entries(RULES).map(([name, { rule }]) => [name, rule])) as Record<
    keyof typeof RULES,
    string
  >),
  fileBytesStored: FILE_BYTES_RULE,
} satisfies Record<ConsistencyRuleName, string>;
