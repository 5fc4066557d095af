/**
 * Every field kept sealed or as a keyed hash under the data keys (src/server/data-keys.ts), with the
 * purpose its key is derived for. One list, so that the rekey job, the docs' table (docs/security.md)
 * and the code that reads and writes each field name the same purposes.
 */

/** Sealed: the platform reads them again. */
export const SEALED_PURPOSES = {
  /** An authenticator app's secret (user_authenticators.secret_encrypted). */
  authenticatorSecret: "pedaali authenticator secret",
  /** A company's single sign-on client secret (company_identity_providers.client_secret_sealed). */
  ssoClientSecret: "pedaali sso client secret",
  /** A company's payroll SFTP password or key (payroll_delivery_settings.sftp_secret_sealed). */
  sftpSecret: "pedaali payroll sftp secret",
  /** The broker's ID token of a strong identification: it holds the identity code (strong_identifications.id_token). */
  idToken: "pedaali strong identification token",
  /** A claim's police report number (insurance_claims.police_report_number). */
  policeReportNumber: "pedaali police report number",
} as const;

/** Keyed hashes: only compared, never read back. */
export const HASHED_PURPOSES = {
  /** The identity code a bank ID proved (users.identity_code_hash, strong_identifications.identity_code_hash). */
  identityCode: "pedaali personal identity code",
  /** A staff user's recovery code (recovery_codes.code_hash). */
  recoveryCode: "pedaali recovery code",
  /** A police report number as searched (insurance_claims.police_report_number_hash). */
  policeReportNumber: "pedaali police report number search",
} as const;
