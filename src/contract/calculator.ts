import { z } from "zod";
import type {
  CalculatorInput,
  CalculatorParameters,
  CalculatorResult,
} from "../domain/calculator/calculate.ts";
import { CHURCHES } from "../domain/tax/tax-year.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";
import { zPercent, zPlausibleDate } from "./values.ts";

/**
 * The public benefit calculator (/laskuri): POST /api/calculator runs calculateBenefit on the server;
 * GET /api/calculator/parameters gives the browser the same parameters so the page runs it as you type.
 * Euros are numbers with at most two decimals.
 */

/** Euros with cents, from min to max. */
const zEuros = (min: number, max: number) => z.number().min(min).max(max).multipleOf(0.01);

export const zCalculatorRequest = lazy(() =>
  z.strictObject({
    year: z.int().min(2000).max(2100),
    /** The day the benefit was agreed ("Edusta sovittu"): within the benefit's years. */
    contractDate: zPlausibleDate("COMMITMENT").optional(),
    bikePrice: zEuros(0.01, 50_000),
    accessoriesPrice: zEuros(0, 20_000).optional(),
    leaseTimeMonths: z.int().min(1).max(120),
    monthlyPayment: zEuros(0.01, 5_000).optional(),
    monthlyGrossSalary: zEuros(0, 1_000_000),
    /**
     * The municipality of residence, by its Finnish or Swedish name or its three-digit code. Without one the
     * municipal rate is the Tax Administration's published average, and no church tax can be charged.
     */
    municipality: zSingleLineText({ min: 1, max: 80 }).optional(),
    /** Kept for older clients: true means a member of the Evangelical Lutheran church. */
    churchMember: z.boolean().optional(),
    /** The church whose parish tax the person pays: none, Evangelical Lutheran or Orthodox. */
    church: z.enum(CHURCHES).optional(),
    age: z.int().min(15).max(100).optional(),
    children: z.int().min(0).max(20).optional(),
    employerSubsidyPerMonth: zEuros(0, 5_000).optional(),
    commuterTicketPerYear: zEuros(0, 3_400).optional(),
    campaign: z.boolean().optional(),
  }),
);
export type TCalculatorRequest = z.infer<typeof zCalculatorRequest>;

const zYear = lazy(() =>
  z.object({
    year: z.int(),
    months: z.int(),
    taxFreeBenefit: z.number(),
    taxableBenefit: z.number(),
    netCost: z.number(),
  }),
);

export const zCalculatorResult = lazy(() =>
  z.object({
    year: z.int(),
    contractDate: z.string(),
    leaseStart: z.string(),
    leaseTimeMonths: z.int(),
    packagePrice: z.number(),
    campaignDiscount: z.number(),
    monthlyPayment: z.number(),
    paymentParts: z
      .object({
        financing: z.number(),
        insurance: z.number(),
        maintenance: z.number(),
        serviceFee: z.number(),
      })
      .nullable(),
    monthlyGrossDeduction: z.number(),
    taxFreeBenefitPerMonth: z.number(),
    taxableBenefitPerMonth: z.number(),
    monthlyNetPayReduction: z.number(),
    netPayWithoutBenefit: z.number(),
    netPayWithBenefit: z.number(),
    redemptionPrice: z.number(),
    totalCostWithBenefit: z.number(),
    totalCostWithoutBenefit: z.number(),
    totalSaving: z.number(),
    marginalTaxRate: z.number(),
    municipalTaxPercent: z.number(),
    churchTaxPercent: z.number(),
    church: z.enum(CHURCHES),
    /** The municipality whose rates were used; null when none was given (the published average). */
    municipality: z.string().nullable(),
    grandfathered: z.boolean(),
    years: z.array(zYear),
  }),
);
export type TCalculatorResult = z.infer<typeof zCalculatorResult>;

const zAgeBand = lazy(() => z.object({ percent: zPercent, fromAge: z.int(), toAge: z.int() }));

