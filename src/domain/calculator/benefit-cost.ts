import type { TaxYear } from "../tax/tax-year.ts";
import { type WageTax, wageTax } from "../tax/wage-tax.ts";

/**
 * What a bike benefit really costs an employee: the wage-tax engine run for every calendar year the
 * lease touches, once without the bike and once with it (docs/tax-parameters.md "How the wage tax is
 * computed").
 *
 * - The employer deducts the monthly payment less its subsidy from the gross salary (a gross-salary
 *   exchange); the benefit's value is the whole payment.
 * - The tax-free part is at most the year's limit for the contract's commitment date (TVL 64 § 4 mom.:
 *   1 200 € a year until 2025, kept after 2025 only by benefits committed to on or before 23.4.2025),
 *   and never more than the 3 400 € shared with a tax-free commuter ticket allows. The rest is taxable.
 * - The tax-free part that replaced salary still counts as pension and unemployment-insurance wage.
 * - A year without tax tables uses the latest earlier year's (the caller's taxYearFor decides).
 */

export type BenefitCostInput = {
  monthlyGrossSalaryCents: number;
  /** The monthly leasing payment: the benefit's taxable value. */
  monthlyPaymentCents: number;
  /** Paid by the employer on top of salary, at most the payment. */
  employerSubsidyPerMonthCents: number;
  leaseMonths: number;
  /** The first month of the lease: the month after the contract (1–12). */
  leaseStart: { year: number; month: number };
  /** The date the employer and employee committed to the benefit (ISO), which decides the exemption. */
  contractDate: string;
  /** The redemption price at the end of the lease. */
  redemptionCents: number;
  /** What buying the same bike and accessories outright costs. */
  purchasePriceCents: number;
  /** The tax-free commuter ticket the employee gets in a year (it shares the 3 400 € limit). */
  commuterTicketPerYearCents: number;
  age: number;
  municipalPercent: number;
  churchPercent: number;
  children: number;
  singleParent: boolean;
  /** The tax year whose monthly figures are shown. */
  shownYear: number;
};

type BenefitYear = {
  year: number;
  months: number;
  taxFreeBenefitCents: number;
  taxableBenefitCents: number;
  grossDeductionCents: number;
  netPayWithoutBenefitCents: number;
  netPayWithBenefitCents: number;
  /** How much less net pay the year brings with the benefit. */
  netCostCents: number;
};

export type BenefitCost = {
  /** The monthly figures of a full year with the benefit in the shown year. */
  monthly: {
    payment: number;
    grossDeduction: number;
    taxFreeBenefit: number;
    taxableBenefit: number;
    netPayReduction: number;
    netPayWithoutBenefit: number;
    netPayWithBenefit: number;
  };
  years: BenefitYear[];
  /** The net pay the lease takes plus the redemption price. */
  totalCostWithBenefitCents: number;
  totalCostWithoutBenefitCents: number;
  /** Negative when the lease costs more than buying. */
  totalSavingCents: number;
  /** Of one more euro of gross salary in the shown year, how many cents go to tax and contributions. */
  marginalTaxPercent: number;
};

/** The tax-free bike benefit a year allows for a contract committed to on contractDate. */
export function taxFreeLimitCents(
  year: Pick<TaxYear, "bikeBenefit">,
  contractDate: string,
  commuterTicketCents: number,
): number {
  const rule = year.bikeBenefit;
  const limit =
    rule.grandfatheredUntil !== null && contractDate <= rule.grandfatheredUntil
      ? rule.grandfatheredLimitCents
      : rule.taxFreeLimitCents;
  return Math.max(0, Math.min(limit, rule.sharedLimitCents - commuterTicketCents));
}

/** The lease's months in each calendar year, in order. */
export function leaseMonthsByYear(
  start: { year: number; month: number },
  months: number,
): [number, number][] {
  const byYear: [number, number][] = [];
  let remaining = months;
  let year = start.year;
  let inYear = 13 - start.month;
  while (remaining > 0) {
    const n = Math.min(remaining, inYear);
    byYear.push([year, n]);
    remaining -= n;
    year += 1;
    inYear = 12;
  }
  return byYear;
}

