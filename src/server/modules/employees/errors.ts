import { AppError } from "../../errors.ts";

/** The employer's errors about employees and their absences (docs/product.md "States", docs/api-surface.md "Orders and employees"). */

/** 409: the person already has an employment in the company (or a parallel add made it first). */
export const employeeExists = (message = "This person is already an employee of the company") =>
  new AppError(409, "EMPLOYEE_EXISTS", message);

/** 409: the joining request is no longer PENDING: another decision came first. */
export const employeeAlreadyDecided = (message = "This joining request has already been decided") =>
  new AppError(409, "EMPLOYEE_ALREADY_DECIDED", message);

/** 409: absences of one employee never share a day, so every day has at most one reason. */
export const absenceOverlaps = (message = "The absence overlaps another absence of the employee") =>
  new AppError(409, "ABSENCE_OVERLAPS", message);

/**
 * 409: the person is also another company's (an employment or a role outside the caller's companies):
 * their name and contact details are theirs to change, in their own account.
 */
export const personShared = (
  message = "This person is also another company's: only the person can change their name or contact details",
) => new AppError(409, "PERSON_SHARED", message);

/** 409: the invitation was accepted (it is an employment now) or withdrawn already. */
export const invitationClosed = (message = "The invitation has already been accepted or withdrawn") =>
  new AppError(409, "INVITATION_CLOSED", message);
