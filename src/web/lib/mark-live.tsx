import { type ReactNode, useEffect } from "react";

/**
 * Marks the root `data-live` once React has committed the app's first render, on every page: a
 * prerendered page's buttons are the HTML's until then and do nothing, and a signed-in page's head in
 * its HTML shows before the app listens for anything (the theme chosen in another tab, a click). Its
 * effect runs after those of everything it wraps, so whatever must wait for a live page (the browser
 * tests) waits for this.
 *
 * A form submitted before then (the login's, by a quick visitor) was held by the prerendered page's head
 * script, which noted it on the root (entry-server.tsx `heldSubmitScript`): it is submitted now, after
 * the page's own effects have taken what was typed into its fields.
 */
export function MarkLive({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    root.setAttribute("data-live", "");
    const held = root.dataset.heldSubmit;
    if (held === undefined) return;
    delete root.dataset.heldSubmit;
    root.querySelectorAll("form")[Number(held)]?.requestSubmit();
  }, [root]);
  return children;
}
