import { and, asc, eq, inArray, lte, notExists, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import { offerWindowEnd } from "../../domain/redemption.ts";
import type { Db } from "../db/client.ts";
import { bikeRedemptions, leasingAgreements, orders } from "../db/schema/index.ts";
import { write } from "../db/transaction.ts";
import type { FileStore } from "../files/file-store.ts";
import { queueRedemptionMail } from "../modules/redemptions/mails.ts";
import { openRedemptionCase } from "../modules/redemptions/open-case.ts";

/**
 * The redemption offers before a lease's term ends (ADR 009; a pg-boss job, jobs/runner.ts):
 * every day at 06:00 Helsinki time, a LEASE_TERM_ENDS case is opened for each accepted, started lease
 * whose end date is within OFFER_LEAD_DAYS (8 weeks) and whose order has no case open or completed, as
 * the system, with its offer PDF, the employee's mail (queued in the message outbox with the case) and
 * the employer admins' bell (the same function
 * as POST /api/bike-redemption). A lease already past its end without a case is caught up the same way.
 * At most MAX_OFFERS_PER_RUN a run, oldest end first; each case in its own transaction, so one failing
 * lease is logged and the others open.
 */

export const REDEMPTION_OFFERS_QUEUE = "lease-end-offers";
/** At 06:00 Helsinki time every day. */
export const REDEMPTION_OFFERS_CRON = "0 6 * * *";
const MAX_OFFERS_PER_RUN = 500;

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type RedemptionOffersDeps = {
  now: Date;
  publicUrl: string;
  /** Where the offers' PDFs are stored. */
  files: FileStore;
  log: Log;
};

/** The orders whose lease ends within the window and that have no case, oldest end first. */
export async function ordersDueForOffer(
  db: Db,
  today: string,
  limit = MAX_OFFERS_PER_RUN,
): Promise<string[]> {
  const rows = await db
    .select({ orderId: orders.id })
    .from(leasingAgreements)
    .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
    .where(
      and(
        eq(leasingAgreements.status, "ACCEPTED"),
        lte(leasingAgreements.startDate, today),
        lte(leasingAgreements.endDate, offerWindowEnd(today)),
        eq(orders.orderStatus, "ACTIVE_LEASING"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bikeRedemptions)
            .where(
              and(
                eq(bikeRedemptions.orderId, orders.id),
                inArray(bikeRedemptions.status, ["PENDING", "COMPLETED"]),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(leasingAgreements.endDate), asc(orders.orderNumber))
    .limit(limit);
  return [...new Set(rows.map((row) => row.orderId))];
}

/** Opens the day's cases; answers how many opened and how many failed (logged, tried again tomorrow). */
export async function openRedemptionOffers(
  db: Db,
  deps: RedemptionOffersDeps,
): Promise<{ opened: number; failed: number }> {
  const orderIds = await ordersDueForOffer(db, toHelsinkiDateString(deps.now));
  const opened: string[] = [];
  let failed = 0;
  for (const orderId of orderIds) {
    try {
      const id = await write(db, { actor: { userId: null }, now: deps.now }, async (change) => {
        const caseId = await openRedemptionCase(change, { orderId, reason: "LEASE_TERM_ENDS" }, "SYSTEM", {
          publicUrl: deps.publicUrl,
          files: deps.files,
        });
        await queueRedemptionMail(change.tx, caseId, "offer");
        return caseId;
      });
      opened.push(id);
    } catch (error) {
      failed++;
      deps.log.error({ err: error, orderId }, "redemption offer failed");
    }
  }
  if (opened.length > 0 || failed > 0) deps.log.info({ opened: opened.length, failed }, "redemption offers");
  return { opened: opened.length, failed };
}
