import { z } from "zod";

/**
 * Free text typed by people. PostgreSQL cannot store NUL in text and no form needs the other control
 * characters (U+0000–U+001F, U+007F), so the contract refuses them with a clear message instead of
 * letting them reach the database (PostgreSQL refuses NUL in text). Every free-text field of a request body or
 * query string is one of these two; ids, enums and tokens have schemas of their own.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point.
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Line breaks (\n, \r) and tabs are the only control characters a multi-line text may hold. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters is the point.
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const SINGLE_LINE_TEXT_MESSAGE = "Must be one line of text without control characters";
export const MULTI_LINE_TEXT_MESSAGE = "Must not contain control characters other than line breaks and tabs";

type TextBounds = {
  /** Every text has an upper bound, counted after trimming. */
  max: number;
  min?: number;
};

/**
 * One schema per pattern and bounds, shared by every field that has them: a schema never changes once
 * made (each `.optional()` or `.describe()` makes a new one), and about two hundred fields use a few dozen
 * bounds, so the web's first view and the server's start build each once instead of once per field.
 */
const made = new Map<string, z.ZodString>();

function text(pattern: RegExp, message: string, { max, min = 0 }: TextBounds) {
  const key = `${pattern.source} ${min} ${max}`;
  let schema = made.get(key);
  if (!schema) {
    // Trimmed first, so surrounding spaces neither count towards the bounds nor are stored. The checks
    // are added in one step: each step of a chain copies the schema.
    schema = z.string().check(z.trim(), z.minLength(min), z.maxLength(max), z.regex(pattern, message));
    made.set(key, schema);
  }
  return schema;
}

/** One line (a name, an address, a search filter): no control character at all. */
export const zSingleLineText = (bounds: TextBounds) => text(SINGLE_LINE, SINGLE_LINE_TEXT_MESSAGE, bounds);

/** Text written on several lines (a message): line breaks and tabs allowed, other control characters not. */
export const zMultiLineText = (bounds: TextBounds) => text(MULTI_LINE, MULTI_LINE_TEXT_MESSAGE, bounds);

/** An optional one-line field of a form: null (or leaving it out) means none; empty text too, once trimmed. */
export const zOptionalSingleLineText = (max: number) =>
  z.union([zSingleLineText({ max }), z.null()]).optional();
