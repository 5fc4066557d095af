import fc from "fast-check";

/**
 * The JSON-schema subset that fastify-type-provider-zod writes into the OpenAPI document, turned into
 * fast-check arbitraries of valid-shaped values. Unknown keywords are ignored, so a schema the
 * converter does not understand still yields some JSON value to send (the fuzz never stops on it).
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

export type ArbitraryOptions = {
  /** Ids known to exist for a field name (harvested from the demo data), mixed into uuid fields so requests reach past the 404s. */
  knownIds: (name: string) => readonly string[];
};

/** Valid values stay short: huge ones are a mutation of their own, and short ones keep the run fast. */
const MAX_GENERATED_LENGTH = 40;
const MAX_GENERATED_ITEMS = 4;
const INT32 = 2 ** 31 - 1;

export function arbitraryFor(
  schema: JsonSchema,
  options: ArbitraryOptions,
  name = "",
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => arbitraryFor(s, options, name)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryFor({ ...schema, type }, options, name)));
  }
  switch (schema.type) {
    case "object":
      return objectArbitrary(schema, options);
    case "array":
      return fc.array(arbitraryFor(schema.items ?? {}, options, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS),
        ),
      });
    case "string":
      return stringArbitrary(schema, options, name);
    case "integer":
    case "number":
      return numberArbitrary(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, options, key)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  );
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== "object") return record;
  return fc
    .tuple(
      record,
      fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), arbitraryFor(extra, options), { maxKeys: 3 }),
    )
    .map(([known, more]) => ({ ...more, ...(known as object) }));
}

function stringArbitrary(schema: JsonSchema, options: ArbitraryOptions, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(
    minLength,
    Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH),
  );
  if (schema.format === "uuid") {
    const known = options.knownIds(name);
    if (known.length === 0) return fc.uuid();
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: fc.uuid() });
  }
  if (schema.format === "email" || /email/i.test(name)) return fc.emailAddress();
  if (schema.format === "date") return isoDate().map((d) => d.slice(0, 10));
  if (schema.format === "date-time") return isoDate();
  const pattern = schema.pattern ? compilePattern(schema.pattern) : null;
  if (pattern) return fc.stringMatching(pattern);
  // Field names are a hint the schema lacks: a phone field gets numbers a phone parser accepts.
  if (/phone/i.test(name)) return fc.integer({ min: 1_000_000, max: 99_999_999 }).map((n) => `+35840${n}`);
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString());
}

/** zod writes unicode-aware patterns (`\p{L}`); a pattern no flag compiles falls back to plain strings. */
function compilePattern(pattern: string): RegExp | null {
  for (const flags of ["u", ""]) {
    try {
      return new RegExp(pattern, flags);
    } catch {}
  }
  return null;
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -INT32 - 1) + 1, -INT32);
  const max = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? INT32 + 1) - 1, INT32);
  if (schema.type === "integer") return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}
