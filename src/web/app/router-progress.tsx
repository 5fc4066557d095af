import { createNprogress, NavigationProgress } from "@mantine/nprogress";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import classes from "./app-layout.module.css";

/**
 * SPEC §9 "progress bar minimum 0.3, speed 800", in the terms of the classic NProgress those numbers come
 * from: a navigation starts the bar at 30 % (Mantine counts 0–100), and each move of the bar animates over
 * 800 ms (NProgress's `speed`; Mantine's own width transition is 150 ms, overridden in app-layout.module.css, which repeats the 800). Mantine's
 * trickle interval stays at its 500 ms default.
 */
export const PROGRESS_MINIMUM = 0.3;
export const PROGRESS_SPEED_MS = 800;

// A store of our own rather than Mantine's global one, so nothing else can move this bar.
const [progressStore, progress] = createNprogress();

/** The top progress bar (SPEC §1), driven by the router: it runs while a navigation is "loading". */
export function RouterProgress() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const finishing = useRef<number | undefined>(undefined);
  const started = useRef(false);

  useEffect(() => {
    window.clearTimeout(finishing.current);
    if (busy) {
      started.current = true;
      progress.set(PROGRESS_MINIMUM * 100);
      progress.start();
    } else if (started.current) {
      started.current = false;
      // Let the bar reach the end before it fades out.
      progress.stop();
      progress.set(100);
      finishing.current = window.setTimeout(() => progress.complete(), PROGRESS_SPEED_MS);
    }
  }, [busy]);

  useEffect(() => () => window.clearTimeout(finishing.current), []);

  return (
    <NavigationProgress
      store={progressStore}
      aria-label={t("common.loadingPage")}
      className={classes.progress}
      withinPortal={false}
    />
  );
}
