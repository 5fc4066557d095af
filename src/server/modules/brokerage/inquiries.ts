import { and, eq, isNull } from "drizzle-orm";
import type { TBrokerageInquiryInput } from "../../../contract/bike-brokerage.ts";
import { isOnSale } from "../../../domain/brokerage.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { bikeBrokerageInquiries, bikeBrokerages } from "../../db/schema/index.ts";
import type { Actor, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { validPhoneNumber } from "../registration/field-rules.ts";
import { onBike } from "./bikes.ts";
import { alreadyAsked, brokerageNotAvailable } from "./errors.ts";
import { queueInquiryMail } from "./mails.ts";

/**
 * Asking to buy a brokerage bike, and the helpdesk marking the asking handled, each in the caller's
 * transaction with its event-log row (and an inquiry with its mail to customer service).
 */

/** Who asks: a logged-in user; the helpdesk (brokerage.manage) may know of bikes not listed. */
export type Asker = Actor & { userId: string; helpdesk: boolean };

/**
 * Stores an inquiry about a bike for sale. The bike's row is locked, so a sale, a withdrawal or the
 * same user's second inquiry cannot slip in between the checks and the insert.
 * - a bike not listed is 404 to anyone but the helpdesk (they may not know it exists);
 * - one sold, withdrawn or (to the helpdesk) not listed is 409 BROKERAGE_NOT_AVAILABLE;
 * - the user's open inquiry about the bike makes a second one 409 CONFLICT.
 * Customer service's mail of it is queued with it; answers the inquiry's id.
 */
export async function recordInquiry(
  ctx: WriteContext<Asker>,
  bikeId: string,
  input: TBrokerageInquiryInput,
): Promise<string> {
  const { tx, actor: asker, now } = ctx;
  const phone = input.phoneNumber?.trim();
  const phoneNumber = phone ? validPhoneNumber(phone, "body.phoneNumber") : null;
  const [bike] = await lockRows(
    tx,
    "bikeBrokerage",
    tx.select().from(bikeBrokerages).where(eq(bikeBrokerages.id, bikeId)).for("update"),
  );
  const listed = bike?.listedAt != null;
  if (!bike || (!listed && !asker.helpdesk)) throw notFound("Bike brokerage");
  if (!isOnSale(bike.status, listed)) throw brokerageNotAvailable();
  const [open] = await tx
    .select({ id: bikeBrokerageInquiries.id })
    .from(bikeBrokerageInquiries)
    .where(
      and(
        eq(bikeBrokerageInquiries.bikeBrokerageId, bike.id),
        eq(bikeBrokerageInquiries.userId, asker.userId),
        isNull(bikeBrokerageInquiries.handledAt),
      ),
    )
    .limit(1);
  if (open) throw alreadyAsked();
  const [row] = await tx
    .insert(bikeBrokerageInquiries)
    .values({
      bikeBrokerageId: bike.id,
      userId: asker.userId,
      name: input.name,
      email: input.email,
      phoneNumber,
      message: input.message,
      createdAt: now,
    })
    .returning({ id: bikeBrokerageInquiries.id });
  const inquiryId = row?.id as string;
  await recordEvent(ctx, { type: "BIKE_BROKERAGE_INQUIRY_RECEIVED", ...onBike(bike), data: { inquiryId } });
  await queueInquiryMail(tx, inquiryId);
  return inquiryId;
}

/** The helpdesk answered an inquiry (handled), or opens it again; a no-op when it already is so. */
export async function setInquiryHandled(
  ctx: WriteContext,
  inquiryId: string,
  handled: boolean,
): Promise<void> {
  const { tx, now } = ctx;
  const [inquiry] = await lockRows(
    tx,
    "brokerageInquiry",
    tx
      .select({
        id: bikeBrokerageInquiries.id,
        handledAt: bikeBrokerageInquiries.handledAt,
        bike: bikeBrokerages,
      })
      .from(bikeBrokerageInquiries)
      .innerJoin(bikeBrokerages, eq(bikeBrokerages.id, bikeBrokerageInquiries.bikeBrokerageId))
      .where(eq(bikeBrokerageInquiries.id, inquiryId))
      .for("update", { of: bikeBrokerageInquiries }),
  );
  if (!inquiry) throw notFound("Bike brokerage inquiry");
  if ((inquiry.handledAt !== null) === handled) return;
  await tx
    .update(bikeBrokerageInquiries)
    .set({ handledAt: handled ? now : null })
    .where(eq(bikeBrokerageInquiries.id, inquiryId));
  await recordEvent(ctx, {
    type: "BIKE_BROKERAGE_UPDATED",
    ...onBike(inquiry.bike),
    data: { action: handled ? "INQUIRY_HANDLED" : "INQUIRY_REOPENED", inquiryId },
  });
}
