import type { FastifyRateLimitOptions, FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import type { Counters, WindowCounter } from "../counters.ts";
import { currentUser } from "./auth.ts";

/**
 * What the plugin hands a store, whatever its types say: the limit's options merged with the route's
 * (`timeWindow` parsed to milliseconds, `routeInfo` the route's options, empty for `app.rateLimit`).
 */
type MergedParams = {
  timeWindow?: unknown;
  groupId?: string;
  routeInfo?: { method?: unknown; url?: unknown };
};

/**
 * @fastify/rate-limit's store on the shared counters (src/server/counters.ts), so a client's requests
 * count once whichever app instance answers them. Each route counts on its own, as the plugin's own
 * stores do.
 */
export function sharedRateLimitStore(counters: Counters) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly counter: WindowCounter | null;

    constructor(options: FastifyRateLimitOptions, name = "rate:app") {
      const { timeWindow } = options as MergedParams;
      this.counter = typeof timeWindow === "number" ? counters.window(name, timeWindow) : null;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      if (!this.counter) {
        callback(new Error("A shared rate limit needs its time window in milliseconds"));
        return;
      }
      this.counter.add(key).then(
        ({ count, msLeft }) => callback(null, { current: count, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      const params = routeOptions as unknown as MergedParams;
      const route = params.routeInfo ?? {};
      const name = params.groupId ?? (route.url ? `${String(route.method)} ${String(route.url)}` : "app");
      return new SharedRateLimitStore(params as FastifyRateLimitOptions, `rate:${name}`);
    }
  };
}

/**
 * A route's limit counted per logged-in user, after the route's guard has found them: for the calls
 * of users who share an office's address (uploads, new claims), where a limit per address would stop
 * the colleagues of whoever hammers.
 */
export function perUserLimit(max: number, timeWindow: string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: "preHandler" as const,
      keyGenerator: (request: FastifyRequest) => `user:${currentUser(request).id}`,
    },
  };
}
