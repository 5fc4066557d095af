import type { FastifyBaseLogger } from "fastify";
import { buildPath } from "../../../domain/routes.ts";
import { brokerageInquiryMail } from "../../messaging/brokerage-mails.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import type { Messaging } from "../../messaging/types.ts";
import type { RecordedInquiry } from "./inquiries.ts";

/**
 * The mail to customer service of a new inquiry, after the inquiry committed, in Finnish with a link
 * to the bike's page in the admin; a failed mail is logged and never undoes the inquiry.
 */
export async function mailInquiry(
  deps: { messaging: Messaging; publicUrl: string; log: Pick<FastifyBaseLogger, "error"> },
  recorded: RecordedInquiry,
): Promise<void> {
  // The bike's page in the admin: /admin, Hakemukset, Pyörävälitys (the web's helpdesk-paths.ts segments).
  const link = `${deps.publicUrl}${buildPath("admin")}/hakemukset/valitys/${encodeURIComponent(recorded.bikeBrokerageId)}`;
  try {
    const mail = brokerageInquiryMail("fi", { ...recorded, link });
    await deps.messaging.sendMail({ to: CONTACT_EMAIL, ...mail });
  } catch (error) {
    deps.log.error({ err: error, inquiryId: recorded.inquiryId }, "brokerage inquiry mail failed");
  }
}
