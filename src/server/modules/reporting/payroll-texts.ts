import type { AbsenceReason, Language } from "../../../domain/enums.ts";
import type {
  PayrollChange,
  PayrollChangedField,
  PayrollOneOffItem,
  TaxRegime,
} from "../../../domain/payroll/types.ts";

/**
 * The words of the payroll report's file and mail (made on the server), in the glossary's terms. The
 * regime, change, one-off and absence words are the web page's too; tests/unit/payroll-labels.test.ts
 * keeps them equal to the employer catalogue (i18n/employer/reporting.*.json).
 */

export type PayrollColumn =
  | "lastName"
  | "firstName"
  | "employeeNumber"
  | "costUnit"
  | "payRollOther"
  | "unitName"
  | "orderNumber"
  | "regime"
  | "taxFreeUntil"
  | "monthlyPaymentCents"
  | "grossDeductionCents"
  | "deferredCents"
  | "catchUpCents"
  | "taxFreeCents"
  | "taxableCents"
  | "ownPaymentCents"
  | "netDeductionCents"
  | "oneOffs"
  | "absence"
  | "employmentEndsOn"
  | "change"
  | "changedFields";

export type PayrollWords = {
  sheetName: string;
  summarySheetName: string;
  fileName: string;
  total: string;
  /** The summary sheet's headers: the income type, what it is. */
  incomeTypeHeader: string;
  descriptionHeader: string;
  columns: Record<PayrollColumn, string>;
  /** Names of the fields a CHANGED row lists, beyond the columns. */
  fields: Partial<Record<PayrollChangedField, string>>;
  regime: Record<TaxRegime, string>;
  change: Record<PayrollChange, string>;
  oneOffKind: Record<PayrollOneOffItem["kind"], string>;
  absenceReason: Record<AbsenceReason, string>;
  incomeType: Record<363 | 364 | 420, string>;
};

