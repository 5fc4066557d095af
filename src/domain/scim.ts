import type { Language } from "./locale.ts";
import { isValidEmail } from "./validation/email.ts";

/**
 * The rules of automatic user provisioning through SCIM 2.0 (RFC 7643, RFC 7644) that need no
 * database: the token's shape, the filters and paging the identity provider's list calls use, and
 * what a PatchOp changes. Entra ID, Google and Okta each spell a change their own way (Entra sends
 * `{"op":"Replace","value":{"active":false}}` without a path, and "False" as text); all become one
 * ScimUserChange here.
 */

export const SCIM_USER = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_ENTERPRISE_USER = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const SCIM_LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const SCIM_ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";

/** A company's token starts so, so that a leaked one is recognised (secret scanners, logs). */
export const SCIM_TOKEN_PREFIX = "pedaali_scim_";
/** The most users one list page answers, whatever count the provider asks. */
export const SCIM_MAX_PAGE_SIZE = 200;
/** A page's size when the provider names none. */
const SCIM_DEFAULT_PAGE_SIZE = 100;

/** The RFC 7644 §3.12 scimType of a refusal. */
export type ScimType =
  | "invalidFilter"
  | "invalidValue"
  | "invalidPath"
  | "invalidSyntax"
  | "mutability"
  | "uniqueness"
  | "noTarget";

export type ScimRefusal = { ok: false; scimType: ScimType; detail: string };

// ---- Filters and paging -----------------------------------------------------------------------------

/** The filters Pedaali answers: none, or one attribute compared for equality. */
export type ScimUserFilter = { kind: "all" } | { kind: "userName" | "externalId"; value: string };

const EQUALITY = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i;

/**
 * `userName eq "x"` and `externalId eq "x"` (attribute names and the operator in any case, as RFC 7644
 * §3.4.2.2 allows); no filter at all lists everyone. Anything else is refused as invalidFilter rather
 * than answered wrongly: a provider that gets a list it did not ask for would create duplicates.
 */
export function parseScimFilter(
  filter: string | undefined,
): { ok: true; filter: ScimUserFilter } | ScimRefusal {
  if (filter === undefined || filter.trim() === "") return { ok: true, filter: { kind: "all" } };
  const match = EQUALITY.exec(filter);
  const attribute = match?.[1]?.toLowerCase();
  const value = match?.[2]?.replace(/\\(.)/g, "$1");
  if (
    value !== undefined &&
    (attribute === "username" || attribute === `${SCIM_USER.toLowerCase()}:username`)
  )
    return { ok: true, filter: { kind: "userName", value } };
  if (value !== undefined && attribute === "externalid")
    return { ok: true, filter: { kind: "externalId", value } };
  return {
    ok: false,
    scimType: "invalidFilter",
    detail: 'Only userName eq "…" and externalId eq "…" filters are supported',
  };
}

/**
 * RFC 7644 §3.4.2.4: startIndex is 1-based and below 1 means 1; count below 0 means 0; a count above
 * what the provider may take is cut to SCIM_MAX_PAGE_SIZE.
 */
export function scimPage(query: { startIndex?: number | undefined; count?: number | undefined }) {
  const startIndex = Math.max(1, query.startIndex ?? 1);
  const count = Math.min(SCIM_MAX_PAGE_SIZE, Math.max(0, query.count ?? SCIM_DEFAULT_PAGE_SIZE));
  return { startIndex, count, offset: startIndex - 1 };
}

// ---- What a write changes ---------------------------------------------------------------------------

/** What a PUT or PATCH asks to change; a field left out stays as it is. */
export type ScimUserChange = {
  active?: boolean;
  givenName?: string;
  familyName?: string;
  /** The login address (userName, or the work e-mail), lower-cased. */
  email?: string;
  externalId?: string | null;
  employeeNumber?: string | null;
};

/** The account's language from an RFC 7231 tag ("sv-FI" → sv); Finnish when it is none of ours. */
export function languageOfTag(tag: string | undefined): Language {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === "sv" || primary === "en" ? primary : "fi";
}

/** The userName as the login address: an e-mail address, lower-cased; null when it is not one. */
export function loginAddressOf(userName: string): string | null {
  const address = userName.trim().toLowerCase();
  return address.length <= 254 && isValidEmail(address) ? address : null;
}

const EMPLOYEE_NUMBER_PATH = `${SCIM_ENTERPRISE_USER.toLowerCase()}:employeenumber`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

type Read<T> = { ok: true; value: T } | ScimRefusal;

const refuse = (scimType: ScimType, detail: string): ScimRefusal => ({ ok: false, scimType, detail });

function textValue(value: unknown, path: string, max: number): Read<string> {
  if (typeof value !== "string" || CONTROL.test(value) || value.trim().length > max)
    return refuse("invalidValue", `${path} must be one line of text of at most ${max} characters`);
  return { ok: true, value: value.trim() };
}

/** A name: one line of text, never empty (the person is greeted and listed by it). */
function nameValue(value: unknown, path: string): Read<string> {
  const read = textValue(value, path, 100);
  return read.ok && read.value === "" ? refuse("invalidValue", `${path} must not be empty`) : read;
}

