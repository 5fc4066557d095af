import { startTransition, useEffect, useState } from "react";

/**
 * Whether a page's part below its first screen may render yet: not with the first screen itself, but in
 * a transition once that is on screen, so a phone draws what the reader sees first without one long
 * stretch of work that leaves taps and scrolling waiting. What it shows appears a moment later, below
 * the first screen, where nothing above it moves.
 */
export function useBelowFirstScreen(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}
