import { MAX_HANDOVER_PHOTOS, PICKUP_CODE_LENGTH } from "../../../domain/handovers.ts";
import { AppError, conflict } from "../../errors.ts";

/** The handover's errors: one factory per code. */

/** The order does not take this step of the handover now (not waiting for its delivery, or done). */
export const handoverClosed = () =>
  conflict("HANDOVER_CLOSED", "The order does not take this step of the handover now");

export const handoverPhotoLimit = () =>
  conflict("HANDOVER_PHOTO_LIMIT", `A handover has at most ${MAX_HANDOVER_PHOTOS} photos`);

export const pickupCodeWrong = () =>
  new AppError(400, "PICKUP_CODE_WRONG", "The pickup code does not match this order", [
    { field: "body.pickupCode", message: `Not this order's ${PICKUP_CODE_LENGTH}-digit pickup code` },
  ]);

/** A bike handed over in person needs the employee's code. */
export const pickupCodeRequired = () =>
  new AppError(400, "VALIDATION_ERROR", "The pickup code is required for a bike handed over in person", [
    { field: "body.pickupCode", message: "Required for a bike handed over in person" },
  ]);

/** Only an employee present at the counter signs on the store's device. */
export const signatureAtStoreNotAllowed = () =>
  new AppError(400, "VALIDATION_ERROR", "A shipped bike is signed for by the employee on their own device", [
    { field: "body.employeeSignature", message: "Only for a bike handed over in person" },
  ]);

export const pickupCodeLocked = (secondsLeft: number) =>
  new AppError(
    429,
    "PICKUP_CODE_LOCKED",
    `Too many wrong pickup codes for this order: try again in ${Math.ceil(secondsLeft / 60)} min`,
  );

export const defectWindowClosed = () =>
  conflict("DEFECT_WINDOW_CLOSED", "The window for reporting a defect through the handover has closed");

export const photoNotAnImage = () =>
  new AppError(400, "FILE_TYPE_NOT_ALLOWED", "A handover photo is a JPEG, PNG, WebP or HEIC image", [
    { field: "body", message: "A JPEG, PNG, WebP or HEIC image" },
  ]);
