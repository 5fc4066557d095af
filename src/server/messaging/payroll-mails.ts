import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { PayrollRow, PayrollTotals } from "../../domain/payroll/types.ts";
import { periodName } from "../modules/notifications/texts.ts";
import { changedFieldName, PAYROLL_WORDS } from "../modules/reporting/payroll-texts.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The monthly payroll report mail to a company's payroll recipients (ADR 008): the month's
 * sums by Incomes Register income type, the changes since last month by name (what payroll must act
 * on), and a link to the whole report in Pedaali (the CSV and XLSX are downloaded there, behind login,
 * rather than sent around as attachments).
 */

/** At most this many changes are listed by name; the rest are counted. */
const MAIL_CHANGES_LISTED = 40;

export type PayrollMailParams = {
  name?: string | null;
  companyName: string;
  period: string;
  rows: readonly PayrollRow[];
  totals: PayrollTotals;
  /** The report in Pedaali: /raportointi with the company and the month. */
  link: string;
};

export function payrollReportMail(
  language: string | null | undefined,
  params: PayrollMailParams,
): RenderedMail {
  const lang: Language = resolveLanguage(language);
  const words = PAYROLL_WORDS[lang];
  const money = (cents: number) => formatCents(cents, lang);
  const month = periodName(lang, params.period);
  const { totals } = params;
  const changes = params.rows.filter((row) => row.change !== null && row.change !== "UNCHANGED");
  const changeLines = changes.slice(0, MAIL_CHANGES_LISTED).map((row) => {
    const who = `${row.lastName} ${row.firstName}${row.employeeNumber ? ` (${row.employeeNumber})` : ""}`;
    const what =
      row.change === "CHANGED"
        ? `${words.change.CHANGED}: ${row.changedFields.map((field) => changedFieldName(words, field)).join(", ")}`
        : words.change[row.change as "NEW" | "ENDED"];
    return `• ${who}: ${what}`;
  });
  const more = changes.length - changeLines.length;
  const incomeLines = totals.incomeTypes.map(
    ({ incomeType, amountCents }) => `${incomeType} ${words.incomeType[incomeType]}: ${money(amountCents)}`,
  );
  const texts: Record<
    Language,
    {
      subject: string;
      intro: string;
      sums: string;
      changes: string;
      none: string;
      more: string;
      action: string;
      after: string;
    }
  > = {
    fi: {
      subject: `Palkkaraportti ${month} – ${params.companyName}`,
      intro: `Tässä yrityksen ${params.companyName} polkupyöräedun palkkaraportti kuukaudelta ${month}.`,
      sums: `Bruttopalkan vähennyksiä ${totals.rowCount}, yhteensä ${money(totals.grossDeductionCents)}; nettopalkan vähennyksiä yhteensä ${money(totals.netDeductionCents)}.`,
      changes: `Muutokset edelliseen kuukauteen (${changes.length}):`,
      none: "Ei muutoksia edelliseen kuukauteen.",
      more: `…ja ${more} muuta muutosta.`,
      action: "Avaa palkkaraportti",
      after:
        "Koko raportti on ladattavissa Pedaalista CSV- ja Excel-tiedostona. Sait tämän viestin, koska olet yrityksen palkkaraportin vastaanottaja.",
    },
    en: {
      subject: `Payroll report ${month} – ${params.companyName}`,
      intro: `Here is the bike benefit payroll report of ${params.companyName} for ${month}.`,
      sums: `${totals.rowCount} gross-salary deductions, ${money(totals.grossDeductionCents)} in total; net-salary deductions ${money(totals.netDeductionCents)} in total.`,
      changes: `Changes since last month (${changes.length}):`,
      none: "No changes since last month.",
      more: `…and ${more} more changes.`,
      action: "Open the payroll report",
      after:
        "The whole report can be downloaded in Pedaali as a CSV or Excel file. You got this message because you receive the company's payroll report.",
    },
    sv: {
      subject: `Lönerapport ${month} – ${params.companyName}`,
      intro: `Här är cykelförmånens lönerapport för ${params.companyName} för ${month}.`,
      sums: `${totals.rowCount} bruttolöneavdrag, sammanlagt ${money(totals.grossDeductionCents)}; nettolöneavdrag sammanlagt ${money(totals.netDeductionCents)}.`,
      changes: `Ändringar sedan förra månaden (${changes.length}):`,
      none: "Inga ändringar sedan förra månaden.",
      more: `…och ${more} andra ändringar.`,
      action: "Öppna lönerapporten",
      after:
        "Hela rapporten kan laddas ner i Pedaali som en CSV- eller Excel-fil. Du fick det här meddelandet eftersom du tar emot företagets lönerapport.",
    },
  };
  const text = texts[lang];
  const content: MailContent = {
    subject: text.subject,
    greeting: greeting(lang, params.name),
    paragraphs: [
      text.intro,
      text.sums,
      ...incomeLines,
      changes.length > 0 ? text.changes : text.none,
      ...changeLines,
      ...(more > 0 ? [text.more] : []),
    ],
    action: { label: text.action, url: params.link },
    after: [text.after],
  };
  return mail("payroll-report", lang, content);
}
