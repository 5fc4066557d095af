import fc from "fast-check";
import { RENAMED_EXE } from "../../helpers/sample-files.ts";
import { oversizedFile } from "./file-bytes.ts";
import type { JsonSchema } from "./json-schema-arbitrary.ts";
import { BINARY_CONTENT_TYPE, type Draft, type OperationShape } from "./operation-shape.ts";
import {
  BAD_PATH_VALUES,
  EDGE_NUMBERS,
  EXTRA_KEYS,
  HOSTILE_FILE_NAMES,
  HUGE_STRING_LENGTH,
  HUGE_URL_VALUE_LENGTH,
  INJECTIONS,
  MALFORMED_JSON,
  NASTY_STRINGS,
  ODD_CONTENT_TYPES,
  ODD_UPLOAD_CONTENT_TYPES,
  OVERSIZED_BODY_BYTES,
  PATH_SPELLINGS,
} from "./payloads.ts";
import { buildUrl, percentEncode, Raw } from "./request.ts";

/**
 * How a valid-shaped draft is spoiled. `pick` chooses a location (a path or query parameter, or any
 * node of the body) modulo how many there are, so a mutation is plain data that fast-check can
 * generate and print before the draft's locations are known.
 */
export type Mutation =
  | { kind: "valid" }
  | { kind: "wrong-type"; pick: number; value: unknown }
  | { kind: "missing-required"; pick: number }
  | { kind: "extra-field"; pick: number; key: string; value: unknown }
  | { kind: "huge-string"; pick: number; unit: string }
  | { kind: "edge-number"; pick: number; value: unknown }
  | { kind: "nasty-string"; pick: number; value: string; wrap: boolean }
  | { kind: "injection"; pick: number; value: string; wrap: boolean }
  | { kind: "bad-path-param"; pick: number; value: string }
  | { kind: "path-spelling"; spelling: number }
  | { kind: "wrong-method"; method: string }
  | { kind: "unexpected-query"; value: string }
  | { kind: "malformed-json"; text: string }
  | { kind: "content-type"; type: string }
  | { kind: "oversized-body" }
  // Upload operations (a binary body) only:
  | { kind: "json-instead-of-file"; value: unknown }
  | { kind: "empty-file" }
  | { kind: "renamed-executable" }
  | { kind: "oversized-file" }
  | { kind: "hostile-file-name"; pick: number; value: string };

const WRONG_TYPE_VALUES: unknown[] = [0, 1, -1, true, false, null, [], {}, "", "text", [1, "a"], { a: 1 }];
const HUGE_UNITS = ["a", "😀", "\u0000", "'", " ", "%"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/** Relative weights: mostly hostile values, a fifth valid-shaped, bodies over the size limit rarely. */
const COMMON = 20;

/** An upload's query parameters that name its file (`fileName`): where hostile file names go. */
function fileNameParams(shape: OperationShape) {
  return shape.queryParams.filter((p) => /file_?name/i.test(p.name));
}

export function mutationArbitrary(shape: OperationShape): fc.Arbitrary<Mutation> {
  const pick = fc.nat();
  const wrap = fc.boolean();
  const hasInputs = shape.pathParams.length + shape.queryParams.length > 0 || shape.body !== null;
  const choices: { weight: number; arbitrary: fc.Arbitrary<Mutation> }[] = [
    { weight: 5 * COMMON, arbitrary: fc.constant({ kind: "valid" as const }) },
    {
      weight: COMMON,
      arbitrary: fc.record({
        kind: fc.constant("path-spelling" as const),
        spelling: fc.nat(PATH_SPELLINGS.length - 1),
      }),
    },
    {
      weight: COMMON / 2,
      arbitrary: fc.record({
        kind: fc.constant("wrong-method" as const),
        method: fc.constantFrom(...METHODS.filter((m) => m !== shape.method)),
      }),
    },
    {
      weight: COMMON / 2,
      arbitrary: fc.record({
        kind: fc.constant("unexpected-query" as const),
        value: fc.constantFrom(...NASTY_STRINGS, ...INJECTIONS),
      }),
    },
  ];
  if (hasInputs) {
    choices.push(
      {
        weight: 3 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("wrong-type" as const),
          pick,
          value: fc.constantFrom(...WRONG_TYPE_VALUES),
        }),
      },
      { weight: 2 * COMMON, arbitrary: fc.record({ kind: fc.constant("missing-required" as const), pick }) },
      {
        weight: 2 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("huge-string" as const),
          pick,
          unit: fc.constantFrom(...HUGE_UNITS),
        }),
      },
      {
        weight: 2 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("edge-number" as const),
          pick,
          value: fc.constantFrom(...EDGE_NUMBERS),
        }),
      },
      {
        weight: 4 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("nasty-string" as const),
          pick,
          value: fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: "binary", maxLength: 8 })),
          wrap,
        }),
      },
      {
        weight: 3 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("injection" as const),
          pick,
          value: fc.constantFrom(...INJECTIONS),
          wrap,
        }),
      },
    );
  }
  if (shape.pathParams.length > 0) {
    choices.push({
      weight: 3 * COMMON,
      arbitrary: fc.record({
        kind: fc.constant("bad-path-param" as const),
        pick,
        value: fc.constantFrom(...BAD_PATH_VALUES),
      }),
    });
  }
  if (shape.body !== null) {
    choices.push(
      {
        weight: 2 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("extra-field" as const),
          pick,
          key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
          value: fc.oneof(fc.constantFrom(...WRONG_TYPE_VALUES), fc.jsonValue({ maxDepth: 2 })),
        }),
      },
      {
        weight: 2 * COMMON,
        arbitrary: fc.record({
          kind: fc.constant("malformed-json" as const),
          text: fc.constantFrom(...MALFORMED_JSON),
        }),
      },
      {
        weight: COMMON,
        arbitrary: fc.record({
          kind: fc.constant("content-type" as const),
          type: fc.constantFrom(...ODD_CONTENT_TYPES),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ kind: "oversized-body" as const }) },
    );
  }
  if (shape.binary) choices.push(...uploadMutations(shape));
  return fc.oneof(...choices);
}

