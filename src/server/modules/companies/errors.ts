import { AppError, conflict } from "../../errors.ts";
import { emailTaken } from "../system-users/errors.ts";

/**
 * The errors of the company area (docs/api-surface.md "Companies", docs/product.md "Errors"): one factory per code. The first
 * admin's account answers as user accounts do (system-users/errors.ts).
 */

/** 409: a live company has the business ID already. */
export const businessIdTaken = (message = "Another company already has this business ID") =>
  conflict("BUSINESS_ID_TAKEN", message);

/** 409: group names are unique whatever their case. */
export const groupCompanyExists = (message = "A group company with this name already exists") =>
  conflict("GROUP_COMPANY_EXISTS_ERROR", message);

/** 409: unit names are unique within the company whatever their case. */
export const unitNameTaken = (message = "The company already has a unit with this name") =>
  conflict("UNIT_NAME_TAKEN", message);

/** 409: employees belong to the unit; they move to another unit before it goes. */
export const unitInUse = (employees: number) =>
  conflict(
    "UNIT_IN_USE",
    `${employees} employee(s) belong to the unit; move them to another unit before deleting it`,
  );

/** 409: a company is not deleted while one of its orders is a live lease. */
export const companyHasActiveLeases = (message: string) => conflict("COMPANY_HAS_ACTIVE_LEASES", message);

/** 404: the company has saved no bike policy yet. */
export const bikePolicyNotSet = (message = "No bike policy has been set") =>
  new AppError(404, "BIKE_POLICY_NOT_SET", message);

/**
 * A unique index refused a write another request made first (the checks before the write cover the
 * ordinary case): the constraint tells which 409 it is.
 */
export function uniqueConflict(error: unknown) {
  let constraint = "";
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") constraint = name;
  }
  if (constraint.startsWith("group_companies")) return groupCompanyExists();
  if (constraint.startsWith("users")) return emailTaken("The e-mail address is already in use");
  return businessIdTaken();
}