const zTaxYear = lazy(() =>
  z.object({
    year: z.int(),
    stateScale: z.array(
      z.object({
        lowerLimitCents: z.int(),
        baseTaxCents: z.int(),
        marginalPercent: zPercent,
      }),
    ),
    pension: zAgeBand,
    pensionOlder: zAgeBand.nullable(),
    unemployment: zAgeBand,
    dailyAllowance: zAgeBand.extend({ thresholdCents: z.int() }),
    medicalCarePercent: zPercent,
    yleTax: z.object({
      percent: zPercent,
      thresholdCents: z.int(),
      maxCents: z.int(),
      fromAge: z.int(),
    }),
    incomeExpensesDeductionCents: z.int(),
    averageMunicipalPercent: zPercent.nullable(),
    basicDeduction: z.object({ maxCents: z.int(), reductionPercent: zPercent }),
    workIncomeDeduction: z.object({
      ratePercent: zPercent,
      maxCents: z.int(),
      seniorMaxCents: z.int(),
      seniorFromAge: z.int(),
      childAdditionCents: z.int(),
      phaseOuts: z.array(z.object({ fromCents: z.int(), toCents: z.int().nullable(), percent: zPercent })),
    }),
    bikeBenefit: z.object({
      taxFreeLimitCents: z.int(),
      grandfatheredLimitCents: z.int(),
      grandfatheredUntil: z.string().nullable(),
      sharedLimitCents: z.int(),
    }),
  }),
);

export const zCalculatorParameters = lazy(() =>
  z.object({
    today: z.string(),
    taxYears: z.array(zTaxYear),
    municipalities: z.array(
      z.object({
        year: z.int(),
        municipality: z.string(),
        municipalitySv: z.string().nullable(),
        code: z.string().nullable(),
        municipalPercent: zPercent,
        /** The Evangelical Lutheran parish's rate. */
        churchPercent: zPercent.nullable(),
        orthodoxPercent: zPercent.nullable(),
        aland: z.boolean(),
      }),
    ),
    leaseTerms: z.object({
      annualInterestPercent: zPercent,
      insurancePercentPerYear: zPercent,
      monthlyMaintenanceCents: z.int(),
      monthlyServiceFeeCents: z.int(),
      residualValuePercent: zPercent,
      minLeaseMonths: z.int(),
      maxLeaseMonths: z.int(),
      campaignDiscountPercent: zPercent.nullable(),
      campaignMinLeaseMonths: z.int().nullable(),
    }),
    /** Whether every figure used is confirmed from an authoritative source (the page says when not). */
    unconfirmed: z.array(
      z.object({ table: z.string(), year: z.int(), name: z.string(), source: z.string() }),
    ),
  }),
);
export type TCalculatorParameters = z.infer<typeof zCalculatorParameters>;

/**
 * GET /api/calculator/my-terms: a logged-in employee's own terms, prefilled on the page: their company's
 * billing table (else the default's), their max price in euros (null = no limit), and the municipality
 * (its code) and church remembered on their own details (null until they choose).
 */
export const zCalculatorMyTerms = lazy(() =>
  z.object({
    companyName: z.string(),
    leaseTerms: zCalculatorParameters.shape.leaseTerms,
    maxPrice: z.number().nullable(),
    municipalityCode: z.string().nullable(),
    church: z.enum(CHURCHES).nullable(),
  }),
);
export type TCalculatorMyTerms = z.infer<typeof zCalculatorMyTerms>;

// The contract and the domain function describe the same shapes; these fail to compile when they drift.
type Assignable<A, B extends A> = B;
type _RequestFitsDomain = Assignable<CalculatorInput, TCalculatorRequest>;
type _ResultFitsContract = Assignable<TCalculatorResult, CalculatorResult>;
type _ParametersFitDomain = Assignable<
  Omit<CalculatorParameters, "today">,
  Omit<TCalculatorParameters, "today" | "unconfirmed">
>;

export const calculatorApi = lazy(() => ({
  parameters: endpoint({
    method: "GET",
    path: "/calculator/parameters",
    summary: "The tax tables, municipal rates and default lease terms the calculator runs on (public)",
    response: zCalculatorParameters,
    errors: [400, 429, 503],
  }),
  myTerms: endpoint({
    method: "GET",
    path: "/calculator/my-terms",
    summary: "A logged-in employee's own lease terms and max price, prefilled on the calculator",
    response: zCalculatorMyTerms,
    errors: [400, 401, 403, 404, 503],
  }),
  calculate: endpoint({
    method: "POST",
    path: "/calculator",
    summary: "What a bike benefit costs an employee: monthly payment, net pay with and without, total saving",
    body: zCalculatorRequest,
    response: zCalculatorResult,
    errors: [400, 403, 429, 503],
  }),
}));
