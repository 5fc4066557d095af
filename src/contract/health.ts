import { z } from "zod";

export const zHealthCheckResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  /** ISO timestamp of the answer. */
  time: z.iso.datetime(),
});
export type THealthCheckResponse = z.infer<typeof zHealthCheckResponse>;

export const zHealthCheckFailure = z.object({
  statusCode: z.literal(503),
  code: z.literal("SERVICE_UNAVAILABLE"),
  message: z.string(),
});
