import { AppError, conflict } from "../../errors.ts";

/** The insurance claims' errors: one factory per code, with the message the helpdesk reads. */

/** 409: a completed claim changes no more (and the employee's closed claim takes no files). */
export const insuranceClaimClosed = () =>
  new AppError(409, "INSURANCE_CLAIM_CLOSED", "The insurance claim is closed");

/** 409: the claim's outcome and the steps taken (src/domain/insurance-claims.ts) do not allow this. */
export const insuranceStepNotAllowed = (message = "The claim's outcome and steps do not allow this step") =>
  new AppError(409, "INSURANCE_STEP_NOT_ALLOWED", message);

/** 400: the insurer takes a theft only with the police report's number. */
export const policeReportRequired = () =>
  new AppError(400, "POLICE_REPORT_REQUIRED", "A theft is reported with the police report number", [
    { field: "body.policeReportNumber", message: "Required for a theft" },
  ]);

/** 409: a claim holds at most `max` photos and documents. */
export const claimFilesFull = (max: number) => conflict("CONFLICT", `A claim holds at most ${max} files`);
