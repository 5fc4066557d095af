import type { ErrorCode } from "../../../contract/errors.ts";
import { SCIM_ERROR, type ScimRefusal, type ScimType } from "../../../domain/scim.ts";
import { AppError } from "../../errors.ts";
import { toErrorResponse } from "../../plugins/errors.ts";
import { employeeExists } from "../employees/errors.ts";

/**
 * The SCIM endpoint's refusals. Services throw AppErrors as everywhere; the SCIM routes answer them in
 * SCIM's error body (RFC 7644 §3.12), whose scimType tells the identity provider what to do about it.
 */

const CODE_OF_TYPE: Record<Exclude<ScimType, "uniqueness">, ErrorCode> = {
  invalidFilter: "SCIM_INVALID_FILTER",
  invalidValue: "SCIM_INVALID_VALUE",
  invalidPath: "SCIM_INVALID_PATH",
  invalidSyntax: "SCIM_INVALID_SYNTAX",
  noTarget: "SCIM_NO_TARGET",
  mutability: "SCIM_MUTABILITY",
};

/** 400: what src/domain/scim.ts refused in a filter, a value or a PatchOp, with its scimType. */
export const scimRefused = (refusal: ScimRefusal) =>
  refusal.scimType === "uniqueness"
    ? employeeExists(refusal.detail)
    : new AppError(400, CODE_OF_TYPE[refusal.scimType], refusal.detail);

/** 400 mutability: the login address is the person's own to change, confirmed by them. */
export const loginAddressImmutable = () =>
  scimRefused({
    ok: false,
    scimType: "mutability",
    detail: "userName (the login e-mail) cannot be changed through SCIM; the person changes it themself",
  });

/** The scimType of an error code; none for the generic ones. */
const TYPE_OF_CODE: Partial<Record<ErrorCode, ScimType>> = {
  ...Object.fromEntries(Object.entries(CODE_OF_TYPE).map(([type, code]) => [code, type])),
  VALIDATION_ERROR: "invalidValue",
  EMPLOYEE_EXISTS: "uniqueness",
  EMAIL_TAKEN: "uniqueness",
};

export type ScimErrorBody = { schemas: string[]; status: string; scimType?: ScimType; detail: string };

/**
 * Any failure as SCIM's error body, made from the API's own answer to it (so no stack, no SQL, no
 * value sent is echoed): a field error names its fields, never their values.
 */
export function scimErrorBody(error: unknown): ScimErrorBody {
  const answer = toErrorResponse(error);
  const scimType = TYPE_OF_CODE[answer.code as ErrorCode];
  const fields = answer.details?.map((d) => d.field).join(", ");
  return {
    schemas: [SCIM_ERROR],
    status: String(answer.statusCode),
    ...(scimType ? { scimType } : {}),
    detail: fields ? `${answer.message}: ${fields}` : answer.message,
  };
}
