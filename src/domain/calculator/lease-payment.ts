import { percentOfCents } from "../money.ts";

/**
 * The monthly leasing payment of a bike package (the platform's own model, docs/product.md "The lease's
 * end (redemption)"): an
 * annuity on the VAT-inclusive package price that leaves the residual value at the end, plus the monthly
 * insurance, maintenance budget and service fee of the billing table.
 *
 *   financing = (P − R / (1 + i)^n) · i / (1 − (1 + i)^−n),   or (P − R) / n when i = 0
 *
 * with P the package price, R the residual (redemption) value, i the monthly rate and n the months.
 */

/** The billing table's terms (docs/data-model.md billing table). Rates are percent with at most two decimals. */
export type LeaseTerms = {
  annualInterestPercent: number;
  /** Yearly insurance premium as a percent of the package price. */
  insurancePercentPerYear: number;
  monthlyMaintenanceCents: number;
  monthlyServiceFeeCents: number;
  /** The redemption price at the end of the lease, percent of the package price. */
  residualValuePercent: number;
};

export type LeasePayment = {
  financingCents: number;
  insuranceCents: number;
  maintenanceCents: number;
  serviceFeeCents: number;
  /** The monthly payment: the four parts above, which add up to it exactly. */
  totalCents: number;
  /** What the employee pays to redeem the bike at the end. */
  residualCents: number;
};

export function monthlyLeasePayment(packageCents: number, months: number, terms: LeaseTerms): LeasePayment {
  if (!Number.isSafeInteger(packageCents) || packageCents <= 0)
    throw new RangeError("Package price must be positive");
  if (!Number.isInteger(months) || months <= 0)
    throw new RangeError("Lease months must be a positive integer");
  const residualCents = percentOfCents(packageCents, terms.residualValuePercent);
  const rate = terms.annualInterestPercent / 1200;
  const financing =
    rate === 0
      ? (packageCents - residualCents) / months
      : ((packageCents - residualCents / (1 + rate) ** months) * rate) / (1 - (1 + rate) ** -months);
  const financingCents = Math.round(financing);
  const insuranceCents = Math.round(percentOfCents(packageCents, terms.insurancePercentPerYear) / 12);
  const totalCents =
    financingCents + insuranceCents + terms.monthlyMaintenanceCents + terms.monthlyServiceFeeCents;
  return {
    financingCents,
    insuranceCents,
    maintenanceCents: terms.monthlyMaintenanceCents,
    serviceFeeCents: terms.monthlyServiceFeeCents,
    totalCents,
    residualCents,
  };
}

/**
 * What of the billing table's monthly extras the company's bike policy puts in the lease: the
 * maintenance budget only when the policy includes maintenance, the insurance only when it requires
 * insurance. The billing table prices them; the policy decides whether the employee's lease has them,
 * so a policy without maintenance finances no maintenance (decision 017).
 */
export type PolicyCover = { maintenanceIncluded: boolean; insuranceRequired: boolean };

/** The cover of a company that has saved no bike policy yet: the policy form's defaults. */
export const DEFAULT_POLICY_COVER: PolicyCover = { maintenanceIncluded: false, insuranceRequired: true };

/** The billing table's terms with only the extras the policy covers. */
export function policyLeaseTerms<T extends LeaseTerms>(terms: T, cover: PolicyCover | null): T {
  const { maintenanceIncluded, insuranceRequired } = cover ?? DEFAULT_POLICY_COVER;
  return {
    ...terms,
    monthlyMaintenanceCents: maintenanceIncluded ? terms.monthlyMaintenanceCents : 0,
    insurancePercentPerYear: insuranceRequired ? terms.insurancePercentPerYear : 0,
  };
}
