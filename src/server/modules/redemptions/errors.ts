import { AppError, conflict } from "../../errors.ts";

/** The redemption cases' errors: one factory per code, with the message the helpdesk reads. */

/** 409: the case is completed or cancelled, or (with its own message) a change it no longer takes. */
export const redemptionClosed = (message = "The bike redemption is closed") =>
  new AppError(409, "REDEMPTION_CLOSED", message);

/** 409: one open case per order. */
export const redemptionAlreadyOpen = () =>
  new AppError(409, "REDEMPTION_ALREADY_OPEN", "The order already has an open bike redemption");

/** 409: the option is not open in this case, or the choice can no longer change. */
export const redemptionChoiceNotAllowed = (message: string) =>
  new AppError(409, "LEASE_END_CHOICE_NOT_ALLOWED", message);

/** 409: the employee's and the employer's time to choose is over; the helpdesk still may. */
export const redemptionDeadlinePassed = () =>
  new AppError(409, "LEASE_END_DEADLINE_PASSED", "The deadline to choose has passed; ask customer service");

/** 409: a redemption completes only once the employee has paid its price. */
export const redemptionNotPaid = () =>
  new AppError(409, "REDEMPTION_NOT_PAID", "The redemption price has not been paid");

/** 409: Pedaali buys the bike from the leasing company once. */
export const leasingCompanyInvoiceAlreadySent = () =>
  conflict("CONFLICT", "The leasing company's invoice has already been sent");

/** 409: the employee's redemption payment is the user payments ledger's to change. */
export const paymentFollowsLedger = () =>
  conflict(
    "CONFLICT",
    "The employee's payment follows their user payment: change that through the user payments",
  );
