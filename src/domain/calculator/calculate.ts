import { onFirstUse } from "../first-use.ts";
import { eurosToCents, percentOfCents } from "../money.ts";
import type { Church, MunicipalRate, TaxYear } from "../tax/tax-year.ts";
import { benefitCost, taxYearPicker } from "./benefit-cost.ts";
import { type LeaseTerms, monthlyLeasePayment } from "./lease-payment.ts";

/**
 * The benefit calculator (/laskuri and POST /api/calculator) as one pure function: the page runs it in
 * the browser as you type and the API runs it on the server, over the same parameters (GET
 * /api/calculator/parameters), so the two never disagree. Euros in and out, cents inside.
 */

/** The billing table's terms and limits that price the calculator's lease. */
export type CalculatorLeaseTerms = LeaseTerms & {
  minLeaseMonths: number;
  maxLeaseMonths: number;
  campaignDiscountPercent: number | null;
  campaignMinLeaseMonths: number | null;
};

export type CalculatorParameters = {
  /** Today in Helsinki (ISO date): the default commitment date. */
  today: string;
  taxYears: readonly TaxYear[];
  municipalities: readonly MunicipalRate[];
  leaseTerms: CalculatorLeaseTerms;
};

export type CalculatorInput = {
  year: number;
  contractDate?: string | undefined;
  bikePrice: number;
  accessoriesPrice?: number | undefined;
  leaseTimeMonths: number;
  monthlyPayment?: number | undefined;
  monthlyGrossSalary: number;
  /** Finnish or Swedish name or three-digit code; none = the Tax Administration's published average. */
  municipality?: string | undefined;
  /** Older clients' church choice: true = Evangelical Lutheran (church, when given, says the same). */
  churchMember?: boolean | undefined;
  church?: Church | undefined;
  age?: number | undefined;
  children?: number | undefined;
  employerSubsidyPerMonth?: number | undefined;
  commuterTicketPerYear?: number | undefined;
  /** Ask for the billing table's campaign discount (given only for leases of its minimum period or more). */
  campaign?: boolean | undefined;
};

type CalculatorYear = {
  year: number;
  months: number;
  taxFreeBenefit: number;
  taxableBenefit: number;
  netCost: number;
};

export type CalculatorResult = {
  year: number;
  contractDate: string;
  /** The first month of the lease, "2026-12". */
  leaseStart: string;
  leaseTimeMonths: number;
  packagePrice: number;
  campaignDiscount: number;
  monthlyPayment: number;
  paymentParts: { financing: number; insurance: number; maintenance: number; serviceFee: number } | null;
  monthlyGrossDeduction: number;
  taxFreeBenefitPerMonth: number;
  taxableBenefitPerMonth: number;
  monthlyNetPayReduction: number;
  netPayWithoutBenefit: number;
  netPayWithBenefit: number;
  redemptionPrice: number;
  totalCostWithBenefit: number;
  totalCostWithoutBenefit: number;
  totalSaving: number;
  marginalTaxRate: number;
  municipalTaxPercent: number;
  churchTaxPercent: number;
  church: Church;
  /** The municipality whose rates were used (as the list spells it); null for the published average. */
  municipality: string | null;
  /** Whether the contract keeps the tax exemption (committed to on or before the cut-off). */
  grandfathered: boolean;
  years: CalculatorYear[];
};

/** Input the calculator cannot work with, by field: the API answers 400 naming it, the page marks it. */
export class CalculatorInputError extends Error {
  constructor(
    readonly field: keyof CalculatorInput,
    readonly code:
      | "UNKNOWN_TAX_YEAR"
      | "UNKNOWN_MUNICIPALITY"
      | "ALAND_NOT_CALCULATED"
      | "CHURCH_NEEDS_MUNICIPALITY"
      | "CHURCH_CHOICE_CONFLICT"
      | "PARISH_RATE_UNKNOWN"
      | "LEASE_PERIOD_BELOW_MINIMUM"
      | "LEASE_PERIOD_ABOVE_MAXIMUM"
      | "LEASE_PERIOD_TOO_SHORT_FOR_CAMPAIGN"
      | "INVALID_LEASING_CONFIGURATION",
    message: string,
  ) {
    super(message);
    this.name = "CalculatorInputError";
  }
}

const DEFAULT_AGE = 35;
const euros = (cents: number) => cents / 100;

/** Names compare as a person types them: case and accents aside. One collator: making one per call is slow. */
const nameCollator = onFirstUse(() => new Intl.Collator("fi", { sensitivity: "base" }));

function sameName(a: string, b: string): boolean {
  return nameCollator().compare(a, b) === 0;
}

/**
 * The municipality's rates for the year (found by its code, or by its Finnish or Swedish name), the latest
 * earlier year's when the year has none yet. The code is looked for first: the picker and every saved
 * choice name a municipality by its code, so the calculator's start compares no names (a collator's first
 * use loads its language's data, some 25 ms, four times that on a phone), and no name is a code.
 */
