import { AppError } from "../../errors.ts";

/** The errors of a company's payroll delivery. */

/** 409: a connection test or a re-send by SFTP before the company has saved its SFTP server. */
export const sftpNotConfigured = () =>
  new AppError(409, "PAYROLL_SFTP_NOT_CONFIGURED", "SFTP delivery is not set up for the company");

/** 409: "deliver now" before the month's cut-off day: the report covers the changes up to that day. */
export const deliveryNotDue = (cutoffDay: number) =>
  new AppError(
    409,
    "PAYROLL_DELIVERY_NOT_DUE",
    `This month's payroll report is delivered from its cut-off day, day ${cutoffDay} of the month`,
  );

/** 409: "deliver now" when the month's report has gone already: the log re-sends it. */
export const alreadyDelivered = () =>
  new AppError(409, "PAYROLL_ALREADY_DELIVERED", "This month's payroll report has been delivered already");
