import type { InsuranceClaimType, Language } from "../../../domain/enums.ts";
import { resolveLanguage } from "../../messaging/templates.ts";

type Text = { title: string; message: string };

/**
 * The employer admin's bell when an employee's bike is reported stolen or damaged (GENERAL), in the
 * reader's language: the employer learns of it, since a claim may end the lease and the deduction.
 */
export function claimReportedNotification(
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
