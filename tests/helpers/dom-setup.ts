import "@testing-library/jest-dom/vitest";
import { notifications } from "@mantine/notifications";
import { cleanup, configure, getConfig, prettyDOM, waitFor } from "@testing-library/react";
import { afterEach } from "vitest";
import { forgetAhead } from "../../src/web/lib/api-client.ts";
import { resetConnection } from "../../src/web/lib/connection.ts";
import { clearErrorToastHistory } from "../../src/web/lib/error-toasts.ts";

// The web tests share loaded modules (vitest.config.ts, isolate: false): besides the DOM, clear what
// the app's modules remember between renders — toasts on screen, the toast history, a failed health check,
// the answers a page asked ahead and did not take (which another file's page would take instead).
afterEach(async () => {
  await pagesArrived();
  cleanup();
  notifications.clean();
  clearErrorToastHistory();
  resetConnection();
  forgetAhead();
});

/**
 * Waits, before the page is taken down, for a page still on its way (its code, its texts, its guard's
 * user) to arrive. A test may end as soon as the address changes, and the page's code then loads on:
 * once the file's environment is gone that import fails, and the workers' shared modules keep the
 * failure, so later files' pages showed "something went wrong". A page that never arrives is left after
 * the wait, as before.
 */
async function pagesArrived(): Promise<void> {
  await waitFor(
    () => {
      if (document.querySelector("[data-route-loader]")) throw new Error("a page is still on its way");
    },
    { timeout: 5_000 },
  ).catch(() => undefined);
}

// How long every find and waitFor of the web tests waits, set here once (a file of its own setting would
// also set it for the files after it in the worker, which share modules). Lazy routes, i18n loads and a
// search's pause before it asks take far longer than Testing Library's 1 s default when CI's two cores
// run two workers: waiting longer changes nothing for a passing test and keeps a slow one from failing.
configure({ asyncUtilTimeout: 15_000, getElementError: elementErrorPrintedWhenRead });

/**
 * Testing Library's error for a query that found nothing (or too much), with the page printed into its
 * message as the default does, but printed only when the message is read. A find or waitFor asks its
 * query every 50 ms until it answers and throws away each failed try's error; printing the whole page
 * into each of those was a tenth of a screen test's time. The one error a failing test shows is read
 * as the test fails, so it prints the page as it stood then.
 */
function elementErrorPrintedWhenRead(message: string | null, container: Element | null): Error {
  const error = new Error();
  error.name = "TestingLibraryElementError";
  let printed: string | undefined;
  Object.defineProperty(error, "message", {
    configurable: true,
    get: () => {
      printed ??= [
        message,
        `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container ?? undefined)}`,
      ]
        .filter(Boolean)
        .join("\n\n");
      return printed;
    },
  });
  return error;
}

// jsdom has no matchMedia. Mantine asks for it; mantine-datatable asks with an empty query for
// every column and hides the column when it does not match, so the empty query matches.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: query.trim() === "",
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}
window.scrollTo = () => {};
