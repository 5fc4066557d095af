import { expect, test } from "vitest";
import indexHtml from "../index.html?raw";

const shell = new DOMParser().parseFromString(indexHtml, "text/html");

test("the frame shown before the app's code runs is the header's bar and a loader, without words or images", () => {
  const root = shell.getElementById("root");
  const frame = root?.querySelector(".boot-frame");
  expect(root?.children).toHaveLength(1);
  // Both are for the eye only; the page's head, which the server writes in before the loader for a
  // signed-in page (server plugins/spa.ts), is for everyone.
  expect(frame?.querySelector(".boot-frame-header")?.getAttribute("aria-hidden")).toBe("true");
  expect(frame?.querySelector(".boot-frame-loader")?.getAttribute("aria-hidden")).toBe("true");
  // The page's words come with the code, in the visitor's language; the frame has none to translate.
  expect(frame?.textContent).toBe("");
  expect(frame?.querySelector("img, svg")).toBeNull();
});
