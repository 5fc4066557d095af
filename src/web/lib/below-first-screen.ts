import { startTransition, useEffect, useState } from "react";

/**
 * Whether a page's part below its first screen may render yet: not with the first screen itself, but in
 * a transition once that is on screen, so a phone draws what the reader sees first without one long
 * stretch of work that leaves taps and scrolling waiting. What it shows appears a moment later, below
 * the first screen, where nothing above it moves. With `wait` false it renders at once, and nothing is
 * rendered twice.
 */
export function useBelowFirstScreen(wait = true): boolean {
  const [shown, setShown] = useState(!wait);
  useEffect(() => {
    if (wait) startTransition(() => setShown(true));
  }, [wait]);
  return shown || !wait;
}
