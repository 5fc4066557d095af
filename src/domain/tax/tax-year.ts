/**
 * The parameters of one tax year that the wage-tax engine reads: everything a year changes lives here,
 * nothing of it in the engine's code. They are kept in the four tax tables of SPEC §3 (state income tax
 * scale, taxpayer deductions, the yearly payroll table, municipal rates), maintained by admins, and
 * seeded from published-tax-years.ts with a source for each figure. Amounts are cents, rates percent
 * with at most two decimals.
 */

/** The deductions a year's taxpayer deductions table holds (one row each), by the code it is stored under. */
export const TAX_DEDUCTION_TYPES = [
  "INCOME_EXPENSES_DEDUCTION",
  "BASIC_DEDUCTION",
  "WORK_INCOME_DEDUCTION",
] as const;
export type TaxDeductionType = (typeof TAX_DEDUCTION_TYPES)[number];

/** A contribution charged on a wage base between two ages (inclusive, age during the tax year). */
export type AgeBoundRate = {
  percent: number;
  fromAge: number;
  toAge: number;
};

/** One bracket of the state scale: tax = baseTax + (income − lowerLimit) × marginalPercent. */
export type StateTaxBracket = {
  lowerLimitCents: number;
  baseTaxCents: number;
  marginalPercent: number;
};

/** A reduction of a deduction: percent of the income between two limits (no upper limit when null). */
export type PhaseOut = {
  fromCents: number;
  toCents: number | null;
  percent: number;
};

export type TaxYear = {
  year: number;
  /** Progressive state income tax scale, brackets in ascending order, the first from 0. */
  stateScale: StateTaxBracket[];
  /** Employee's earnings-related pension contribution (TyEL). */
  pension: AgeBoundRate;
  /** A higher pension contribution for an age band (2025: 8.65 % at 53–62); null when none. */
  pensionOlder: AgeBoundRate | null;
  /** Employee's unemployment insurance contribution. */
  unemployment: AgeBoundRate;
  /** Health insurance daily allowance contribution, charged only when wage income reaches the threshold. */
  dailyAllowance: AgeBoundRate & { thresholdCents: number };
  /** Health insurance medical care contribution of wage earners, on taxable earned income. */
  medicalCarePercent: number;
  /** Yle tax: percent of net earned income above the threshold, at most max; from fromAge. */
  yleTax: { percent: number; thresholdCents: number; maxCents: number; fromAge: number };
  /** Income-related expenses deduction (tulonhankkimisvähennys), at most the wage income. */
  incomeExpensesDeductionCents: number;
  /** Basic deduction (perusvähennys): the income up to max, reduced by percent of the income above it. */
  basicDeduction: { maxCents: number; reductionPercent: number };
  /** Work income deduction (työtulovähennys), a credit against state tax and then the others. */
  workIncomeDeduction: {
    ratePercent: number;
    maxCents: number;
    /** The higher maximum from seniorFromAge (2026: 65 before the tax year began). */
    seniorMaxCents: number;
    seniorFromAge: number;
    /** Added to the maximum per dependent child under 18; doubled for a single parent. */
    childAdditionCents: number;
    phaseOuts: PhaseOut[];
  };
  /** The bike benefit's tax-free part (TVL 64 § 4 mom.) for benefits committed to in this year's rules. */
  bikeBenefit: {
    /** The yearly tax-free limit for a benefit committed to after the grandfathering cut-off (0 once repealed). */
    taxFreeLimitCents: number;
    /** The limit that a benefit committed to on or before grandfatheredUntil keeps. */
    grandfatheredLimitCents: number;
    /** The last commitment date that keeps the exemption (ISO date), null when every benefit has the same limit. */
    grandfatheredUntil: string | null;
    /** The tax-free bike benefit and commuter ticket together (3 400 € a year). */
    sharedLimitCents: number;
  };
};

/** The municipal rate of a municipality for a year and the church tax rate used for its members. */
export type MunicipalRate = {
  year: number;
  municipality: string;
  municipalPercent: number;
  churchPercent: number | null;
};
