import { formatHelsinkiDate } from "../../../domain/dates.ts";
import type { Language, RedemptionChoice } from "../../../domain/enums.ts";
import type { Tx } from "../../db/transaction.ts";
import { CHOICE_WORDS, REASON_WORDS } from "../../messaging/redemption-mails.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";
import type { CaseFacts } from "./case-facts.ts";

/**
 * The employer admins' bell of a redemption case: the company's employer admins hear when a case opens
 * and when a choice is made, in the action's transaction, so the bell rings for a change that stands.
 */

type Text = { title: string; message: string };

export type CaseNotice = { kind: "opened" } | { kind: "chosen"; choice: RedemptionChoice };

function noticeText(language: Language, facts: CaseFacts, notice: CaseNotice): Text {
  const { employeeName: name, order, redemption } = facts;
  const n = order.orderNumber;
  if (notice.kind === "chosen") {
    const choice = CHOICE_WORDS[language][notice.choice];
    return {
      fi: {
        title: `Lunastusasia #${n}: ${choice}`,
        message: `${name} valitsi tilauksen #${n} leasingsopimuksen päättyessä: ${choice}.`,
      },
      en: {
        title: `Lease end #${n}: ${choice}`,
        message: `${name} chose at the end of the lease of order #${n}: ${choice}.`,
      },
      sv: {
        title: `Inlösenärende #${n}: ${choice}`,
        message: `${name} valde när leasingavtalet för beställning #${n} upphör: ${choice}.`,
      },
    }[language];
  }
  const reason = REASON_WORDS[language][redemption.reason];
  const ends = formatHelsinkiDate(redemption.leaseEndsOn ?? "");
  const due = formatHelsinkiDate(redemption.decisionDeadline ?? "");
  return {
    fi: {
      title: `Lunastusasia avattu: tilaus #${n}`,
      message: `${name}: ${reason}. Työsuhdepyörän leasingsopimus päättyy ${ends}; valinta viimeistään ${due}.`,
    },
    en: {
      title: `Lease-end case opened: order #${n}`,
      message: `${name}: ${reason}. The benefit bike's leasing agreement ends on ${ends}; the choice is due by ${due}.`,
    },
    sv: {
      title: `Inlösenärende öppnat: beställning #${n}`,
      message: `${name}: ${reason}. Leasingavtalet för förmånscykeln upphör ${ends}; valet ska göras senast ${due}.`,
    },
  }[language];
}

/** The company's employer admins' bell, in each one's language, inside the caller's transaction. */
export async function notifyEmployerAdmins(tx: Tx, facts: CaseFacts, notice: CaseNotice): Promise<void> {
  const admins = await employerAdminsOf(tx, facts.redemption.companyId);
  await createNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.userId,
      companyId: facts.redemption.companyId,
      type: "GENERAL" as const,
      ...noticeText(resolveLanguage(admin.language), facts, notice),
      entityType: "bikeRedemption",
      entityId: facts.redemption.id,
      data: {
        orderId: facts.order.id,
        orderNumber: facts.order.orderNumber,
        beneficiaryEmployeeId: facts.redemption.beneficiaryEmployeeId,
        ...(notice.kind === "chosen" ? { choice: notice.choice } : {}),
      },
    })),
  );
}
