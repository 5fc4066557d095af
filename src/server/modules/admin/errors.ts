import { conflict } from "../../errors.ts";
import { authenticatorNotInUse } from "../auth/errors.ts";

/** The errors of the admin area's own writes (docs/product.md "Errors"): one factory per code. */

/** 409: another reviewer accepted or rejected the application first. */
export const applicationAlreadyReviewed = (
  message = "The application has already been accepted or rejected",
) => conflict("APPLICATION_ALREADY_REVIEWED", message);

/** 409: requiring staff to use an authenticator app, asked by a super admin without one in use. */
export const ownAppFirst = () =>
  authenticatorNotInUse(
    "Set up your own authenticator app before requiring one from admins and the helpdesk",
  );
