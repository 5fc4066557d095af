import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zMessage } from "../../../contract/common.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zMarkAsRead,
  zMarkAsReadResult,
  zNotification,
  zNotificationCheck,
  zNotificationCheckQuery,
  zNotificationIdParams,
  zNotificationsPage,
  zNotificationsQuery,
  zSystemUpdate,
  zSystemUpdateResult,
  zUnreadCount,
} from "../../../contract/notifications.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createNotificationsService } from "./service.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse };
/** Calls on one notification: anybody else's is 404. */
const oneErrors = { ...errors, 404: zErrorResponse };

/** The notification bell (SPEC §7 "Notifications"): the caller's own notifications only. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createNotificationsService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("notifications.read");
  const tags = ["notifications"];

  // The caller's own messages, polled: never kept by a cache.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.get(
    "/notifications",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "The caller's notifications, newest first, filtered and paged",
        querystring: zNotificationsQuery,
        response: { 200: zNotificationsPage, ...errors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    "/notifications/checker",
    {
      preHandler: read,
      schema: {
        tags,
        summary:
          "The caller's notifications created after lastFetch (at most 50), the unread count and the next lastFetch",
        querystring: zNotificationCheckQuery,
        response: { 200: zNotificationCheck, ...errors },
      },
    },
    async (request) => service.check(currentUser(request), request.query.lastFetch),
  );

  app.get(
    "/notifications/unread-count",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread (the bell's badge)",
        response: { 200: zUnreadCount, ...errors },
      },
    },
    async (request) => service.unreadCount(currentUser(request)),
  );

  app.post(
    "/notifications/system-update",
    {
      preHandler: guards.permission("notifications.publish"),
      schema: {
        tags,
        summary: "Publish a system update to every employer admin's bell, in their language (the admin tier)",
        body: zSystemUpdate,
        response: { 200: zSystemUpdateResult, ...errors },
      },
    },
    async (request) => service.publishSystemUpdate(currentUser(request), request.body),
  );

  app.put(
    "/notifications/mark-as-read",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Mark the given notifications, or all of the caller's, as read",
        body: zMarkAsRead,
        response: { 200: zMarkAsReadResult, ...errors },
      },
    },
    async (request) => service.markAsRead(currentUser(request), request.body),
  );

  app.get(
    "/notifications/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "One of the caller's notifications; anybody else's is 404",
        params: zNotificationIdParams,
        response: { 200: zNotification, ...oneErrors },
      },
    },
    async (request) => service.get(currentUser(request), request.params.id),
  );

  app.delete(
    "/notifications/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Delete one of the caller's notifications; anybody else's is 404",
        params: zNotificationIdParams,
        response: { 200: zMessage, ...oneErrors },
      },
    },
    async (request) => service.remove(currentUser(request), request.params.id),
  );
};
