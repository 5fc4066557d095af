import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensurePageTexts, i18n, initI18n, LANGUAGE_STORAGE_KEY } from "../i18n/i18n.ts";
import { renderApp } from "../test/render-app.tsx";
import { COLOR_SCHEME_STORAGE_KEY } from "./providers.tsx";

beforeAll(async () => {
  await initI18n("fi");
  // The first import of the lazy pages' chunk is slow on a busy machine; pay it before the timed finds.
  await Promise.all([import("./lazy-pages.ts"), ensurePageTexts("fi")]);
}, 60_000);

beforeEach(async () => {
  window.localStorage.clear();
  document.documentElement.removeAttribute("data-mantine-color-scheme");
  await i18n.changeLanguage("fi");
});

describe("the language menu", () => {
  it("switches the texts, <html lang> and the stored language", async () => {
    const user = userEvent.setup();
    renderApp("/");
    expect(await screen.findByText("Suomen helpoin polkupyöräetu")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("fi");

    const trigger = screen.getByRole("button", { name: "Kieli: FI" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: "English" }));

    expect(await screen.findByText("Finland's easiest bike benefit")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Skip to content" })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("en");
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("en");
    expect(screen.getByRole("button", { name: "Language: EN" })).toHaveAttribute("aria-expanded", "false");

    await user.click(screen.getByRole("button", { name: "Language: EN" }));
    await user.click(screen.getByRole("button", { name: "Svenska" }));
    expect(await screen.findByText("Finlands enklaste cykelförmån")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("sv");
  });

  it("swaps the prefix of a /{lang} path", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/en/tyonantajalle");
    expect(await screen.findByRole("heading", { level: 1, name: "For employers" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Language: EN" }));
    await user.click(screen.getByRole("button", { name: "Suomi" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/fi/tyonantajalle"));
    expect(await screen.findByRole("heading", { level: 1, name: "Työnantajalle" })).toBeInTheDocument();
  });

  it("closes on Escape and gives focus back to its button", async () => {
    const user = userEvent.setup();
    renderApp("/");
    const trigger = await screen.findByRole("button", { name: "Kieli: FI" });
    await user.click(trigger);
    await user.keyboard("{Escape}");
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    expect(trigger).toHaveFocus();
  });
});

describe("the colour scheme toggle", () => {
  it("starts light, switches to dark and back, and remembers the choice", async () => {
    const user = userEvent.setup();
    renderApp("/");
    const toDark = await screen.findByRole("button", { name: "Vaihda tummaan teemaan" });
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "light");

    await user.click(toDark);
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("dark");

    await user.click(screen.getByRole("button", { name: "Vaihda vaaleaan teemaan" }));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe("light");
  });

  it("restores a stored dark scheme", async () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, "dark");
    renderApp("/");
    expect(await screen.findByRole("button", { name: "Vaihda vaaleaan teemaan" })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "dark");
  });
});

describe("the footer", () => {
  it("shows the operator's contact details", async () => {
    renderApp("/");
    const footer = await screen.findByRole("contentinfo");
    expect(footer).toHaveTextContent("info@pedaali.fi");
    expect(footer).toHaveTextContent("+358 9 4242 0000");
    expect(footer).toHaveTextContent("3401234-1");
    expect(footer).toHaveTextContent("Pyöräilijänkatu 1, 02100 Espoo");
    expect(screen.getByRole("link", { name: "+358 9 4242 0000" })).toHaveAttribute(
      "href",
      "tel:+358942420000",
    );
  });

  it("links the privacy policy and the accessibility statement", async () => {
    renderApp("/");
    const footer = within(await screen.findByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Tietosuojaseloste" })).toHaveAttribute(
      "href",
      "/tietosuojaseloste",
    );
    expect(footer.getByRole("link", { name: "Saavutettavuusseloste" })).toHaveAttribute(
      "href",
      "/saavutettavuusseloste",
    );
  });
});
