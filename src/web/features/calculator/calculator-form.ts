import type {
  TCalculatorParameters,
  TCalculatorRequest,
  TCalculatorResult,
} from "../../../contract/calculator.ts";
import { zCalculatorRequest } from "../../../contract/calculator.ts";
import {
  type CalculatorInput,
  CalculatorInputError,
  calculateBenefit,
  EXAMPLE_MONTHLY_SALARY,
  municipalRateFor,
} from "../../../domain/calculator/calculate.ts";
import { type EuroBounds, eurosToCents } from "../../../domain/money.ts";
import { type DateSpan, isPlausibleDateIssue } from "../../../domain/plausible-dates.ts";
import { type Church, calculationYear } from "../../../domain/tax/tax-year.ts";
import { municipalityValue } from "../../components/municipality-picker.tsx";

/**
 * The calculator's inputs as the page holds them: numbers the reader is typing may be empty (""), and the
 * same state round-trips through the page's address, so a result can be shared as a link.
 */

export type Amount = number | "";

/** A bike of the comparison: the form's own is the first, up to two more beside it. */
export type ComparedBike = { name: string; bikePrice: Amount; accessoriesPrice: Amount };

export type CalculatorFormState = {
  year: number;
  bikePrice: Amount;
  accessoriesPrice: Amount;
  leaseTimeMonths: Amount;
  monthlyGrossSalary: Amount;
  /** The municipality as the picker names it (its code); a shared address may still name it otherwise. */
  municipality: string;
  church: Church;
  age: Amount;
  contractDate: string;
  employerSubsidyPerMonth: Amount;
  monthlyPayment: Amount;
  /** The billing table's campaign discount asked for. */
  campaign: boolean;
  others: ComparedBike[];
};

export const MAX_COMPARED_BIKES = 3;
/** The longest name of a compared bike: it travels in the address, so a shared link stays short. */
export const COMPARED_BIKE_NAME_MAX = 60;

/** The year whose rules the page opens with: this year's, else the latest the tables hold. */
function defaultYear(parameters: TCalculatorParameters): number {
  return calculationYear(
    parameters.today,
    parameters.taxYears.map((y) => y.year),
  );
}

/**
 * The picker's value of a municipality named by its code or by either of its names (a link made before
 * the picker named it by its Finnish name); what names no municipality is kept, and the page says so.
 */
export function municipalityFieldValue(
  parameters: TCalculatorParameters,
  text: string,
  year: number,
): string {
  const rate = municipalRateFor(parameters.municipalities, text, year);
  return rate ? municipalityValue(rate) : text;
}

const HELSINKI_CODE = "091";

export function defaultForm(parameters: TCalculatorParameters): CalculatorFormState {
  const year = defaultYear(parameters);
  // By Helsinki's code (Statistics Finland's) first, so the page's start compares no names.
  const helsinki =
    municipalRateFor(parameters.municipalities, HELSINKI_CODE, year) ??
    municipalRateFor(parameters.municipalities, "Helsinki", year);
  const first = parameters.municipalities[0];
  return {
    year,
    bikePrice: 2_490,
    accessoriesPrice: 210,
    leaseTimeMonths: Math.min(
      Math.max(36, parameters.leaseTerms.minLeaseMonths),
      parameters.leaseTerms.maxLeaseMonths,
    ),
    monthlyGrossSalary: EXAMPLE_MONTHLY_SALARY,
    municipality: helsinki ? municipalityValue(helsinki) : first ? municipalityValue(first) : "",
    church: "NONE",
    age: 35,
    contractDate: "",
    employerSubsidyPerMonth: "",
    monthlyPayment: "",
    campaign: false,
    others: [],
  };
}

/** The request for one bike of the form, as the API and the domain function take it. */
export function requestFor(form: CalculatorFormState, bike?: ComparedBike): Partial<TCalculatorRequest> {
  const amount = (value: Amount) => (value === "" ? undefined : value);
  const request: Partial<Record<keyof TCalculatorRequest, unknown>> = {
    year: form.year,
    bikePrice: amount(bike ? bike.bikePrice : form.bikePrice),
    accessoriesPrice: amount(bike ? bike.accessoriesPrice : form.accessoriesPrice),
    leaseTimeMonths: amount(form.leaseTimeMonths),
    monthlyGrossSalary: amount(form.monthlyGrossSalary),
    municipality: form.municipality,
    church: form.church,
    age: amount(form.age),
    contractDate: form.contractDate || undefined,
    employerSubsidyPerMonth: amount(form.employerSubsidyPerMonth),
    // A comparison bike's payment follows its own price; a typed payment is the form's bike's only.
    monthlyPayment: bike ? undefined : amount(form.monthlyPayment),
    campaign: form.campaign || undefined,
  };
  return Object.fromEntries(
    Object.entries(request).filter(([, v]) => v !== undefined),
  ) as Partial<TCalculatorRequest>;
}

/** The calculator's money fields. */
export type EuroField =
  | "bikePrice"
  | "accessoriesPrice"
  | "monthlyPayment"
  | "monthlyGrossSalary"
  | "employerSubsidyPerMonth";

/** A money field's bounds in cents, as the contract's request schema sets them (its message names them). */
export function euroBounds(field: EuroField): EuroBounds {
  const schema = zCalculatorRequest.shape[field];
  const number = "unwrap" in schema ? schema.unwrap() : schema;
  const { minValue, maxValue } = number;
  return {
    min: eurosToCents(minValue ?? 0),
    ...(maxValue !== null && Number.isFinite(maxValue) ? { max: eurosToCents(maxValue) } : {}),
  };
}

