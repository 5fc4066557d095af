import { useState } from "react";
import { ApiError } from "./api-client.ts";

/**
 * The Idempotency-Key of a money-moving call (src/domain/idempotency.ts), one per user action: made when
 * the person first sends the action, and sent again while its outcome is unknown, so pressing the
 * button again after a lost answer (no connection, a server failure, "still under way") cannot approve,
 * pay or refund twice: the server answers the first call's answer. Once an answer comes (success or a
 * refusal), the next press is a new action with a new key; so is a press that sends another body (a
 * changed date), which the server would refuse under the old key.
 */

export type ActionKeys = {
  /** Runs `call` with the key of `request` (what the action sends, to which object). */
  run<T>(request: unknown, call: (key: string) => Promise<T>): Promise<T>;
};

/** Whether the error is an answer of the server's: the action is over, retried or not. */
function answered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) return false;
  return error.code !== "IDEMPOTENCY_KEY_IN_USE";
}

/** A random key the server takes: a UUID where the browser makes one, else 32 random hex digits. */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );
}

export function createActionKeys(newKey: () => string = newActionKey): ActionKeys {
  let held: { request: string; key: string } | null = null;
  return {
    async run(request, call) {
      const fingerprint = JSON.stringify(request);
      if (held?.request !== fingerprint) held = { request: fingerprint, key: newKey() };
      const mine = held;
      try {
        const result = await call(mine.key);
        if (held === mine) held = null;
        return result;
      } catch (error) {
        if (answered(error) && held === mine) held = null;
        throw error;
      }
    },
  };
}

/** The action keys of one component's actions (a mutation hook's), kept across its renders. */
export function useActionKeys(): ActionKeys {
  return useState(() => createActionKeys())[0];
}
