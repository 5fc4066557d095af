import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { zErrorResponse } from "../../../src/contract/errors.ts";
import { zUploadFileName } from "../../../src/contract/uploads.ts";
import { MAX_UPLOAD_BYTES, sniffUploadType } from "../../../src/domain/uploads.ts";
import { acceptUploads, readUpload, UPLOAD_SCHEMA } from "../../../src/server/files/uploads.ts";
import {
  apiNotFound,
  frameworkErrorAnswer,
  registerErrorHandlers,
} from "../../../src/server/plugins/errors.ts";
import { registerOpenApi } from "../../../src/server/plugins/openapi.ts";
import { openApiOperations } from "../openapi-operations.ts";
import { caseArbitrary, toRequest } from "./cases.ts";
import { responseProblems } from "./checks.ts";
import { MAX_FUZZ_FILE_BYTES, oversizedFile } from "./file-bytes.ts";
import { ANONYMOUS } from "./identities.ts";
import { applyMutation, type Mutation, mutationArbitrary } from "./mutations.ts";
import { type Draft, draftArbitrary, type OperationShape, operationShape } from "./operation-shape.ts";
import { HOSTILE_FILE_NAMES } from "./payloads.ts";
import { describeRequest, type FuzzRequest } from "./request.ts";

/**
 * The fuzz's uploads: an operation whose OpenAPI body is application/octet-stream
 * gets a file's bytes, spoiled in the ways an upload can be. Tested on an app of its own with one
 * upload route built from the real plumbing, so it holds whichever upload endpoints the API has.
 */

const UPLOAD = "POST /api/files/{id}/upload";
const JSON_ROUTE = "POST /api/things";
const noKnownIds = { knownIds: () => [] };
const options = {
  identities: [ANONYMOUS],
  knownIds: { forName: () => [] },
  anonymousOnly: new Set<string>(),
  addresses: 16,
};

let app: FastifyInstance;
let shapes: Map<string, OperationShape>;
const uploadShape = () => shapes.get(UPLOAD) as OperationShape;

beforeAll(async () => {
  app = Fastify({ bodyLimit: 1024 * 1024, frameworkErrors: frameworkErrorAnswer });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandlers(app);
  app.setNotFoundHandler((request, reply) => reply.code(404).send(apiNotFound(request.method, request.url)));
  await registerOpenApi(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/api/things", { schema: { body: z.object({ name: z.string().max(20) }).strict() } }, async () => ({
      ok: true,
    }));
  await app.register(async (scope) => {
    acceptUploads(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      "/api/files/:id/upload",
      {
        schema: {
          ...UPLOAD_SCHEMA,
          params: z.object({ id: z.uuid() }),
          querystring: z.object({ fileName: zUploadFileName }),
        },
      },
      async (request, reply) => {
        const upload = readUpload(request.body, request.query.fileName);
        return reply.code(201).send({ fileName: upload.fileName, mimeType: upload.mimeType });
      },
    );
  });
  await app.ready();
  shapes = new Map(openApiOperations(app).map((operation) => [operation.key, operationShape(operation)]));
});
afterAll(() => app.close());

const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns: number, seed = 7) =>
  fc.sample(arbitrary, { seed, numRuns });

const validDraft = (): Draft => sample(draftArbitrary(uploadShape(), noKnownIds), 1)[0] as Draft;

const spell = (mutation: Mutation, draft = validDraft()) => applyMutation(uploadShape(), draft, mutation);

const send = (request: Pick<FuzzRequest, "method" | "url" | "headers" | "payload">) =>
  app.inject({
    method: request.method as "POST",
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });

const errorCode = (body: string) => zErrorResponse.parse(JSON.parse(body)).code;

describe("the operation's shape", () => {
  it("reads an octet-stream body as a binary one, and a JSON body by its schema", () => {
    expect(uploadShape()).toMatchObject({ binary: true, body: null });
    expect(uploadShape().queryParams.map((p) => p.name)).toEqual(["fileName"]);
    expect(shapes.get(JSON_ROUTE)).toMatchObject({ binary: false, body: { type: "object" } });
  });
});

describe("valid-shaped upload bodies", () => {
  it("are 0 to a few KB of bytes, mostly starting like an allowed file", () => {
    const bodies = sample(draftArbitrary(uploadShape(), noKnownIds), 400).map((d) => d.body);
    for (const body of bodies) {
      expect(body).toBeInstanceOf(Uint8Array);
      expect((body as Uint8Array).length).toBeLessThanOrEqual(MAX_FUZZ_FILE_BYTES);
    }
    const files = bodies as Uint8Array[];
    const types = new Set(files.map((b) => sniffUploadType(b)));
    expect(types).toEqual(new Set(["application/pdf", "image/jpeg", "image/png", "image/webp", null]));
    expect(files.filter((b) => sniffUploadType(b) !== null).length).toBeGreaterThan(files.length / 2);
    expect(files.some((b) => b.length > 1024)).toBe(true);
    expect(files.some((b) => b.length < 64)).toBe(true);
  });

  it("are sent as a Buffer of the draft's bytes with content-type application/octet-stream", () => {
    const draft = validDraft();
    const spelled = spell({ kind: "valid" }, draft);
    expect(Buffer.isBuffer(spelled.payload)).toBe(true);
    expect((spelled.payload as Buffer).equals(Buffer.from(draft.body as Uint8Array))).toBe(true);
    expect(spelled.headers["content-type"]).toBe("application/octet-stream");
  });
});