export function municipalRateFor(
  municipalities: readonly MunicipalRate[],
  municipality: string,
  year: number,
): MunicipalRate | null {
  const asked = municipality.trim();
  const byCode = municipalities.filter((m) => m.code !== null && m.code === asked);
  const rows = (
    byCode.length > 0
      ? byCode
      : municipalities.filter(
          (m) =>
            sameName(m.municipality, asked) ||
            (m.municipalitySv !== null && sameName(m.municipalitySv, asked)),
        )
  )
    .filter((m) => m.year <= year)
    .sort((a, b) => b.year - a.year);
  return rows[0] ?? null;
}

/** The church the input chooses: `church` when given, else `churchMember` (Evangelical Lutheran or none). */
function churchOf(input: Pick<CalculatorInput, "church" | "churchMember">): Church {
  if (input.church === undefined) return input.churchMember ? "EVANGELICAL_LUTHERAN" : "NONE";
  if (input.churchMember !== undefined && input.churchMember !== (input.church === "EVANGELICAL_LUTHERAN")) {
    throw new CalculatorInputError(
      "church",
      "CHURCH_CHOICE_CONFLICT",
      `churchMember ${input.churchMember} does not agree with church ${input.church}`,
    );
  }
  return input.church;
}

/** The rates a calculation uses: the municipality's own and its parish's, or the published average. */
type AppliedRates = { municipality: string | null; municipalPercent: number; churchPercent: number };

function appliedRates(
  municipalities: readonly MunicipalRate[],
  taxYear: TaxYear,
  input: CalculatorInput,
  church: Church,
): AppliedRates {
  if (input.municipality === undefined) {
    if (church !== "NONE") {
      throw new CalculatorInputError(
        "municipality",
        "CHURCH_NEEDS_MUNICIPALITY",
        "Church tax is the parish's own rate: give the municipality",
      );
    }
    if (taxYear.averageMunicipalPercent === null) {
      throw new CalculatorInputError(
        "municipality",
        "UNKNOWN_MUNICIPALITY",
        `No published average municipal rate for ${input.year}: give the municipality`,
      );
    }
    return { municipality: null, municipalPercent: taxYear.averageMunicipalPercent, churchPercent: 0 };
  }
  const rate = municipalRateFor(municipalities, input.municipality, input.year);
  if (!rate) {
    throw new CalculatorInputError(
      "municipality",
      "UNKNOWN_MUNICIPALITY",
      `No tax rate for ${input.municipality} in ${input.year}`,
    );
  }
  // Åland's own state scale share, basic deduction and media fee are not modelled: no mainland figures.
  if (rate.aland) {
    throw new CalculatorInputError(
      "municipality",
      "ALAND_NOT_CALCULATED",
      `${rate.municipality} is in Åland: Åland is not yet calculated`,
    );
  }
  const parish =
    church === "EVANGELICAL_LUTHERAN" ? rate.churchPercent : church === "ORTHODOX" ? rate.orthodoxPercent : 0;
  if (parish === null) {
    throw new CalculatorInputError(
      "church",
      "PARISH_RATE_UNKNOWN",
      `No ${church === "ORTHODOX" ? "Orthodox" : "Evangelical Lutheran"} parish rate for ${rate.municipality} in ${rate.year}`,
    );
  }
  return { municipality: rate.municipality, municipalPercent: rate.municipalPercent, churchPercent: parish };
}

/**
 * The gross monthly salary the calculator's form opens with, and that /mybike's estimate names until the
 * person works out their own on the calculator.
 */
export const EXAMPLE_MONTHLY_SALARY = 3_500;

/** The commitment date the calculator assumes: today in the current year, 1 January in another. */
export function defaultContractDate(today: string, year: number): string {
  return today.startsWith(`${year}-`) ? today : `${year}-01-01`;
}

/** The lease starts the month after the commitment (delivery and frame number come in between). */
function monthAfter(date: string): { year: number; month: number } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** docs/product.md "Errors": a campaign discount asked for on a lease too short for it, or on terms without one, is an error. */
function campaignDiscountCents(terms: CalculatorLeaseTerms, months: number, packageCents: number): number {
  if (terms.campaignDiscountPercent === null || terms.campaignMinLeaseMonths === null) {
    throw new CalculatorInputError(
      "campaign",
      "INVALID_LEASING_CONFIGURATION",
      "These lease terms have no campaign",
    );
  }
  if (months < terms.campaignMinLeaseMonths) {
    throw new CalculatorInputError(
      "leaseTimeMonths",
      "LEASE_PERIOD_TOO_SHORT_FOR_CAMPAIGN",
      `The campaign discount needs a lease period of at least ${terms.campaignMinLeaseMonths} months`,
    );
  }
  return percentOfCents(packageCents, terms.campaignDiscountPercent);
}

