import type { TErrorDetail } from "../../../contract/errors.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { AppError } from "../../errors.ts";
import { invalidLeasingConfiguration } from "../leasing/errors.ts";
import { verificationExpired, verificationFailed } from "../system-users/errors.ts";

/** The orders module's errors: one factory per code, with the messages the API answers. */

/** 409: the order is not (or no longer) in a status the action leaves from. */
export const orderTransitionNotAllowed = (message: string) =>
  new AppError(409, "ORDER_TRANSITION_NOT_ALLOWED", message);

/** 409: the move by status name is not one the order's status allows. */
export const orderMoveNotAllowed = (from: OrderStatus, to: OrderStatus) =>
  orderTransitionNotAllowed(`An order in ${from} cannot move to ${to}`);

/**
 * 409: a cancellation request of the order is open, and the order waits where it is until the
 * helpdesk completes the request or it is withdrawn (src/domain/order-cancellations.ts).
 */
export const orderHeldByCancellation = () =>
  new AppError(
    409,
    "ORDER_CANCELLATION_PENDING",
    "The order has an open cancellation request: complete or withdraw the cancellation before the order moves on",
  );

export const notEligibleToOrder = () =>
  new AppError(409, "NOT_ELIGIBLE_TO_ORDER", "The employment or the bike policy does not allow an order now");

export const orderAlreadyOpen = () =>
  new AppError(409, "ORDER_ALREADY_OPEN", "Another order of the employee is on its way");

export const leaseTimeNotAllowed = (details: TErrorDetail[]) =>
  new AppError(400, "LEASE_TIME_NOT_ALLOWED", "The lease period is not one the employee may choose", details);

/**
 * 409: the bike store replaced the package after the employee read the offer they accept; they read the
 * offer again to see the new package and figures.
 */
export const offerChanged = () =>
  new AppError(
    409,
    "OFFER_CHANGED",
    "The bike store has changed the package since the offer was read: read the offer again before accepting",
  );

/**
 * 400: the package is above the employee's max price and the acceptance does not confirm the own share
 * they pay themselves (the employee sees it before accepting).
 */
export const overMaxPriceNotConfirmed = () =>
  new AppError(
    400,
    "OVER_MAX_PRICE_NOT_CONFIRMED",
    "The package is above the max price: confirm the own share with overMaxPriceConfirmed: true",
    [{ field: "body.overMaxPriceConfirmed", message: "Confirm the own share above the max price" }],
  );

export const invalidLeasingPeriods = () =>
  invalidLeasingConfiguration("The bike policy's lease periods and the billing table's do not meet");

export const orderAlreadySigned = () =>
  new AppError(409, "ORDER_ALREADY_SIGNED", "The agreement is already signed");

export const signingCodeExpired = () =>
  verificationExpired("The signing code has expired or was used. Ask for a new one.");

export const signingCodeWrong = () =>
  verificationFailed("Verification failed. Please check the code and try again.");

export const phoneNumberRequiredForSigning = () =>
  new AppError(
    400,
    "PHONE_NUMBER_REQUIRED_FOR_SIGNING",
    "The signing code is sent by SMS: add a phone number to your details first",
  );

/** 429: an SMS flood of signing codes is refused. */
export const tooManySigningCodes = () =>
  new AppError(429, "TOO_MANY_REQUESTS", "Too many signing codes; try again later");

export const employerApprovalNotRequired = () =>
  new AppError(409, "EMPLOYER_APPROVAL_NOT_REQUIRED", "The order needs no employer approval");

export const employerAlreadyDecided = () =>
  new AppError(409, "EMPLOYER_ALREADY_DECIDED", "The employer has already approved the order");

export const agreementNotSigned = () =>
  new AppError(
    409,
    "AGREEMENT_NOT_SIGNED",
    "The order has no signed agreement to send to the leasing company",
  );

export const agreementNotAccepted = () =>
  new AppError(409, "AGREEMENT_NOT_ACCEPTED", "The leasing company has not accepted the order's agreement");

export const deliveryDateMissing = () =>
  new AppError(409, "DELIVERY_DATE_MISSING", "The order has no delivery date to start the lease from");
