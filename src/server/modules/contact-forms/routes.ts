import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zMessage } from "../../../contract/common.ts";
import {
  zContactForm,
  zContactFormParams,
  zContactFormRequest,
  zContactFormsCount,
  zContactFormsPage,
  zContactFormsQuery,
  zContactFormUpdate,
} from "../../../contract/contact-forms.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createContactFormsService } from "./service.ts";

/** A person writes a few messages at most; a script filling the table meets 429. */
const submitLimit = { rateLimit: { max: 5, timeWindow: "10 minutes" } };

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

/** The public contact form and the helpdesk's Contact Forms tab (SPEC §7 "Contact forms"). */
export const contactFormsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createContactFormsService(ctx);
  const manage = createGuards(ctx).permission("contact-forms.manage");
  const tags = ["contact-forms"];

  app.post(
    "/contact-forms",
    {
      config: { ...ORIGIN_ONLY, ...submitLimit },
      schema: {
        tags,
        summary: "Send the public contact form (/ota-yhteytta); the helpdesk reads it in the admin",
        body: zContactFormRequest,
        response: { 201: zMessage, 400: zErrorResponse, 403: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request, reply) => {
      const { message, stored } = await service.submit(request.body);
      if (!stored) request.log.info("contact form honeypot filled; nothing stored");
      return reply.code(201).send({ message });
    },
  );

  app.get(
    "/contact-forms",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Contact form messages, newest first (filters: checked, search)",
        querystring: zContactFormsQuery,
        response: { 200: zContactFormsPage, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    "/contact-forms/unchecked-count",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "How many contact form messages nobody has checked yet (the tab's badge)",
        response: { 200: zContactFormsCount, ...errors },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.uncheckedCount();
    },
  );

  app.put(
    "/contact-forms/update/:contactFormDataId",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Mark a contact form message checked or unchecked",
        params: zContactFormParams,
        body: zContactFormUpdate,
        response: { 200: zContactForm, ...errors },
      },
    },
    async (request) =>
      service.setChecked(currentUser(request), request.params.contactFormDataId, request.body.checked),
  );
};
