import { eq } from "drizzle-orm";
import { buildPath } from "../../../domain/routes.ts";
import type { Db } from "../../db/client.ts";
import { bikeBrokerageInquiries, bikeBrokerages } from "../../db/schema/index.ts";
import { brokerageInquiryMail } from "../../messaging/brokerage-mails.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";

/** The outbox event of the mail to customer service of a new inquiry. */
const BROKERAGE_INQUIRY_EVENT = "BROKERAGE_INQUIRY";

/**
 * Queues the mail to customer service of a new inquiry in the inquiry's transaction, in Finnish. The
 * row names the inquiry only: the asker's details and the bike are read from it when it is sent.
 */
export async function queueInquiryMail(tx: Db, inquiryId: string): Promise<void> {
  await queueMessage(tx, {
    event: BROKERAGE_INQUIRY_EVENT,
    channel: "EMAIL",
    recipient: CONTACT_EMAIL,
    language: "fi",
    params: { inquiryId },
  });
}

/**
 * BROKERAGE_INQUIRY: the asker and the bike, with a link to the bike's page in the admin (/admin,
 * Hakemukset, Pyörävälitys: the web's helpdesk-paths.ts segments). None for an inquiry gone.
 */
export const renderInquiryMail: OutboxRenderer = async (row, deps) => {
  const [found] = await deps.db
    .select({ inquiry: bikeBrokerageInquiries, bike: bikeBrokerages })
    .from(bikeBrokerageInquiries)
    .innerJoin(bikeBrokerages, eq(bikeBrokerages.id, bikeBrokerageInquiries.bikeBrokerageId))
    .where(eq(bikeBrokerageInquiries.id, String(row.params.inquiryId)));
  if (!found) return null;
  const { inquiry, bike } = found;
  const link = `${deps.publicUrl}${buildPath("admin")}/hakemukset/valitys/${encodeURIComponent(bike.id)}`;
  const mail = brokerageInquiryMail(row.language, {
    bike: {
      brand: bike.brand,
      model: bike.model,
      modelYear: bike.modelYear,
      frameSize: bike.frameSize,
      askingPriceCents: bike.askingPriceCents,
      city: bike.city,
    },
    asker: {
      name: inquiry.name,
      email: inquiry.email,
      phoneNumber: inquiry.phoneNumber,
      message: inquiry.message ?? "",
    },
    link,
  });
  return { kind: "mail", mail };
};