describe("upload mutations", () => {
  it("are offered to upload operations only, and JSON-body ones to JSON operations only", () => {
    const kinds = (shape: OperationShape) =>
      new Set(sample(mutationArbitrary(shape), 5_000).map((m) => m.kind));
    const upload = kinds(uploadShape());
    for (const kind of ["json-instead-of-file", "empty-file", "renamed-executable", "hostile-file-name"])
      expect(upload).toContain(kind);
    for (const kind of ["extra-field", "malformed-json", "oversized-body"])
      expect(upload).not.toContain(kind);
    const json = kinds(shapes.get(JSON_ROUTE) as OperationShape);
    for (const kind of ["json-instead-of-file", "empty-file", "renamed-executable", "oversized-file"])
      expect(json).not.toContain(kind);
  });

  it("send JSON, nothing, an executable, 10 MB, a wrong type or a hostile name", () => {
    const json = spell({ kind: "json-instead-of-file", value: { file: "kuitti.pdf" } });
    expect(json.payload).toBe('{"file":"kuitti.pdf"}');
    expect(json.headers["content-type"]).toBe("application/json");
    expect((spell({ kind: "empty-file" }).payload as Buffer).length).toBe(0);
    expect((spell({ kind: "renamed-executable" }).payload as Buffer).subarray(0, 2).toString()).toBe("MZ");
    const oversized = spell({ kind: "oversized-file" }).payload as Buffer;
    expect(oversized.length).toBe(MAX_UPLOAD_BYTES + 1);
    // One buffer for every such request: each would otherwise allocate 10 MB.
    expect(spell({ kind: "oversized-file" }).payload).toBe(oversizedFile());
    expect(spell({ kind: "content-type", type: "image/svg+xml" }).headers["content-type"]).toBe(
      "image/svg+xml",
    );
    expect(spell({ kind: "content-type", type: "" }).headers).not.toHaveProperty("content-type");
    // Every hostile name arrives as it is, whichever query parameter the pick lands on.
    for (const [pick, name] of HOSTILE_FILE_NAMES.entries()) {
      const named = spell({ kind: "hostile-file-name", pick, value: name });
      expect(new URL(named.url, "http://x").searchParams.get("fileName")).toBe(name);
    }
  });

  it("are answered by an upload route with the refusal each one deserves", async () => {
    const answers = {
      "empty-file": [400, "FILE_EMPTY"],
      "renamed-executable": [400, "FILE_TYPE_NOT_ALLOWED"],
      "oversized-file": [400, "FILE_TOO_LARGE"],
      "json-instead-of-file": [400, "VALIDATION_ERROR"],
    } as const;
    const draft = { ...validDraft(), query: { fileName: "kuitti.pdf" } };
    for (const [kind, [status, code]] of Object.entries(answers)) {
      const mutation = (kind === "json-instead-of-file" ? { kind, value: { a: 1 } } : { kind }) as Mutation;
      const res = await send(spell(mutation, draft));
      expect([kind, res.statusCode, errorCode(res.body)]).toEqual([kind, status, code]);
    }
    const html = await send(spell({ kind: "content-type", type: "text/html" }, draft));
    expect(html.statusCode, html.body).toBe(415);
  });
});

describe("fuzzed requests to an upload route", () => {
  it("reach the handler with valid-shaped files and never get a 5xx or a malformed error", async () => {
    const cases = sample(caseArbitrary(uploadShape(), options), 400, 20_260_407);
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (const c of cases) {
      const request = toRequest(c, {});
      const res = await app.inject({
        method: request.method as "POST",
        url: request.url,
        headers: request.headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      const found = responseProblems(request, res, "no-secret-here");
      if (found.length > 0) problems.push(`${found.join("; ")}\n${describeRequest(request)}\n${res.body}`);
    }
    expect(problems).toEqual([]);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(10);
  });

  it("are the same for the same seed", () => {
    const run = () =>
      sample(caseArbitrary(uploadShape(), options), 200, 99).map((c) => describeRequest(toRequest(c, {})));
    expect(run()).toEqual(run());
  });
});

describe("a failure report", () => {
  it("shows a binary body as its size and first bytes in hex, not its content", () => {
    const request: FuzzRequest = {
      operation: UPLOAD,
      identity: ANONYMOUS,
      mutation: "oversized-file",
      method: "POST",
      url: "/api/files/x/upload?fileName=a.pdf",
      headers: { "content-type": "application/octet-stream" },
      payload: oversizedFile(),
      remoteAddress: "10.0.0.7",
    };
    const report = describeRequest(request);
    expect(report).toContain(`body: ${MAX_UPLOAD_BYTES + 1} bytes: 25 50 44 46 2d 31 2e 34 0a 00`);
    expect(report.length).toBeLessThan(400);
    expect(describeRequest({ ...request, payload: Buffer.alloc(0) })).toContain("body: 0 bytes");
  });
});