/** SCIM's boolean, or the text "True"/"False" in any case, as Entra ID sends it in a PATCH. */
function booleanValue(value: unknown): Read<boolean> {
  if (typeof value === "boolean") return { ok: true, value };
  if (typeof value === "string" && /^(true|false)$/i.test(value.trim()))
    return { ok: true, value: value.trim().toLowerCase() === "true" };
  return refuse("invalidValue", "active must be true or false");
}

/** The address of an `emails` value: the primary one, else the work one, else the first. */
function emailOfList(value: unknown): Read<string | undefined> {
  if (!Array.isArray(value)) return refuse("invalidValue", "emails must be a list");
  const entries = value.filter((e): e is Record<string, unknown> => !!e && typeof e === "object");
  const chosen =
    entries.find((e) => e.primary === true) ?? entries.find((e) => e.type === "work") ?? entries[0];
  if (!chosen) return { ok: true, value: undefined };
  return addressValue(chosen.value, "emails.value");
}

function addressValue(value: unknown, path: string): Read<string> {
  const text = textValue(value, path, 254);
  if (!text.ok) return text;
  const address = loginAddressOf(text.value);
  return address ? { ok: true, value: address } : refuse("invalidValue", `${path} must be an e-mail address`);
}

/**
 * Applies one attribute (path in lower case) to `change`. Attributes Pedaali keeps nothing of (a
 * title, a phone number, a manager) are passed over, as POST passes them over: the provider syncs
 * what it has mapped, and refusing them would stop the person's other changes too.
 */
function setAttribute(
  change: ScimUserChange,
  path: string,
  value: unknown,
  remove: boolean,
): ScimRefusal | null {
  const set = <K extends keyof ScimUserChange>(key: K, read: Read<ScimUserChange[K]>) => {
    if (!read.ok) return read;
    change[key] = read.value;
    return null;
  };
  const optionalText = (max: number): Read<string | null> =>
    remove || value === null
      ? { ok: true, value: null }
      : (() => {
          const read = textValue(value, path, max);
          return read.ok ? { ok: true, value: read.value || null } : read;
        })();
  const required = <T>(read: () => Read<T>): Read<T> =>
    remove ? refuse("mutability", `${path} cannot be removed`) : read();

  switch (path) {
    case "active":
      return set(
        "active",
        required(() => booleanValue(value)),
      );
    case "username":
    case 'emails[type eq "work"].value':
      return set(
        "email",
        required(() => addressValue(value, path)),
      );
    case "emails": {
      const read = required(() => emailOfList(value));
      if (!read.ok) return read;
      if (read.value !== undefined) change.email = read.value;
      return null;
    }
    case "externalid":
      return set("externalId", optionalText(200));
    case "name.givenname":
      return set(
        "givenName",
        required(() => nameValue(value, path)),
      );
    case "name.familyname":
      return set(
        "familyName",
        required(() => nameValue(value, path)),
      );
    case "name":
      return setObject(change, "name.", value, remove);
    case EMPLOYEE_NUMBER_PATH:
      return set("employeeNumber", optionalText(50));
    case SCIM_ENTERPRISE_USER.toLowerCase():
      return setObject(change, `${SCIM_ENTERPRISE_USER.toLowerCase()}:`, value, remove);
    default:
      return null;
  }
}

/** A value object's attributes, each as if its path were given (`name` → name.givenName…). */
function setObject(
  change: ScimUserChange,
  prefix: string,
  value: unknown,
  remove: boolean,
): ScimRefusal | null {
  if (remove) return null;
  if (!value || typeof value !== "object" || Array.isArray(value))
    return refuse("invalidValue", `${prefix || "value"} must be an object`);
  for (const [key, inner] of Object.entries(value)) {
    const refused = setAttribute(change, `${prefix}${key.toLowerCase()}`, inner, false);
    if (refused) return refused;
  }
  return null;
}

/**
 * The change a PatchOp asks for (RFC 7644 §3.5.2): `add` and `replace` (in any case) with a path, or
 * without one with a value object (Entra ID); `remove` clears what may be empty (externalId, the
 * employee number). Another op, or a path of a filter Pedaali does not know, is refused.
 */
export function changeOfPatch(
  operations: readonly { op: string; path?: string | undefined; value?: unknown }[],
): { ok: true; change: ScimUserChange } | ScimRefusal {
  const change: ScimUserChange = {};
  for (const operation of operations) {
    const op = operation.op.trim().toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove")
      return refuse("invalidSyntax", `Unknown PATCH op ${JSON.stringify(operation.op.slice(0, 20))}`);
    const path = operation.path?.trim().toLowerCase().replace(`${SCIM_USER.toLowerCase()}:`, "");
    if (path === undefined || path === "") {
      if (op === "remove") return refuse("noTarget", "remove needs a path");
      const refused = setObject(change, "", operation.value, false);
      if (refused) return refused;
      continue;
    }
    if (path.includes("[") && !path.startsWith('emails[type eq "work"]'))
      return refuse("invalidPath", "Only the work e-mail may be named by a filter in a path");
    const refused = setAttribute(change, path, operation.value, op === "remove");
    if (refused) return refused;
  }
  return { ok: true, change };
}
