import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { PROGRESS_BAR_MINIMUM, PROGRESS_BAR_SPEED_MS } from "../../domain/constants.ts";
import classes from "./shell.module.css";

/** docs/product.md "Constants" "minimum 0.3, speed 800" in the classic NProgress sense: start at 30 %, each move animates 800 ms. */
const PROGRESS_MINIMUM = PROGRESS_BAR_MINIMUM;
const PROGRESS_SPEED_MS = PROGRESS_BAR_SPEED_MS;
/** A request counts as long (and shows the bar) once it has run this long. */
const LONG_REQUEST_MS = 300;
const TRICKLE_MS = 500;

/** The next value of a running bar: closer to 95 % with every tick, never past it. */
function trickle(value: number): number {
  return Math.min(95, value + (95 - value) * 0.15);
}

/**
 * The top progress bar (docs/product.md "Who uses it"): runs while a navigation loads and while a request takes longer than
 * 300 ms. A plain element rather than @mantine/nprogress, which brings Mantine's Progress into the entry.
 */
export function RouterProgress() {
  const { t } = useTranslation();
  const navigating = useNavigation().state !== "idle";
  const requests = useIsFetching() + useIsMutating() > 0;
  const [longRequest, setLongRequest] = useState(false);
  const [value, setValue] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!requests) {
      setLongRequest(false);
      return;
    }
    const id = window.setTimeout(() => setLongRequest(true), LONG_REQUEST_MS);
    return () => window.clearTimeout(id);
  }, [requests]);

  const busy = navigating || longRequest;
  useEffect(() => {
    window.clearInterval(timer.current);
    if (busy) {
      setDone(false);
      setValue((v) => (v === null || v >= 100 ? PROGRESS_MINIMUM * 100 : v));
      timer.current = window.setInterval(() => setValue((v) => trickle(v ?? 0)), TRICKLE_MS);
      return () => window.clearInterval(timer.current);
    }
    setValue((v) => (v === null ? null : 100));
    // Let the bar reach the end before it fades out.
    const finish = window.setTimeout(() => setDone(true), PROGRESS_SPEED_MS);
    return () => window.clearTimeout(finish);
  }, [busy]);

  useEffect(() => {
    if (!done) return;
    const reset = window.setTimeout(() => setValue(null), 200);
    return () => window.clearTimeout(reset);
  }, [done]);

  if (value === null) return null;
  return (
    <div
      className={classes.progress}
      data-done={done || undefined}
      role="progressbar"
      aria-label={t("common.loadingPage")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      style={{ width: `${value}%`, transitionDuration: `${PROGRESS_SPEED_MS}ms` }}
    />
  );
}