export function calculateBenefit(parameters: CalculatorParameters, input: CalculatorInput): CalculatorResult {
  const { leaseTerms } = parameters;
  const taxYear = parameters.taxYears.find((y) => y.year === input.year);
  if (!taxYear) {
    const known = parameters.taxYears.map((y) => y.year).join(", ");
    throw new CalculatorInputError(
      "year",
      "UNKNOWN_TAX_YEAR",
      `No tax tables for ${input.year}; known years: ${known}`,
    );
  }
  const church = churchOf(input);
  const rate = appliedRates(parameters.municipalities, taxYear, input, church);
  if (input.leaseTimeMonths < leaseTerms.minLeaseMonths) {
    throw new CalculatorInputError(
      "leaseTimeMonths",
      "LEASE_PERIOD_BELOW_MINIMUM",
      `The lease period must be at least ${leaseTerms.minLeaseMonths} months`,
    );
  }
  if (input.leaseTimeMonths > leaseTerms.maxLeaseMonths) {
    throw new CalculatorInputError(
      "leaseTimeMonths",
      "LEASE_PERIOD_ABOVE_MAXIMUM",
      `The lease period can be at most ${leaseTerms.maxLeaseMonths} months`,
    );
  }

  const packageCents = eurosToCents(input.bikePrice) + eurosToCents(input.accessoriesPrice ?? 0);
  const discountCents = input.campaign
    ? campaignDiscountCents(leaseTerms, input.leaseTimeMonths, packageCents)
    : 0;
  const lease = monthlyLeasePayment(packageCents - discountCents, input.leaseTimeMonths, leaseTerms);
  const paymentCents =
    input.monthlyPayment === undefined ? lease.totalCents : eurosToCents(input.monthlyPayment);

  const contractDate = input.contractDate ?? defaultContractDate(parameters.today, input.year);
  const leaseStart = monthAfter(contractDate);
  const { churchPercent } = rate;
  const cost = benefitCost(taxYearPicker(parameters.taxYears), {
    monthlyGrossSalaryCents: eurosToCents(input.monthlyGrossSalary),
    monthlyPaymentCents: paymentCents,
    employerSubsidyPerMonthCents: eurosToCents(input.employerSubsidyPerMonth ?? 0),
    leaseMonths: input.leaseTimeMonths,
    leaseStart,
    contractDate,
    redemptionCents: lease.residualCents,
    purchasePriceCents: packageCents,
    commuterTicketPerYearCents: eurosToCents(input.commuterTicketPerYear ?? 0),
    age: input.age ?? DEFAULT_AGE,
    municipalPercent: rate.municipalPercent,
    churchPercent,
    children: input.children ?? 0,
    singleParent: false,
    shownYear: input.year,
  });
  // The repeal's cut-off lives in the years that follow it (2026 on); a 2025 contract is judged by it too.
  const cutoff = parameters.taxYears.find((y) => y.bikeBenefit.grandfatheredUntil !== null)?.bikeBenefit
    .grandfatheredUntil;

  return {
    year: input.year,
    contractDate,
    leaseStart: `${leaseStart.year}-${String(leaseStart.month).padStart(2, "0")}`,
    leaseTimeMonths: input.leaseTimeMonths,
    packagePrice: euros(packageCents),
    campaignDiscount: euros(discountCents),
    monthlyPayment: euros(paymentCents),
    paymentParts:
      input.monthlyPayment === undefined
        ? {
            financing: euros(lease.financingCents),
            insurance: euros(lease.insuranceCents),
            maintenance: euros(lease.maintenanceCents),
            serviceFee: euros(lease.serviceFeeCents),
          }
        : null,
    monthlyGrossDeduction: euros(cost.monthly.grossDeduction),
    taxFreeBenefitPerMonth: euros(cost.monthly.taxFreeBenefit),
    taxableBenefitPerMonth: euros(cost.monthly.taxableBenefit),
    monthlyNetPayReduction: euros(cost.monthly.netPayReduction),
    netPayWithoutBenefit: euros(cost.monthly.netPayWithoutBenefit),
    netPayWithBenefit: euros(cost.monthly.netPayWithBenefit),
    redemptionPrice: euros(lease.residualCents),
    totalCostWithBenefit: euros(cost.totalCostWithBenefitCents),
    totalCostWithoutBenefit: euros(cost.totalCostWithoutBenefitCents),
    totalSaving: euros(cost.totalSavingCents),
    marginalTaxRate: cost.marginalTaxPercent,
    municipalTaxPercent: rate.municipalPercent,
    churchTaxPercent: churchPercent,
    church,
    municipality: rate.municipality,
    grandfathered: cutoff !== undefined && cutoff !== null && contractDate <= cutoff,
    years: cost.years.map((y) => ({
      year: y.year,
      months: y.months,
      taxFreeBenefit: euros(y.taxFreeBenefitCents),
      taxableBenefit: euros(y.taxableBenefitCents),
      netCost: euros(y.netCostCents),
    })),
  };
}
