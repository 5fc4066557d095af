import type { AbsenceReason } from "../../../../domain/enums.ts";
import type {
  IncomeType,
  PayrollChange,
  PayrollChangedField,
  PayrollOneOffItem,
  TaxRegime,
} from "../../../../domain/payroll/types.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";

/**
 * The words and tones of the payroll report's values, spelled out (not built at run time) so that the
 * type checker wants a label for each new value and the catalogue check sees every key in use. The
 * regime, change, one-off, absence and income type words are the server's file and mail words
 * (server/modules/reporting/payroll-texts.ts PAYROLL_WORDS); a test keeps them equal.
 */

export const REGIME_LABELS: Record<TaxRegime, string> = {
  GRANDFATHERED: "employerReporting.regime.GRANDFATHERED",
  EXEMPT_2025_ONLY: "employerReporting.regime.EXEMPT_2025_ONLY",
  TAXABLE: "employerReporting.regime.TAXABLE",
};

/** Tax-free under the transition rule is the employee's gain; taxable is plain, not a fault. */
export const REGIME_TONES: Record<TaxRegime, StatusTone> = {
  GRANDFATHERED: "success",
  EXEMPT_2025_ONLY: "info",
  TAXABLE: "neutral",
};

export const CHANGE_LABELS: Record<PayrollChange, string> = {
  NEW: "employerReporting.change.NEW",
  CHANGED: "employerReporting.change.CHANGED",
  UNCHANGED: "employerReporting.change.UNCHANGED",
  ENDED: "employerReporting.change.ENDED",
};

/**
 * What payroll must act on stands out: a new row, a changed one (payroll must update it), an ended one
 * (closed, not a fault: its row is dimmed too). UNCHANGED is shown quietly, as text, not as a badge.
 */
export const CHANGE_TONES: Record<Exclude<PayrollChange, "UNCHANGED">, StatusTone> = {
  NEW: "info",
  CHANGED: "warning",
  ENDED: "neutral",
};

export const ONE_OFF_KIND_LABELS: Record<PayrollOneOffItem["kind"], string> = {
  OWN_SHARE: "employerReporting.oneOffKind.OWN_SHARE",
  REDEMPTION: "employerReporting.oneOffKind.REDEMPTION",
  RETURN_FEE: "employerReporting.oneOffKind.RETURN_FEE",
  DEDUCTIBLE: "employerReporting.oneOffKind.DEDUCTIBLE",
  OTHER: "employerReporting.oneOffKind.OTHER",
  CATCH_UP: "employerReporting.oneOffKind.CATCH_UP",
};

export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  SICK_LEAVE: "employerReporting.absenceReason.SICK_LEAVE",
  PARENTAL_LEAVE: "employerReporting.absenceReason.PARENTAL_LEAVE",
  OTHER: "employerReporting.absenceReason.OTHER",
};

/** The Incomes Register's names of the bike benefit's income types. */
export const INCOME_TYPE_LABELS: Record<IncomeType, string> = {
  363: "employerReporting.incomeType.363",
  364: "employerReporting.incomeType.364",
  420: "employerReporting.incomeType.420",
};

/** The names of the fields a CHANGED row lists (the columns' names, as the file's "Muuttuneet tiedot"). */
export const CHANGED_FIELD_LABELS: Record<PayrollChangedField, string> = {
  monthlyPaymentCents: "employerReporting.fields.monthlyPaymentCents",
  benefitValueCents: "employerReporting.fields.benefitValueCents",
  taxFreeCents: "employerReporting.fields.taxFreeCents",
  taxableCents: "employerReporting.fields.taxableCents",
  ownPaymentCents: "employerReporting.fields.ownPaymentCents",
  grossDeductionCents: "employerReporting.fields.grossDeductionCents",
  deferredCents: "employerReporting.fields.deferredCents",
  catchUpCents: "employerReporting.fields.catchUpCents",
  netDeductionCents: "employerReporting.fields.netDeductionCents",
  outstandingDeferredCents: "employerReporting.fields.outstandingDeferredCents",
  regime: "employerReporting.fields.regime",
  taxFreeUntil: "employerReporting.fields.taxFreeUntil",
  absence: "employerReporting.fields.absence",
  withoutPay: "employerReporting.fields.withoutPay",
  employmentEndsOn: "employerReporting.fields.employmentEndsOn",
  lastMonth: "employerReporting.fields.lastMonth",
  oneOffs: "employerReporting.fields.oneOffs",
  employeeNumber: "employerReporting.fields.employeeNumber",
  costUnit: "employerReporting.fields.costUnit",
  payRollOther: "employerReporting.fields.payRollOther",
  unitName: "employerReporting.fields.unitName",
};