export const PAYROLL_WORDS: Record<Language, PayrollWords> = {
  fi: {
    sheetName: "Palkkaraportti",
    summarySheetName: "Yhteenveto",
    fileName: "palkkaraportti",
    total: "Yhteensä",
    incomeTypeHeader: "Tulolaji",
    descriptionHeader: "Selite",
    columns: {
      lastName: "Sukunimi",
      firstName: "Etunimi",
      employeeNumber: "Henkilönumero",
      costUnit: "Kustannuspaikka",
      payRollOther: "Palkanlaskennan ryhmä",
      unitName: "Toimipiste",
      orderNumber: "Tilaus",
      regime: "Verokohtelu",
      taxFreeUntil: "Verovapaa asti",
      monthlyPaymentCents: "Kuukausierä (€)",
      grossDeductionCents: "Bruttopalkan vähennys (€)",
      deferredCents: "Siirtyy myöhemmäksi (€)",
      catchUpCents: "Peritään siirtyneitä (€)",
      taxFreeCents: "363 Polkupyöräedun verovapaa osuus (€)",
      taxableCents: "364 Polkupyöräedun palkaksi katsottu osuus (€)",
      ownPaymentCents: "420 Polkupyöräedusta peritty korvaus (€)",
      netDeductionCents: "Nettopalkan vähennys (€)",
      oneOffs: "Kertaerät",
      absence: "Poissaolo",
      employmentEndsOn: "Työsuhde päättyy",
      change: "Muutos",
      changedFields: "Muuttuneet tiedot",
    },
    fields: {
      benefitValueCents: "Edun arvo",
      outstandingDeferredCents: "Perimättä",
      withoutPay: "Palkaton kuukausi",
      lastMonth: "Viimeinen kuukausi",
    },
    regime: {
      GRANDFATHERED: "Verovapaa (siirtymäsääntö)",
      EXEMPT_2025_ONLY: "Verovapaa vain 2025",
      TAXABLE: "Veronalainen",
    },
    change: { NEW: "Uusi", CHANGED: "Muuttunut", UNCHANGED: "Ennallaan", ENDED: "Päättynyt" },
    oneOffKind: {
      OWN_SHARE: "Enimmäishinnan ylittävä osuus",
      REDEMPTION: "Pyörän lunastus",
      RETURN_FEE: "Palautusmaksu",
      DEDUCTIBLE: "Omavastuu",
      OTHER: "Muu maksu",
      CATCH_UP: "Siirtyneet kuukausierät",
    },
    absenceReason: { SICK_LEAVE: "Sairasloma", PARENTAL_LEAVE: "Vanhempainvapaa", OTHER: "Muu" },
    incomeType: {
      363: "Polkupyöräedun verovapaa osuus",
      364: "Polkupyöräedun palkaksi katsottu osuus",
      420: "Polkupyöräedusta peritty korvaus",
    },
  },
  en: {
    sheetName: "Payroll report",
    summarySheetName: "Summary",
    fileName: "payroll-report",
    total: "Total",
    incomeTypeHeader: "Income type",
    descriptionHeader: "Description",
    columns: {
      lastName: "Last name",
      firstName: "First name",
      employeeNumber: "Employee number",
      costUnit: "Cost unit",
      payRollOther: "Payroll group",
      unitName: "Company unit",
      orderNumber: "Order",
      regime: "Tax treatment",
      taxFreeUntil: "Tax-free until",
      monthlyPaymentCents: "Monthly payment (€)",
      grossDeductionCents: "Gross-salary deduction (€)",
      deferredCents: "Deferred (€)",
      catchUpCents: "Deferred payments collected (€)",
      taxFreeCents: "363 Tax-free part of the bike benefit (€)",
      taxableCents: "364 Part of the bike benefit counted as wage (€)",
      ownPaymentCents: "420 Compensation collected for the bike benefit (€)",
      netDeductionCents: "Net-salary deduction (€)",
      oneOffs: "One-off items",
      absence: "Absence",
      employmentEndsOn: "Employment ends",
      change: "Change",
      changedFields: "Changed",
    },
    fields: {
      benefitValueCents: "Benefit value",
      outstandingDeferredCents: "Still to collect",
      withoutPay: "Month without pay",
      lastMonth: "Last month",
    },
    regime: {
      GRANDFATHERED: "Tax-free (transition rule)",
      EXEMPT_2025_ONLY: "Tax-free in 2025 only",
      TAXABLE: "Taxable",
    },
    change: { NEW: "New", CHANGED: "Changed", UNCHANGED: "Unchanged", ENDED: "Ended" },
    oneOffKind: {
      OWN_SHARE: "Share above the maximum price",
      REDEMPTION: "Bike redemption",
      RETURN_FEE: "Return fee",
      DEDUCTIBLE: "Deductible",
      OTHER: "Other payment",
      CATCH_UP: "Deferred monthly payments",
    },
    absenceReason: { SICK_LEAVE: "Sick leave", PARENTAL_LEAVE: "Parental leave", OTHER: "Other" },
    incomeType: {
      363: "Tax-free part of the bike benefit",
      364: "Part of the bike benefit counted as wage",
      420: "Compensation collected for the bike benefit",
    },
  },
  sv: {
    sheetName: "Lönerapport",
    summarySheetName: "Sammanfattning",
    fileName: "lonerapport",
    total: "Totalt",
    incomeTypeHeader: "Inkomstslag",
    descriptionHeader: "Beskrivning",
    columns: {
      lastName: "Efternamn",
      firstName: "Förnamn",
      employeeNumber: "Personalnummer",
      costUnit: "Kostnadsställe",
      payRollOther: "Lönegrupp",
      unitName: "Enhet",
      orderNumber: "Beställning",
      regime: "Beskattning",
      taxFreeUntil: "Skattefri till",
      monthlyPaymentCents: "Månadsavgift (€)",
      grossDeductionCents: "Bruttolöneavdrag (€)",
      deferredCents: "Skjuts upp (€)",
      catchUpCents: "Uppskjutna avgifter som tas ut (€)",
      taxFreeCents: "363 Skattefri del av cykelförmånen (€)",
      taxableCents: "364 Del av cykelförmånen som anses vara lön (€)",
      ownPaymentCents: "420 Ersättning som tagits ut för cykelförmånen (€)",
      netDeductionCents: "Nettolöneavdrag (€)",
      oneOffs: "Engångsposter",
      absence: "Frånvaro",
      employmentEndsOn: "Anställningen upphör",
      change: "Ändring",
      changedFields: "Ändrade uppgifter",
    },
    fields: {
      benefitValueCents: "Förmånens värde",
      outstandingDeferredCents: "Återstår att ta ut",
      withoutPay: "Månad utan lön",
      lastMonth: "Sista månaden",
    },
    regime: {
      GRANDFATHERED: "Skattefri (övergångsregel)",
      EXEMPT_2025_ONLY: "Skattefri endast 2025",
      TAXABLE: "Skattepliktig",
    },
    change: { NEW: "Ny", CHANGED: "Ändrad", UNCHANGED: "Oförändrad", ENDED: "Avslutad" },
    oneOffKind: {
      OWN_SHARE: "Andel över maxpriset",
      REDEMPTION: "Inlösen av cykeln",
      RETURN_FEE: "Returavgift",
      DEDUCTIBLE: "Självrisk",
      OTHER: "Annan betalning",
      CATCH_UP: "Uppskjutna månadsavgifter",
    },
    absenceReason: { SICK_LEAVE: "Sjukledighet", PARENTAL_LEAVE: "Föräldraledighet", OTHER: "Annat" },
    incomeType: {
      363: "Skattefri del av cykelförmånen",
      364: "Del av cykelförmånen som anses vara lön",
      420: "Ersättning som tagits ut för cykelförmånen",
    },
  },
};

/** A changed field's name: its column's header without the unit, else its own name. */
export function changedFieldName(words: PayrollWords, field: PayrollChangedField): string {
  const column = words.columns[field as PayrollColumn];
  return (column ?? words.fields[field] ?? field).replace(/ \(€\)$/, "");
}
