import type { FastifyInstance } from "fastify";

/**
 * How the app stops (main.ts on SIGTERM, a rolling deploy): requests already being worked on finish
 * before the database closes, and their answers close their connections.
 * - A handler still running when the stop begins is waited for (at most `waitMs`), even when its
 *   client has gone: otherwise its next query meets a closed pool and is logged as a failure.
 * - An answer sent while stopping closes its connection: a client's keep-alive connection would
 *   otherwise hold the stop for the server's keep-alive time (72 s). Fastify itself answers 503 to
 *   requests that arrive once the stop has begun.
 */
export function registerGracefulStop(app: FastifyInstance, waitMs = 8_000): void {
  let stopping = false;
  /** Requests whose handling has begun and whose answer has not yet been made. */
  const working = new Set<string>();
  let allDone: (() => void) | null = null;

  app.addHook("onRequest", async (request) => {
    working.add(request.id);
  });
  app.addHook("onSend", async (request, reply) => {
    if (stopping) reply.header("connection", "close");
    working.delete(request.id);
    if (working.size === 0) allDone?.();
  });
  app.addHook("preClose", async () => {
    stopping = true;
    if (working.size === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      allDone = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  });
}
