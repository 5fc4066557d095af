import { screen } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  INVOICE_STATUSES,
  LANGUAGES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  REQUEST_STATUSES_WITH_SIGNED,
} from "../../domain/enums.ts";
import { STATUS_TONES, type StatusFamily } from "../../domain/status-tones.ts";
import { contrastRatio as contrast } from "../app/palette-contrast.ts";
import { i18n } from "../i18n/i18n.ts";
import { loadTexts, renderUi } from "../test/render-ui.tsx";
import { StatusBadge, TONE_COLOURS, ToneBadge } from "./status-badge.tsx";
import { STATUS_LABEL_KEYS } from "./status-labels.ts";

beforeAll(() => loadTexts("fi"));
// The label tests switch languages; shuffled, the others must not inherit the last one.
beforeEach(() => i18n.changeLanguage("fi"));
afterAll(() => i18n.changeLanguage("fi"));

const FAMILIES: Record<StatusFamily, readonly string[]> = {
  order: ORDER_STATUSES,
  request: REQUEST_STATUSES_WITH_SIGNED,
  payment: PAYMENT_STATUSES,
  invoice: INVOICE_STATUSES,
};

describe("StatusBadge", () => {
  it("shows the translated label with its tone", () => {
    renderUi(
      <>
        <StatusBadge family="order" status="ACTIVE_LEASING" />
        <StatusBadge family="request" status="REJECTED" />
        <StatusBadge family="invoice" status="PARTLY_PAID" />
      </>,
    );
    expect(screen.getByText("Leasing käynnissä")).toHaveAttribute("data-tone", "success");
    expect(screen.getByText("Hylätty")).toHaveAttribute("data-tone", "danger");
    expect(screen.getByText("Osittain maksettu")).toHaveAttribute("data-tone", "warning");
  });

  it.each(LANGUAGES)("has a label for every status of every family in %s", async (lng) => {
    await loadTexts(lng);
    for (const [family, statuses] of Object.entries(FAMILIES)) {
      for (const status of statuses) {
        const key = STATUS_LABEL_KEYS[family as StatusFamily][status];
        expect(key, `${family}.${status}`).toBeDefined();
        expect(i18n.exists(key as string, { lng, fallbackLng: false }), `${lng}: ${key}`).toBe(true);
      }
    }
  });

  it.each(["light", "dark"] as const)(
    "has text at WCAG AA contrast (4.5:1) on every tone's background, %s",
    (scheme) => {
      for (const tone of STATUS_TONES) {
        const { fg, bg } = TONE_COLOURS[tone][scheme];
        expect(contrast(fg, bg), `${scheme} ${tone}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it("gives each tone its own colour", () => {
    for (const scheme of ["light", "dark"] as const) {
      const colours = STATUS_TONES.map((tone) => TONE_COLOURS[tone][scheme].bg);
      expect(new Set(colours).size).toBe(STATUS_TONES.length);
    }
  });
});

describe("ToneBadge", () => {
  it("shows its label in the tone's colours, the same badge as a status of that tone", () => {
    renderUi(
      <>
        <ToneBadge tone="success">Käytössä</ToneBadge>
        <StatusBadge family="order" status="ACTIVE_LEASING" />
      </>,
    );
    const badge = screen.getByText("Käytössä");
    const status = screen.getByText("Leasing käynnissä");
    expect(badge).toHaveAttribute("data-tone", "success");
    expect(badge).toHaveClass(status.className);
    expect(badge.style.getPropertyValue("--tone-fg-light")).toBe(TONE_COLOURS.success.light.fg);
    expect(badge.style.getPropertyValue("--tone-bg-dark")).toBe(TONE_COLOURS.success.dark.bg);
  });
});
