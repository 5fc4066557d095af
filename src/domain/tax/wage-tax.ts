import { percentOfCents } from "../money.ts";
import type { AgeBoundRate, TaxYear } from "./tax-year.ts";

/**
 * The annual income tax and employee contributions of a wage earner resident in mainland Finland, step
 * by step as docs/tax-parameters.md "How the wage tax is computed" lists them. Every computed tax,
 * contribution and deduction is rounded to the cent, as the tax administration does. Pure: the year's
 * parameters come in with the call.
 */

export type WageTaxInput = {
  /** The wage paid in money during the year. */
  cashWageCents: number;
  /** Taxable benefits in kind (e.g. a taxable bike benefit). */
  taxableBenefitCents: number;
  /** The tax-free part of a bike benefit (grandfathered contracts only). */
  taxFreeBenefitCents: number;
  /**
   * How much of the tax-free benefit was agreed as part of the salary (a gross-salary exchange): that
   * part still counts as pension and unemployment-insurance wage (docs/tax-parameters.md "A gross-salary
   * exchange").
   */
  taxFreeBenefitInSalaryCents: number;
  /** Age during the tax year. */
  age: number;
  municipalPercent: number;
  /** 0 when not a member of a church. */
  churchPercent: number;
  children: number;
  singleParent: boolean;
};

export type WageTax = {
  /** Taxable wage income: cash wage and taxable benefits. */
  wageIncomeCents: number;
  /** Pension and unemployment-insurance wage. */
  contributionBaseCents: number;
  pensionCents: number;
  unemploymentCents: number;
  dailyAllowanceCents: number;
  incomeExpensesDeductionCents: number;
  /** Net earned income (puhdas ansiotulo). */
  netEarnedIncomeCents: number;
  basicDeductionCents: number;
  /** Taxable earned income for state, municipal and church tax (verotettava ansiotulo). */
  taxableIncomeCents: number;
  stateTaxBeforeCreditCents: number;
  workIncomeDeductionCents: number;
  stateTaxCents: number;
  municipalTaxCents: number;
  churchTaxCents: number;
  medicalCareCents: number;
  yleTaxCents: number;
  /** Everything inside the tax card's withholding: taxes, medical care and daily allowance contributions. */
  withheldTaxCents: number;
  /** Net pay in money: the cash wage less the withheld taxes and the pension and unemployment contributions. */
  netPayCents: number;
};

function inAgeBand(rate: AgeBoundRate, age: number): boolean {
  return age >= rate.fromAge && age <= rate.toAge;
}

function pensionPercent(year: TaxYear, age: number): number {
  if (year.pensionOlder && inAgeBand(year.pensionOlder, age)) return year.pensionOlder.percent;
  return inAgeBand(year.pension, age) ? year.pension.percent : 0;
}

/** State tax from the progressive scale: the bracket's base plus its rate on the income above its limit. */
function stateTaxCents(year: TaxYear, taxableIncomeCents: number): number {
  let bracket = year.stateScale[0];
  for (const candidate of year.stateScale) {
    if (taxableIncomeCents >= candidate.lowerLimitCents) bracket = candidate;
  }
  if (!bracket || taxableIncomeCents <= 0) return 0;
  return (
    bracket.baseTaxCents +
    percentOfCents(taxableIncomeCents - bracket.lowerLimitCents, bracket.marginalPercent)
  );
}

/** The basic deduction: all of a small income, then the maximum reduced by a percent of the income above it. */
function basicDeductionCents(year: TaxYear, incomeCents: number): number {
  const { maxCents, reductionPercent } = year.basicDeduction;
  if (incomeCents <= maxCents) return Math.max(0, incomeCents);
  return Math.max(0, maxCents - percentOfCents(incomeCents - maxCents, reductionPercent));
}

/** The work income deduction: a percent of the wage income up to its cap, less its phase-outs. */
function workIncomeDeductionCents(
  year: TaxYear,
  input: WageTaxInput,
  wageIncomeCents: number,
  netEarnedIncomeCents: number,
): number {
  const rule = year.workIncomeDeduction;
  const childAddition = rule.childAdditionCents * input.children * (input.singleParent ? 2 : 1);
  const cap = (input.age >= rule.seniorFromAge ? rule.seniorMaxCents : rule.maxCents) + childAddition;
  const gross = Math.min(cap, percentOfCents(wageIncomeCents, rule.ratePercent));
  let reduction = 0;
  for (const phaseOut of rule.phaseOuts) {
    const top =
      phaseOut.toCents === null ? netEarnedIncomeCents : Math.min(netEarnedIncomeCents, phaseOut.toCents);
    if (top > phaseOut.fromCents) reduction += percentOfCents(top - phaseOut.fromCents, phaseOut.percent);
  }
  return Math.max(0, gross - reduction);
}