/**
 * What is wrong with a field: "required", "invalid" (the field's own words), an error code of the
 * calculation, or the span a date must fall in (src/domain/plausible-dates.ts), said as every form says it.
 */
type FieldError = string | DateSpan;
export type FieldErrors = Partial<Record<keyof TCalculatorRequest, FieldError>>;

/** The contract's own check of the request; a missing required number reads as required. */
export function validate(
  request: Partial<TCalculatorRequest>,
): { ok: true; input: CalculatorInput } | { ok: false; errors: FieldErrors } {
  const parsed = zCalculatorRequest.safeParse(request);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TCalculatorRequest | undefined;
    if (!field || errors[field]) continue;
    const params = issue.code === "custom" ? issue.params : undefined;
    errors[field] = isPlausibleDateIssue(params)
      ? { from: params.from, to: params.to }
      : request[field] === undefined
        ? "required"
        : "invalid";
  }
  return { ok: false, errors };
}

export type Outcome = { result: TCalculatorResult | null; errors: FieldErrors };

/** Runs the calculator on the page's parameters: the same function the API runs on the server. */
export function runCalculator(
  parameters: TCalculatorParameters,
  form: CalculatorFormState,
  bike?: ComparedBike,
): Outcome {
  const checked = validate(requestFor(form, bike));
  if (!checked.ok) return { result: null, errors: checked.errors };
  try {
    return { result: calculateBenefit(parameters, checked.input), errors: {} };
  } catch (error) {
    if (error instanceof CalculatorInputError) return { result: null, errors: { [error.field]: error.code } };
    throw error;
  }
}

// ---- The page's address --------------------------------------------------------------------------------

const NUMBER_PARAMS = {
  bikePrice: "price",
  accessoriesPrice: "accessories",
  leaseTimeMonths: "months",
  monthlyGrossSalary: "salary",
  age: "age",
  employerSubsidyPerMonth: "subsidy",
  monthlyPayment: "payment",
} as const satisfies Partial<Record<keyof CalculatorFormState, string>>;

/** The church in the address, short: a link made before the choice of church said "1" for a member. */
const CHURCH_PARAMS: Record<Church, string> = { NONE: "none", EVANGELICAL_LUTHERAN: "evl", ORTHODOX: "ort" };

function churchOfParam(value: string | null): Church | undefined {
  if (value === "1") return "EVANGELICAL_LUTHERAN";
  return (Object.keys(CHURCH_PARAMS) as Church[]).find((church) => CHURCH_PARAMS[church] === value);
}

function readAmount(value: string | null): Amount | undefined {
  if (value === null) return undefined;
  if (value === "") return "";
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : undefined;
}

function readBike(value: string | null): ComparedBike | null {
  if (!value) return null;
  const [name = "", price = "", accessories = ""] = value.split("~");
  const bikePrice = readAmount(price);
  const accessoriesPrice = readAmount(accessories);
  if (bikePrice === undefined || accessoriesPrice === undefined) return null;
  return { name: name.slice(0, COMPARED_BIKE_NAME_MAX), bikePrice, accessoriesPrice };
}

/**
 * The form as search parameters: only what differs from the defaults, so a shared link stays short.
 * `opening` is the form the page opens with when the address says nothing (a logged-in person's own
 * municipality and church over the defaults): a municipality or church that differs from it is written
 * too, so that a reload keeps the one chosen on the page.
 */
export function formToSearch(
  form: CalculatorFormState,
  defaults: CalculatorFormState,
  opening: CalculatorFormState = defaults,
): URLSearchParams {
  const params = new URLSearchParams();
  const differs = (field: "municipality" | "church") =>
    form[field] !== defaults[field] || form[field] !== opening[field];
  if (form.year !== defaults.year) params.set("year", String(form.year));
  for (const [field, name] of Object.entries(NUMBER_PARAMS) as [keyof typeof NUMBER_PARAMS, string][]) {
    // An amount that does not read (NaN) stays out of the link; the field says what is wrong with it.
    const value = form[field];
    if (value !== defaults[field] && !Number.isNaN(value)) params.set(name, String(value));
  }
  if (differs("municipality")) params.set("municipality", form.municipality);
  if (differs("church")) params.set("church", CHURCH_PARAMS[form.church]);
  if (form.campaign) params.set("campaign", "1");
  if (form.contractDate) params.set("contract", form.contractDate);
  form.others.forEach((bike, i) => {
    params.set(
      `bike${i + 2}`,
      [bike.name.replaceAll("~", "-"), bike.bikePrice, bike.accessoriesPrice].join("~"),
    );
  });
  return params;
}

/** The form a shared address describes, over the defaults; values that do not parse are left at them. */
export function formFromSearch(search: URLSearchParams, defaults: CalculatorFormState): CalculatorFormState {
  const form: CalculatorFormState = { ...defaults, others: [] };
  const year = Number(search.get("year"));
  if (Number.isInteger(year) && year > 0) form.year = year;
  for (const [field, name] of Object.entries(NUMBER_PARAMS) as [keyof typeof NUMBER_PARAMS, string][]) {
    const value = readAmount(search.get(name));
    if (value !== undefined) form[field] = value;
  }
  const municipality = search.get("municipality");
  if (municipality) form.municipality = municipality.slice(0, 80);
  const church = churchOfParam(search.get("church"));
  if (church) form.church = church;
  form.campaign = search.get("campaign") === "1";
  const contract = search.get("contract");
  if (contract && /^\d{4}-\d{2}-\d{2}$/.test(contract)) form.contractDate = contract;
  for (let i = 2; i <= MAX_COMPARED_BIKES; i++) {
    const bike = readBike(search.get(`bike${i}`));
    if (bike) form.others.push(bike);
  }
  return form;
}
