import { and, eq } from "drizzle-orm";
import type { TCreateUserPayment } from "../../../contract/user-payments.ts";
import { userPaymentMethodAllowed } from "../../../domain/user-payments.ts";
import { beneficiaryEmployees, companies } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere } from "../auth/tenancy.ts";
import { paymentMethodNotAllowed } from "./errors.ts";
import { createUserPayment } from "./ledger.ts";

/**
 * The helpdesk (or an employer with user-payments.manage) makes a payment by hand for an employee of a
 * company in their reach, by a method the company's payment mode offers; answers its id.
 */
export async function addUserPayment(
  ctx: WriteContext,
  viewer: Pick<CurrentUser, "scope">,
  input: TCreateUserPayment,
): Promise<string> {
  const be = beneficiaryEmployees;
  const [employment] = await ctx.tx
    .select({ id: be.id, companyId: be.companyId, paymentMode: companies.paymentMode })
    .from(be)
    .innerJoin(companies, eq(companies.id, be.companyId))
    .where(and(eq(be.id, input.beneficiaryEmployeeId), companyScopeWhere(viewer, be.companyId)));
  if (!employment)
    throw badRequest("Unknown employee", [
      { field: "body.beneficiaryEmployeeId", message: "No such employee" },
    ]);
  if (!userPaymentMethodAllowed(employment.paymentMode, input.paymentMethod))
    throw paymentMethodNotAllowed(
      `The company's payment mode ${employment.paymentMode} does not allow ${input.paymentMethod}`,
    );
  return createUserPayment(ctx, {
    kind: input.kind,
    beneficiaryEmployeeId: employment.id,
    companyId: employment.companyId,
    description: input.description,
    amountCents: input.amountCents,
    paymentMethod: input.paymentMethod,
    dueDate: input.dueDate,
    send: input.send,
  });
}
