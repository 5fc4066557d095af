/**
 * The parameters of one tax year that the wage-tax engine reads: everything a year changes lives here,
 * nothing of it in the engine's code. They are kept in the four tax tables of docs/data-model.md (state income tax
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
type StateTaxBracket = {
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
  /**
   * The municipalities' average income tax rate the Tax Administration publishes with its yearly decision
   * (7.60 % for 2026): used only for a person who gives no municipality; null when the year has none.
   */
  averageMunicipalPercent: number | null;
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

/** The churches whose parishes levy church tax: a person belongs to one of them or to none. */
export const CHURCHES = ["NONE", "EVANGELICAL_LUTHERAN", "ORTHODOX"] as const;
export type Church = (typeof CHURCHES)[number];

/**
 * A municipality's rates for a year, as the Tax Administration's yearly decision lists them: the municipal
 * income tax rate and the church tax rate of its Evangelical Lutheran and of its Orthodox parish.
 */
export type MunicipalRate = {
  year: number;
  /** The name as the Tax Administration's list spells it ("Koski Tl", "Pedersören kunta"). */
  municipality: string;
  /** The Swedish name (the Finnish one repeated where there is no other); null when not known. */
  municipalitySv: string | null;
  /** Statistics Finland's three-digit municipality code ("091"); null for a row an admin made without one. */
  code: string | null;
  municipalPercent: number;
  /** The Evangelical Lutheran parish's rate (what `churchMember` means); null when not known. */
  churchPercent: number | null;
  /** The Orthodox parish's rate; null when not known. */
  orthodoxPercent: number | null;
  /** Åland taxes differently (its own state scale share, basic deduction and media fee): not calculated yet. */
  aland: boolean;
};

/**
 * The year whose rules the calculator opens with: this year's, else the latest the tables hold (the
 * year whose municipalities a remembered municipality is checked against, too).
 */
export function calculationYear(today: string, years: readonly number[]): number {
  const thisYear = Number(today.slice(0, 4));
  return years.includes(thisYear) ? thisYear : Math.max(...years);
}
