import { AppError } from "../../errors.ts";

/** The errors of a company's payroll delivery. */

/** 409: a connection test or a re-send by SFTP before the company has saved its SFTP server. */
export const sftpNotConfigured = () =>
  new AppError(409, "PAYROLL_SFTP_NOT_CONFIGURED", "SFTP delivery is not set up for the company");