/** The part of a tax left after the credit's leftover is shared in proportion to the taxes' sizes. */
function shareOfLeftover(taxCents: number, leftoverCents: number, totalCents: number): number {
  if (leftoverCents <= 0 || totalCents <= 0) return taxCents;
  if (leftoverCents >= totalCents) return 0;
  return taxCents - Math.round((taxCents * leftoverCents) / totalCents);
}

export function wageTax(year: TaxYear, input: WageTaxInput): WageTax {
  const wageIncomeCents = input.cashWageCents + input.taxableBenefitCents;
  const contributionBaseCents = wageIncomeCents + input.taxFreeBenefitInSalaryCents;

  const pensionCents = percentOfCents(contributionBaseCents, pensionPercent(year, input.age));
  const unemploymentCents = inAgeBand(year.unemployment, input.age)
    ? percentOfCents(contributionBaseCents, year.unemployment.percent)
    : 0;
  const allowance = year.dailyAllowance;
  const dailyAllowanceCents =
    inAgeBand(allowance, input.age) && wageIncomeCents >= allowance.thresholdCents
      ? percentOfCents(wageIncomeCents, allowance.percent)
      : 0;

  const incomeExpensesDeductionCents = Math.min(year.incomeExpensesDeductionCents, wageIncomeCents);
  const netEarnedIncomeCents = wageIncomeCents - incomeExpensesDeductionCents;
  const afterContributions = Math.max(
    0,
    netEarnedIncomeCents - pensionCents - unemploymentCents - dailyAllowanceCents,
  );
  const basic = basicDeductionCents(year, afterContributions);
  const taxableIncomeCents = Math.max(0, afterContributions - basic);

  const stateTaxBeforeCreditCents = stateTaxCents(year, taxableIncomeCents);
  const municipal = percentOfCents(taxableIncomeCents, input.municipalPercent);
  const church = percentOfCents(taxableIncomeCents, input.churchPercent);
  const medicalCare = percentOfCents(taxableIncomeCents, year.medicalCarePercent);

  // The credit goes against state tax first; what is left of it reduces the other three pro rata.
  const workIncomeDeduction = workIncomeDeductionCents(year, input, wageIncomeCents, netEarnedIncomeCents);
  const stateTax = Math.max(0, stateTaxBeforeCreditCents - workIncomeDeduction);
  const leftover = Math.max(0, workIncomeDeduction - stateTaxBeforeCreditCents);
  const others = municipal + church + medicalCare;
  const municipalTaxCents = shareOfLeftover(municipal, leftover, others);
  const churchTaxCents = shareOfLeftover(church, leftover, others);
  const medicalCareCents = shareOfLeftover(medicalCare, leftover, others);

  const yle = year.yleTax;
  const yleTaxCents =
    input.age >= yle.fromAge
      ? Math.min(
          yle.maxCents,
          Math.max(0, percentOfCents(Math.max(0, netEarnedIncomeCents - yle.thresholdCents), yle.percent)),
        )
      : 0;

  const withheldTaxCents =
    stateTax + municipalTaxCents + churchTaxCents + medicalCareCents + yleTaxCents + dailyAllowanceCents;
  return {
    wageIncomeCents,
    contributionBaseCents,
    pensionCents,
    unemploymentCents,
    dailyAllowanceCents,
    incomeExpensesDeductionCents,
    netEarnedIncomeCents,
    basicDeductionCents: basic,
    taxableIncomeCents,
    stateTaxBeforeCreditCents,
    workIncomeDeductionCents: workIncomeDeduction,
    stateTaxCents: stateTax,
    municipalTaxCents,
    churchTaxCents,
    medicalCareCents,
    yleTaxCents,
    withheldTaxCents,
    netPayCents: input.cashWageCents - withheldTaxCents - pensionCents - unemploymentCents,
  };
}

/**
 * The tax card's withholding percent as the Tax Administration sets it: the year's withheld tax over the
 * gross wage, rounded up to the next half percent (2 530.49 € of 30 000 € = 8.43 % → 8.5 %).
 */
export function taxCardPercent(withheldTaxCents: number, grossWageCents: number): number {
  if (grossWageCents <= 0 || withheldTaxCents <= 0) return 0;
  // In whole half percents: withheld × 200 / gross, rounded up; integers, so an exact half stays.
  return Math.ceil((withheldTaxCents * 200) / grossWageCents) / 2;
}
