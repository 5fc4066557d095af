import { render } from "@testing-library/react";
import { expect, test } from "vitest";
import { BikeIcon } from "../components/icons.tsx";
import indexHtml from "../index.html?raw";

const shell = new DOMParser().parseFromString(indexHtml, "text/html");

test("the frame shown before the app's code runs is the header's brand, hidden from assistive technology", () => {
  const root = shell.getElementById("root");
  const frame = root?.querySelector(".boot-frame");
  expect(root?.children).toHaveLength(1);
  expect(frame?.getAttribute("aria-hidden")).toBe("true");
  const brand = frame?.querySelector(".boot-frame-header .boot-frame-brand");
  expect(brand?.textContent).toBe("Pedaali");
  // The header's own bike (app-header.tsx), drawn the same.
  const { container } = render(<BikeIcon size={26} />);
  const icon = container.querySelector("svg");
  expect(brand?.querySelector("svg")?.innerHTML).toBe(icon?.innerHTML);
  for (const attribute of [
    "width",
    "height",
    "viewBox",
    "stroke-width",
    "stroke-linecap",
    "aria-hidden",
    "focusable",
  ]) {
    expect(brand?.querySelector("svg")?.getAttribute(attribute), attribute).toBe(
      icon?.getAttribute(attribute),
    );
  }
  expect(frame?.querySelector(".boot-frame-loader")).not.toBeNull();
});
