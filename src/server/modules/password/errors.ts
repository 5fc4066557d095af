import { AppError } from "../../errors.ts";
import { linkInvalid } from "../system-users/errors.ts";

/** The errors of setting a password (docs/product.md "Field rules" password rules, docs/api-surface.md password reset). */

/** 400 WEAK_PASSWORD with one detail per problem, its message the problem's code (tooShort, common...). */
export const weakPassword = (problems: readonly string[], field: string) =>
  new AppError(
    400,
    "WEAK_PASSWORD",
    "The password does not meet the password rules",
    problems.map((problem) => ({ field, message: problem })),
  );

/** 400: the reset or set-password link is unknown, used or expired. */
export const passwordLinkInvalid = () =>
  linkInvalid("The link is invalid or has expired. Please ask for a new one.");
