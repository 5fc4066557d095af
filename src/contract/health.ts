import { z } from "zod";
import { lazy } from "./lazy.ts";

export const zHealthCheckResponse = lazy(() =>
  z.object({
    status: z.literal("ok"),
    database: z.enum(["pglite", "postgres"]),
    /** ISO timestamp of the answer. */
    time: z.iso.datetime(),
  }),
);
export type THealthCheckResponse = z.infer<typeof zHealthCheckResponse>;

export const zHealthCheckFailure = lazy(() =>
  z.object({
    statusCode: z.literal(503),
    code: z.literal("SERVICE_UNAVAILABLE"),
    message: z.string(),
  }),
);
