import type { TReportHandoverDefect } from "../../../contract/handovers.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { Language } from "../../../domain/enums.ts";
import { canReportDefect } from "../../../domain/handovers.ts";
import { recordEvent } from "../../db/event-log.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import { createNotifications } from "../notifications/create.ts";
import { storeUsersOf } from "../notifications/recipients.ts";
import type { OrderUser } from "../orders/lifecycle.ts";
import { defectWindowClosed } from "./errors.ts";
import type { HandoverOrder, HandoverRow } from "./queries.ts";

type Text = { title: string; message: string };

/** The store user's bell for a defect reported of a bike it shipped, in the reader's language. */
export function defectReportedNotification(language: string | null | undefined, orderNumber: number): Text {
  const texts: Record<Language, Text> = {
    fi: {
      title: "Toimitetussa pyörässä on vika",
      message: `Työntekijä ilmoitti viasta tilauksen ${orderNumber} pyörässä. Kuvaus on tilauksen luovutuksen tiedoissa.`,
    },
    en: {
      title: "A shipped bike has a defect",
      message: `The employee reported a defect in the bike of order ${orderNumber}. The description is with the order's handover.`,
    },
    sv: {
      title: "En levererad cykel har ett fel",
      message: `Den anställda anmälde ett fel i cykeln i beställning ${orderNumber}. Beskrivningen finns i beställningens överlämningsuppgifter.`,
    },
  };
  return texts[resolveLanguage(language)];
}

/**
 * The employee reports a defect of a shipped bike within the window after it arrived: an event on the
 * order's timeline, which the store and the helpdesk read, and the store users' bell.
 */
export async function reportHandoverDefect(
  ctx: WriteContext<OrderUser>,
  order: HandoverOrder,
  handover: HandoverRow | null,
  input: TReportHandoverDefect,
): Promise<void> {
  if (!handover || !canReportDefect(handover, toHelsinkiDateString(ctx.now))) throw defectWindowClosed();
  await recordEvent(ctx, {
    type: "HANDOVER_DEFECT_REPORTED",
    entity: { type: "order", id: order.id },
    companyId: order.companyId,
    data: { description: input.description },
  });
  const recipients = await storeUsersOf(ctx.tx, handover.bikeStoreId);
  await createNotifications(
    ctx.tx,
    recipients.map((recipient) => ({
      userId: recipient.userId,
      companyId: order.companyId,
      type: "GENERAL" as const,
      priority: "HIGH" as const,
      ...defectReportedNotification(recipient.language, order.orderNumber),
      entityType: "order",
      entityId: order.id,
      createdAt: ctx.now,
    })),
  );
}
