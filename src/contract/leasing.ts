import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/** POST /api/leasing/get-leasing-time-months (docs/api-surface.md "Leasing"): the lease period a package's price sets. */
const zLeasingTimeRequest = lazy(() =>
  z.strictObject({
    /** The package's total price in euros, VAT included. */
    totalAmount: z.number().min(0.01).max(1_000_000).multipleOf(0.01),
    beneficiaryEmployeeId: z.uuid(),
  }),
);
export type TLeasingTimeRequest = z.infer<typeof zLeasingTimeRequest>;

export const zLeasingTimeResponse = lazy(() => z.object({ leaseTimeMonths: z.int() }));
export type TLeasingTimeResponse = z.infer<typeof zLeasingTimeResponse>;

/** The calculator's call: any signed-in user, for an employment they may see. */
export const leasingApi = lazy(() => ({
  leaseTimeMonths: endpoint({
    method: "POST",
    path: "/leasing/get-leasing-time-months",
    summary: "The lease period the package's price sets, from the employee's company's billing table",
    body: zLeasingTimeRequest,
    response: zLeasingTimeResponse,
    errors: [400, 401, 403, 404],
  }),
}));
