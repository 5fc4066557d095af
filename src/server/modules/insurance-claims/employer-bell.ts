import { eq } from "drizzle-orm";
import type { InsuranceClaimType, Language } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import { systemUsers, users } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { resolveLanguage } from "../../messaging/templates.ts";
import { createNotifications } from "../notifications/create.ts";
import { employerAdminsOf } from "../notifications/recipients.ts";

type Text = { title: string; message: string };

/**
 * The employer admin's bell when an employee's bike is reported stolen or damaged (GENERAL), in the
 * reader's language: the employer learns of it, since a claim may end the lease and the deduction.
 */
function claimReportedNotification(
  language: string | null | undefined,
  params: { employeeName: string; type: InsuranceClaimType; orderNumber: number | null },
): Text {
  const { employeeName, orderNumber } = params;
  const theft = params.type === "THEFT";
  const texts: Record<Language, Text> = {
    fi: {
      title: theft ? "Työsuhdepyörä on varastettu" : "Työsuhdepyörä on vahingoittunut",
      message: `${employeeName} teki vahinkoilmoituksen (${theft ? "varkaus" : "vahinko"})${
        orderNumber === null ? "" : ` tilauksen ${orderNumber} pyörästä`
      }. Asiakaspalvelu käsittelee sen.`,
    },
    en: {
      title: theft ? "A benefit bike was stolen" : "A benefit bike was damaged",
      message: `${employeeName} made an insurance claim (${theft ? "theft" : "damage"})${
        orderNumber === null ? "" : ` for the bike of order ${orderNumber}`
      }. Customer service will handle it.`,
    },
    sv: {
      title: theft ? "En förmånscykel har stulits" : "En förmånscykel har skadats",
      message: `${employeeName} gjorde en skadeanmälan (${theft ? "stöld" : "skada"})${
        orderNumber === null ? "" : ` om cykeln i beställning ${orderNumber}`
      }. Kundtjänsten behandlar den.`,
    },
  };
  return texts[resolveLanguage(language)];
}

/**
 * Rings the company's employer admins' bell of a new claim, each in their language, inside the claim's
 * transaction: the bell tells of a claim that stands.
 */
export async function notifyClaimReported(
  ctx: WriteContext,
  claim: { id: string; companyId: string; type: InsuranceClaimType },
  employee: { userId: string; orderNumber: number | null },
): Promise<void> {
  const { tx, now } = ctx;
  const [person] = await tx
    .select({ firstName: systemUsers.firstName, lastName: systemUsers.lastName, email: users.email })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, employee.userId));
  const employeeName = personName(person?.firstName, person?.lastName, person?.email ?? "");
  const admins = await employerAdminsOf(tx, claim.companyId);
  await createNotifications(
    tx,
    admins.map((admin) => ({
      userId: admin.userId,
      companyId: claim.companyId,
      type: "GENERAL" as const,
      ...claimReportedNotification(admin.language, {
        employeeName,
        type: claim.type,
        orderNumber: employee.orderNumber,
      }),
      entityType: "insuranceClaim",
      entityId: claim.id,
      createdAt: now,
    })),
  );
}