/** What is sent to an upload instead of a file: JSON, nothing, an executable, too much, a wrong type, a hostile name. */
function uploadMutations(shape: OperationShape): { weight: number; arbitrary: fc.Arbitrary<Mutation> }[] {
  const choices: { weight: number; arbitrary: fc.Arbitrary<Mutation> }[] = [
    {
      weight: COMMON,
      arbitrary: fc.record({
        kind: fc.constant("json-instead-of-file" as const),
        value: fc.jsonValue({ maxDepth: 2 }),
      }),
    },
    {
      weight: COMMON,
      arbitrary: fc.record({
        kind: fc.constant("content-type" as const),
        type: fc.constantFrom(...ODD_UPLOAD_CONTENT_TYPES),
      }),
    },
    { weight: COMMON / 2, arbitrary: fc.constant({ kind: "empty-file" as const }) },
    { weight: COMMON / 2, arbitrary: fc.constant({ kind: "renamed-executable" as const }) },
    // 10 MB a request: a few in a 100,000-request run.
    { weight: 1, arbitrary: fc.constant({ kind: "oversized-file" as const }) },
  ];
  if (fileNameParams(shape).length > 0) {
    choices.push({
      weight: 2 * COMMON,
      arbitrary: fc.record({
        kind: fc.constant("hostile-file-name" as const),
        pick: fc.nat(),
        value: fc.constantFrom(...HOSTILE_FILE_NAMES),
      }),
    });
  }
  return choices;
}

type Location = { part: "path" | "query"; name: string } | { part: "body"; at: (string | number)[] };

/** Every place a value can be planted: path and query parameters, and every node of the body. */
function locations(shape: OperationShape, draft: Draft): Location[] {
  const found: Location[] = [
    ...shape.pathParams.map((p) => ({ part: "path" as const, name: p.name })),
    ...shape.queryParams.map((p) => ({ part: "query" as const, name: p.name })),
  ];
  if (shape.body === null) return found;
  const walk = (value: unknown, at: (string | number)[]) => {
    found.push({ part: "body", at });
    if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value))
        walk(child, [...at, Array.isArray(value) ? Number(key) : key]);
    }
  };
  walk(draft.body, []);
  return found;
}

/** The required fields of a body schema, as paths (nested objects included). */
function requiredPaths(schema: JsonSchema, at: string[] = []): string[][] {
  const own = (schema.required ?? []).map((key) => [...at, key]);
  const nested = Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
    requiredPaths(child, [...at, key]),
  );
  return [...own, ...nested];
}

function get(draft: Draft, location: Location): unknown {
  if (location.part !== "body") return draft[location.part][location.name];
  return location.at.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    draft.body,
  );
}

function set(draft: Draft, location: Location, value: unknown): void {
  if (location.part !== "body") {
    draft[location.part][location.name] = value;
    return;
  }
  if (location.at.length === 0) {
    draft.body = value;
    return;
  }
  const parent = get(draft, { part: "body", at: location.at.slice(0, -1) }) as Record<
    string | number,
    unknown
  >;
  parent[location.at[location.at.length - 1] as string | number] = value;
}

function remove(draft: Draft, location: Location): void {
  if (location.part !== "body") {
    delete draft[location.part][location.name];
    return;
  }
  if (location.at.length === 0) {
    draft.body = undefined;
    return;
  }
  const parent = get(draft, { part: "body", at: location.at.slice(0, -1) }) as Record<
    string | number,
    unknown
  >;
  delete parent[location.at[location.at.length - 1] as string | number];
}

