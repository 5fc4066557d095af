import type { Language, OrderStatus } from "../../../domain/enums.ts";
import { formatCents } from "../../../domain/money.ts";
import { orderStatusWord } from "../../messaging/status-words.ts";
import { resolveLanguage } from "../../messaging/templates.ts";

/**
 * The bell's texts (docs/product.md "States" notification types), written once when the notification is made, in the
 * recipient's language. Each answers `{ title, message }` for createNotifications.
 */

type Text = { title: string; message: string };

function pick(language: string | null | undefined, texts: Record<Language, Text>): Text {
  return texts[resolveLanguage(language)];
}

/** EMPLOYEE_REGISTRATION: an employee joined through the company's registration link. */
export function employeeRegistrationNotification(
  language: string | null | undefined,
  params: { employeeName: string; companyName: string },
): Text {
  const { employeeName, companyName } = params;
  return pick(language, {
    fi: {
      title: "Uusi työntekijä odottaa hyväksyntää",
      message: `${employeeName} rekisteröityi yrityksen ${companyName} rekisteröintilinkillä ja odottaa hyväksyntääsi.`,
    },
    en: {
      title: "A new employee is waiting for acceptance",
      message: `${employeeName} registered through the registration link of ${companyName} and is waiting for your acceptance.`,
    },
    sv: {
      title: "En ny arbetstagare väntar på godkännande",
      message: `${employeeName} registrerade sig via registreringslänken för ${companyName} och väntar på ditt godkännande.`,
    },
  });
}

/** EMPLOYEE_ORDER: an employee started an order of a benefit bike. */
export function employeeOrderNotification(
  language: string | null | undefined,
  params: { employeeName: string; orderNumber: number; storeName: string | null },
): Text {
  const { employeeName, orderNumber, storeName } = params;
  return pick(language, {
    fi: {
      title: "Uusi työsuhdepyörän tilaus",
      message: storeName
        ? `${employeeName} aloitti tilauksen #${orderNumber} pyöräliikkeessä ${storeName}.`
        : `${employeeName} aloitti tilauksen #${orderNumber}.`,
    },
    en: {
      title: "A new benefit bike order",
      message: storeName
        ? `${employeeName} started order #${orderNumber} at the bike store ${storeName}.`
        : `${employeeName} started order #${orderNumber}.`,
    },
    sv: {
      title: "En ny beställning av förmånscykel",
      message: storeName
        ? `${employeeName} påbörjade beställningen #${orderNumber} i cykelaffären ${storeName}.`
        : `${employeeName} påbörjade beställningen #${orderNumber}.`,
    },
  });
}

/** ORDER_STATUS_CHANGE: an order moved on in its lifecycle. */
export function orderStatusChangeNotification(
  language: string | null | undefined,
  params: { employeeName: string; orderNumber: number; status: OrderStatus },
): Text {
  const lang = resolveLanguage(language);
  const { employeeName, orderNumber } = params;
  const status = orderStatusWord(lang, params.status);
  return pick(lang, {
    fi: {
      title: `Tilaus #${orderNumber}: ${status}`,
      message: `Työntekijän ${employeeName} tilauksen #${orderNumber} tila on nyt: ${status}.`,
    },
    en: {
      title: `Order #${orderNumber}: ${status}`,
      message: `The status of ${employeeName}'s order #${orderNumber} is now: ${status}.`,
    },
    sv: {
      title: `Beställning #${orderNumber}: ${status}`,
      message: `Statusen för ${employeeName}s beställning #${orderNumber} är nu: ${status}.`,
    },
  });
}

const MONTHS: Record<Language, readonly string[]> = {
  fi: [
    "tammikuu",
    "helmikuu",
    "maaliskuu",
    "huhtikuu",
    "toukokuu",
    "kesäkuu",
    "heinäkuu",
    "elokuu",
    "syyskuu",
    "lokakuu",
    "marraskuu",
    "joulukuu",
  ],
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  sv: [
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
  ],
};

/** "marraskuu 2026", "November 2026", "november 2026" of a YYYY-MM period. */
export function periodName(language: Language, period: string): string {
  const [year, month] = period.split("-").map(Number);
  return `${MONTHS[language][(month ?? 1) - 1]} ${year}`;
}

/** PAYMENT_REMINDER: the month's payroll report is ready; payroll must make its deductions. */
export function payrollReminderNotification(
  language: string | null | undefined,
  params: {
    companyName: string;
    period: string;
    deductions: number;
    grossDeductionCents: number;
    changes: number;
  },
): Text {
  const lang = resolveLanguage(language);
  const month = periodName(lang, params.period);
  const total = formatCents(params.grossDeductionCents, lang);
  return pick(lang, {
    fi: {
      title: `Palkkaraportti: ${month}`,
      message: `Yrityksen ${params.companyName} palkkaraportti (${month}) on lähetetty palkanlaskentaan: ${params.deductions} bruttopalkan vähennystä, yhteensä ${total}; ${params.changes} muutosta edelliseen kuukauteen. Muista tehdä vähennykset palkanmaksussa.`,
    },
    en: {
      title: `Payroll report: ${month}`,
      message: `The payroll report of ${params.companyName} (${month}) has been sent to payroll: ${params.deductions} gross-salary deductions, ${total} in total; ${params.changes} changes since last month. Remember to make the deductions in the pay run.`,
    },
    sv: {
      title: `Lönerapport: ${month}`,
      message: `Lönerapporten för ${params.companyName} (${month}) har skickats till lönehanteringen: ${params.deductions} bruttolöneavdrag, sammanlagt ${total}; ${params.changes} ändringar sedan förra månaden. Kom ihåg att göra avdragen i löneutbetalningen.`,
    },
  });
}
