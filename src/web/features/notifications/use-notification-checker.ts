import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { NOTIFICATION_CHECK_INTERVAL_MS } from "../../../domain/constants.ts";
import { applyCheck, fetchCheck, reportNotificationError } from "./notifications-api.ts";

/**
 * The notification checker (docs/product.md "States", docs/product.md "Constants"): GET /api/notifications/checker every 30 s while `enabled`
 * (a user holding notifications.read). The first check sends the time the checker started; each next
 * one the previous answer's `serverTime`, so the browser's clock matters only once.
 *
 * - Paused while the tab is hidden (document.visibilityState); on return, an immediate check and the
 *   30 s rhythm from there.
 * - Stopped while offline (the `offline` event, or navigator.onLine false at a tick); the `online`
 *   event brings an immediate check and restarts it.
 * - A failed check is only reported; the next one asks again from the same lastFetch.
 *
 * All its state lives in the effect, so nothing outlives the component (the web tests share modules).
 */
export function useNotificationChecker(enabled: boolean, intervalMs = NOTIFICATION_CHECK_INTERVAL_MS): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled) return;
    let lastFetch = new Date().toISOString();
    let timer: number | undefined;
    let running: AbortController | null = null;
    let stopped = false;

    const canCheck = () => document.visibilityState !== "hidden" && navigator.onLine !== false;

    function clear(): void {
      if (timer !== undefined) window.clearTimeout(timer);
      timer = undefined;
    }

    function schedule(): void {
      clear();
      if (!stopped && canCheck()) timer = window.setTimeout(() => void check(), intervalMs);
    }

    async function check(): Promise<void> {
      clear();
      // One check at a time: the one under way schedules the next when it ends.
      if (running || stopped) return;
      if (!canCheck()) return;
      const controller = new AbortController();
      running = controller;
      try {
        const result = await fetchCheck(lastFetch, controller.signal);
        if (controller.signal.aborted) return;
        lastFetch = result.serverTime;
        applyCheck(queryClient, result);
      } catch (error) {
        // Paused or unmounted on purpose: whoever aborted decides what comes next.
        if (controller.signal.aborted) return;
        reportNotificationError("check", error);
      } finally {
        if (running === controller) running = null;
      }
      schedule();
    }

    function pause(): void {
      clear();
      running?.abort();
      running = null;
    }

    function onVisibilityChange(): void {
      if (document.visibilityState === "hidden") pause();
      else void check();
    }
    const onOnline = () => void check();

    document.addEventListener("visibilitychange", onVisibilityChange);
    window.addEventListener("online", onOnline);
    window.addEventListener("offline", pause);
    schedule();

    return () => {
      stopped = true;
      pause();
      document.removeEventListener("visibilitychange", onVisibilityChange);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("offline", pause);
    };
  }, [enabled, intervalMs, queryClient]);
}
