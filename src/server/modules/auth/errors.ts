import { AppError } from "../../errors.ts";

/** The errors of a staff user's authenticator app (authenticator.ts). */

/** 409: an app is in use already; its owner removes it before setting up another. */
export const authenticatorInUse = () =>
  new AppError(409, "AUTHENTICATOR_IN_USE", "An authenticator app is already in use: remove it first");

/** 409: a first code sent before any setup was started (or after it was confirmed). */
export const noSetupToConfirm = () =>
  new AppError(409, "AUTHENTICATOR_NOT_STARTED", "Start setting up the authenticator app first");

/** 409: new recovery codes or removal asked for without an app in use. */
export const notInUse = () => new AppError(409, "AUTHENTICATOR_NOT_IN_USE", "No authenticator app is in use");

/** 400: the first code is not one the app shows now. */
export const wrongCode = () =>
  new AppError(400, "VERIFICATION_FAILED", "The code is not correct. Check the app and try again.");
