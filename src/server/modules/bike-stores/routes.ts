import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zBikeStore,
  zBikeStoreGroups,
  zBikeStoreInput,
  zBikeStoreOptions,
  zBikeStorePage,
  zBikeStoreSaved,
  zBikeStoresQuery,
} from "../../../contract/bike-stores.ts";
import { zMessage } from "../../../contract/common.ts";
import { zIdParams } from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createBikeStoresService } from "./service.ts";

const tags = ["bike-stores"];
const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };

/** Bike stores and their groups (SPEC §7 "Bike stores"): read with bike-stores.read, changed with .manage. */
export const bikeStoreRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createBikeStoresService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("bike-stores.read");
  const manage = guards.permission("bike-stores.manage");

  app.get(
    "/bike-stores",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Bike stores by name, paged, searched by name or city (an employee sees the active ones)",
        querystring: zBikeStoresQuery,
        response: { 200: zBikeStorePage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    "/bike-stores/minimal",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The active bike stores for a choice list",
        response: { 200: zBikeStoreOptions, ...errors },
      },
    },
    async () => service.minimal(),
  );

  app.get(
    "/bike-stores/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A bike store",
        params: zIdParams,
        response: { 200: zBikeStore, ...errors, 404: zErrorResponse },
      },
    },
    async (request) => service.find(currentUser(request), request.params.id),
  );

  app.post(
    "/bike-stores",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a bike store ('Bike store created successfully')",
        body: zBikeStoreInput,
        response: { 201: zBikeStoreSaved, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentUser(request), request.body)),
  );

  app.put(
    "/bike-stores/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Update a bike store ('Bike store updated successfully')",
        params: zIdParams,
        body: zBikeStoreInput,
        response: { 200: zBikeStoreSaved, ...errors, 404: zErrorResponse },
      },
    },
    async (request) => service.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/bike-stores/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a bike store no order names (409 BIKE_STORE_IN_USE otherwise: deactivate it)",
        params: zIdParams,
        response: { 200: zMessage, ...errors, 404: zErrorResponse, 409: zErrorResponse },
      },
    },
    async (request) => service.remove(request.params.id),
  );

  app.get(
    "/bike-store-groups",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Bike store groups by name, with their number of stores",
        response: { 200: zBikeStoreGroups, ...errors },
      },
    },
    async () => service.groups(),
  );
};
