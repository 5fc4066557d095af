/**
 * What the public entry's build gives Mantine for its `useId` (ADR 023): React's id, as Mantine's own
 * hook starts with, kept. Mantine's hook then swaps it for a random one as each field mounts, a state
 * change in a layout effect, which React renders at once: taking over the calculator's twenty-odd fields
 * re-rendered every one of them in the same long task (on a phone about 100 ms before the page answers
 * a tap). React's id is unique in the page and the same in the prerendered HTML and the browser, which
 * is all a label's `for` and an `aria-describedby` need.
 */
import { useId as useReactId } from "react";

export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === "string" ? staticId : `mantine-${reactId.replace(/:/g, "")}`;
}
