import { afterEach, beforeAll, vi } from "vitest";
import { loadTexts } from "./render-ui.tsx";

/**
 * What the component tests of a whole screen (an admin tab over a fake API) share: the Finnish texts,
 * jsdom's missing scroll functions, and stubbed globals (fetch) undone after each test. Call it at the
 * top of the test file. (How long a find waits is the suite's, tests/helpers/dom-setup.ts.)
 */
export function setUpScreenTests() {
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