type YearRun = { without: WageTax; with: WageTax; taxFree: number; taxable: number; deduction: number };

function runYear(year: TaxYear, input: BenefitCostInput, months: number): YearRun {
  const annualWage = input.monthlyGrossSalaryCents * 12;
  const subsidy = Math.min(input.employerSubsidyPerMonthCents, input.monthlyPaymentCents);
  const benefit = months * input.monthlyPaymentCents;
  const deduction = months * (input.monthlyPaymentCents - subsidy);
  const taxFree = Math.min(
    benefit,
    taxFreeLimitCents(year, input.contractDate, input.commuterTicketPerYearCents),
  );
  const person = {
    age: input.age,
    municipalPercent: input.municipalPercent,
    churchPercent: input.churchPercent,
    children: input.children,
    singleParent: input.singleParent,
  };
  const without = wageTax(year, {
    ...person,
    cashWageCents: annualWage,
    taxableBenefitCents: 0,
    taxFreeBenefitCents: 0,
    taxFreeBenefitInSalaryCents: 0,
  });
  const withBike = wageTax(year, {
    ...person,
    cashWageCents: annualWage - deduction,
    taxableBenefitCents: benefit - taxFree,
    taxFreeBenefitCents: taxFree,
    taxFreeBenefitInSalaryCents: Math.min(taxFree, deduction),
  });
  return { without, with: withBike, taxFree, taxable: benefit - taxFree, deduction };
}

const perMonth = (annualCents: number) => Math.round(annualCents / 12);

export function benefitCost(taxYearFor: (year: number) => TaxYear, input: BenefitCostInput): BenefitCost {
  const years = leaseMonthsByYear(input.leaseStart, input.leaseMonths).map(([year, months]): BenefitYear => {
    const run = runYear(taxYearFor(year), input, months);
    return {
      year,
      months,
      taxFreeBenefitCents: run.taxFree,
      taxableBenefitCents: run.taxable,
      grossDeductionCents: run.deduction,
      netPayWithoutBenefitCents: run.without.netPayCents,
      netPayWithBenefitCents: run.with.netPayCents,
      netCostCents: run.without.netPayCents - run.with.netPayCents,
    };
  });

  const shown = taxYearFor(input.shownYear);
  const fullYear = runYear(shown, input, 12);
  const raised = wageTax(shown, {
    cashWageCents: input.monthlyGrossSalaryCents * 12 + 100_00,
    taxableBenefitCents: 0,
    taxFreeBenefitCents: 0,
    taxFreeBenefitInSalaryCents: 0,
    age: input.age,
    municipalPercent: input.municipalPercent,
    churchPercent: input.churchPercent,
    children: input.children,
    singleParent: input.singleParent,
  });
  const keptOf100Euros = raised.netPayCents - fullYear.without.netPayCents;

  const totalCostWithBenefitCents = years.reduce((sum, y) => sum + y.netCostCents, 0) + input.redemptionCents;
  return {
    monthly: {
      payment: input.monthlyPaymentCents,
      grossDeduction: perMonth(fullYear.deduction),
      taxFreeBenefit: perMonth(fullYear.taxFree),
      taxableBenefit: perMonth(fullYear.taxable),
      netPayReduction: perMonth(fullYear.without.netPayCents - fullYear.with.netPayCents),
      netPayWithoutBenefit: perMonth(fullYear.without.netPayCents),
      netPayWithBenefit: perMonth(fullYear.with.netPayCents),
    },
    years,
    totalCostWithBenefitCents,
    totalCostWithoutBenefitCents: input.purchasePriceCents,
    totalSavingCents: input.purchasePriceCents - totalCostWithBenefitCents,
    marginalTaxPercent: Math.round((100_00 - keptOf100Euros) / 10) / 10,
  };
}

/** The parameters of a year, or of the latest earlier year when the tables do not have it yet. */
export function taxYearPicker(years: readonly TaxYear[]): (year: number) => TaxYear {
  const sorted = [...years].sort((a, b) => a.year - b.year);
  const first = sorted[0];
  if (!first) throw new Error("No tax year parameters");
  return (year) => sorted.findLast((y) => y.year <= year) ?? first;
}
