import { useSyncExternalStore } from "react";
import { HEALTH_CHECK_INTERVAL_MS } from "../../domain/constants.ts";

/**
 * docs/product.md "States" connection flag and docs/product.md "Constants" health check: GET /api/health-check every 60 s, and at once when the
 * window regains focus or the browser comes back online (so a returning visitor, and the tests, need not
 * wait a minute). Plain fetch and a tiny store: this runs on every page, so it stays out of TanStack Query.
 */

let connected = true;
const listeners = new Set<() => void>();

function setConnected(value: boolean): void {
  if (value === connected) return;
  connected = value;
  for (const listener of listeners) listener();
}

function subscribeConnected(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isConnected(): boolean {
  return connected;
}

/** One health check; resolves with the flag it set. */
export async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch("/api/health-check", { cache: "no-store" });
    setConnected(response.ok);
  } catch {
    setConnected(false);
  }
  return connected;
}

let stop: (() => void) | null = null;

/** Starts the polling once (idempotent); returns a function that stops it. */
export function startHealthChecks(intervalMs = HEALTH_CHECK_INTERVAL_MS): () => void {
  if (stop) return stop;
  const check = () => void checkHealth();
  const timer = window.setInterval(check, intervalMs);
  window.addEventListener("focus", check);
  window.addEventListener("online", check);
  stop = () => {
    window.clearInterval(timer);
    window.removeEventListener("focus", check);
    window.removeEventListener("online", check);
    stop = null;
  };
  return stop;
}

/** Stops the polling and forgets a failed check (the test setup, between files that share this module). */
export function resetConnection(): void {
  stop?.();
  setConnected(true);
}

/** Whether the last health check succeeded (true until one fails). */
export function useConnected(): boolean {
  return useSyncExternalStore(subscribeConnected, isConnected, () => true);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** The browser's own online flag (docs/product.md "Screens": offline shows the generic error page). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
