import { AppError, conflict } from "../../errors.ts";

/** The bike store account's errors: one factory per code. */

/** The order does not wait for this step from the store (done already, or not there yet). */
export const storeOrderStepClosed = () =>
  new AppError(409, "STORE_ORDER_STEP_CLOSED", "The order does not wait for this from the store now");

/** The store's invoice needs its business ID and bank account, which its details lack. */
export const storeDetailsIncomplete = () =>
  new AppError(
    409,
    "STORE_DETAILS_INCOMPLETE",
    "The store's details lack the business ID or the bank account (IBAN and BIC) its invoice needs",
  );

export const storeUserExists = () =>
  conflict("STORE_USER_EXISTS", "The user is already a user of this store");
