import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCancelUserPayment,
  zCreateUserPayment,
  zMyUserPayments,
  zUserPayment,
  zUserPaymentDetails,
  zUserPaymentIdParams,
  zUserPaymentPage,
  zUserPaymentsQuery,
} from "../../../contract/user-payments.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createUserPaymentsService } from "./service.ts";

const tags = ["user-payments"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
const changing = { ...errors, 404: zErrorResponse, 409: zErrorResponse };

/**
 * User payments (contract/user-payments.ts): the employee's own (own-order.manage), the paged list
 * (user-payments.manage or .read, scoped), one payment (the same, or one's own), and the helpdesk's
 * changes (user-payments.manage).
 */
export const userPaymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createUserPaymentsService(ctx);
  const guards = createGuards(ctx);
  const manage = guards.permission("user-payments.manage");
  const read = guards.permission("user-payments.manage", "user-payments.read");

  app.get(
    "/user-payment",
    {
      preHandler: guards.permission("own-order.manage"),
      schema: {
        tags,
        summary: "The caller's own payments (every employment of theirs), newest first, with how to pay them",
        response: { 200: zMyUserPayments, ...errors },
      },
    },
    async (request) => service.mine(currentUser(request)),
  );

  app.get(
    "/user-payment/optimized",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "User payments newest first, searched and filtered in SQL (created, sent and paid dates, done)",
        querystring: zUserPaymentsQuery,
        response: { 200: zUserPaymentPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/user-payment",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Makes a payment by hand (other, return fee, deductible) for an employee",
        body: zCreateUserPayment,
        response: { 201: zUserPayment, ...changing },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.create(currentUser(request), request.body, (err, what) =>
            request.log.error({ err }, what),
          ),
        ),
  );

  app.get(
    "/user-payment/:id",
    {
      preHandler: guards.permission("user-payments.manage", "user-payments.read", "own-order.manage"),
      schema: {
        tags,
        summary: "A user payment with its events",
        params: zUserPaymentIdParams,
        response: { 200: zUserPaymentDetails, ...errors, 404: zErrorResponse },
      },
    },
    async (request) => service.details(currentUser(request), request.params.id),
  );

  app.post(
    "/user-payment/:id/sent",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "The employee has been asked to pay (a BATCH invoice is mailed once)",
        params: zUserPaymentIdParams,
        response: { 200: zUserPayment, ...changing },
      },
    },
    async (request) =>
      service.send(currentUser(request), request.params.id, (err, what) => request.log.error({ err }, what)),
  );

  app.post(
    "/user-payment/:id/paid",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "The payment is in: PAID and done",
        params: zUserPaymentIdParams,
        response: { 200: zUserPayment, ...changing },
      },
    },
    async (request) => service.pay(currentUser(request), request.params.id),
  );

  app.post(
    "/user-payment/:id/cancel",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "The payment is no longer owed: CANCELLED, with the reason",
        params: zUserPaymentIdParams,
        body: zCancelUserPayment,
        response: { 200: zUserPayment, ...changing },
      },
    },
    async (request) => service.cancel(currentUser(request), request.params.id, request.body.reason),
  );
};
