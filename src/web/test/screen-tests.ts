import { configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";
import { loadTexts } from "./render-ui.tsx";

/**
 * What the component tests of a whole screen (an admin tab over a fake API) share: the Finnish texts,
 * finds that wait longer, jsdom's missing scroll functions, and stubbed globals (fetch) undone after
 * each test. Call it at the top of the test file.
 */
export function setUpScreenTests() {
  // A busy two-core machine renders slowly, and the first screen of a worker also waits for the admin
  // area's modules to load: give the finds as long as the global setup does (tests/helpers/dom-setup.ts).
  configure({ asyncUtilTimeout: 5000 });
  beforeAll(async () => {
    await loadTexts("fi");
    // mantine-datatable scrolls its viewport on a page change; Mantine's combobox scrolls options into view.
    if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
    if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