function choose<T>(items: T[], pick: number): T | undefined {
  return items.length > 0 ? items[pick % items.length] : undefined;
}

export type SpelledRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** Applies a mutation to a copy of the draft and spells the result as method, URL, headers and body. */
export function applyMutation(shape: OperationShape, original: Draft, mutation: Mutation): SpelledRequest {
  const draft: Draft = structuredClone(original);
  let method = shape.method;
  let payload: string | Buffer | undefined;
  let contentType = shape.binary ? BINARY_CONTENT_TYPE : "application/json";
  const plant = (pick: number, valueFor: (location: Location) => unknown, wrapExisting = false) => {
    const location = choose(locations(shape, draft), pick);
    if (!location) return;
    const current = get(draft, location);
    const value = valueFor(location);
    set(
      draft,
      location,
      wrapExisting && typeof current === "string" ? `${current}${value}${current}` : value,
    );
  };

  switch (mutation.kind) {
    case "valid":
    case "path-spelling":
    case "unexpected-query":
      break;
    case "wrong-type":
    case "edge-number":
      plant(mutation.pick, () => mutation.value);
      break;
    case "huge-string":
      plant(mutation.pick, (location) => {
        const length = location.part === "body" ? HUGE_STRING_LENGTH : HUGE_URL_VALUE_LENGTH;
        return mutation.unit.repeat(length / mutation.unit.length);
      });
      break;
    case "nasty-string":
    case "injection":
      plant(mutation.pick, () => mutation.value, mutation.wrap);
      break;
    case "missing-required": {
      const present = locations(shape, draft);
      const required: Location[] = [
        ...shape.queryParams.filter((p) => p.required).map((p) => ({ part: "query" as const, name: p.name })),
        ...requiredPaths(shape.body ?? {}).map((at) => ({ part: "body" as const, at })),
      ].filter(
        (r) =>
          r.part !== "body" || present.some((p) => p.part === "body" && p.at.join("/") === r.at.join("/")),
      );
      const location = choose(required, mutation.pick) ?? choose(present, mutation.pick);
      if (location) remove(draft, location);
      break;
    }
    case "extra-field": {
      const objects = locations(shape, draft).filter((l) => {
        const value = l.part === "body" ? get(draft, l) : null;
        return value !== null && typeof value === "object" && !Array.isArray(value);
      });
      const target = choose(objects, mutation.pick);
      // defineProperty, not assignment: `__proto__` must become an own key that JSON.stringify sends.
      if (target) {
        Object.defineProperty(get(draft, target), mutation.key, {
          value: mutation.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      break;
    }
    case "bad-path-param": {
      const param = choose(shape.pathParams, mutation.pick);
      if (param) draft.path[param.name] = new Raw(mutation.value);
      break;
    }
    case "wrong-method":
      method = mutation.method;
      break;
    case "malformed-json":
      payload = mutation.text;
      break;
    case "content-type":
      contentType = mutation.type;
      break;
    case "oversized-body":
      payload = JSON.stringify({ filler: "a".repeat(OVERSIZED_BODY_BYTES) });
      break;
    case "json-instead-of-file":
      payload = JSON.stringify(mutation.value);
      contentType = "application/json";
      break;
    case "empty-file":
      payload = Buffer.alloc(0);
      break;
    case "renamed-executable":
      payload = RENAMED_EXE;
      break;
    case "oversized-file":
      payload = oversizedFile();
      break;
    case "hostile-file-name": {
      const param = choose(fileNameParams(shape), mutation.pick);
      if (param) draft.query[param.name] = mutation.value;
      break;
    }
  }

  let url = buildUrl(shape.path, draft.path, draft.query);
  if (mutation.kind === "path-spelling") {
    const [path, query] = url.split("?", 2) as [string, string | undefined];
    const spelled = (PATH_SPELLINGS[mutation.spelling] ?? ((p: string) => p))(path);
    url = query === undefined ? spelled : `${spelled}${spelled.includes("?") ? "&" : "?"}${query}`;
  }
  if (mutation.kind === "unexpected-query") {
    url += `${url.includes("?") ? "&" : "?"}unexpected=${percentEncode(mutation.value)}`;
  }
  if (payload === undefined && shape.binary && draft.body instanceof Uint8Array)
    payload = Buffer.from(draft.body);
  if (payload === undefined && shape.body !== null && draft.body !== undefined)
    payload = JSON.stringify(draft.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined && contentType !== "") headers["content-type"] = contentType;
  if (draft.idempotencyKey !== undefined) headers["idempotency-key"] = draft.idempotencyKey;
  return { method, url, headers, ...(payload === undefined ? {} : { payload }) };
}
