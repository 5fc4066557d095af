import { AppError } from "../../errors.ts";

/**
 * The leasing area's errors. The redemption case, the insurance claim and the end of a lease all refuse
 * a bike whose lease is not running with the same code; each says in its message what it looked at.
 */

/** 409: the agreement (or the order, or the employment) has no accepted lease that has started. */
export const noActiveLease = (message = "The agreement has no lease that has started") =>
  new AppError(409, "NO_ACTIVE_LEASE", message);

/** 409: the helpdesk cannot record a leasing company's decision on this agreement now. */
export const leasingDecisionNotAllowed = (why: string) =>
  new AppError(409, "LEASING_DECISION_NOT_ALLOWED", why);

/** 409: the leasing company has given this agreement number to another agreement. */
export const agreementNumberTaken = () =>
  new AppError(409, "AGREEMENT_NUMBER_TAKEN", "The leasing company has this agreement number already");

/** 400: the package costs more than the employee's maximum price (the leasing 400s of docs/product.md "Errors"). */
export const packageAboveMaxPrice = (maxPriceCents: number) =>
  new AppError(400, "PACKAGE_ABOVE_MAX_PRICE", "The package exceeds the employee's maximum price", [
    { field: "body.totalAmount", message: `At most ${(maxPriceCents / 100).toFixed(2)}` },
  ]);

/**
 * 400 (the leasing errors of docs/product.md "Errors": the user is told to contact support): no billing table prices the
 * company's leases. The calculator and the orders answer it too.
 */
export const leaseTermsNotComputable = (message = "No billing table prices this company's leases") =>
  new AppError(400, "LEASE_TERMS_NOT_COMPUTABLE", message);

/** 400 (docs/product.md "Errors", as above): the billing table and the company's lease periods do not meet. */
export const invalidLeasingConfiguration = (
  message = "The billing table has no lease period for this price",
) => new AppError(400, "INVALID_LEASING_CONFIGURATION", message);
