import { cleanup, configure, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensurePageTexts, i18n, initI18n } from "../../i18n/i18n.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";
import { AREA_LANDINGS } from "./area-landings.ts";

// Lazy chunks load slowly on a busy two-core machine; give the finds more than the default second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await initI18n("fi");
  await Promise.all([import("../../app/lazy-pages.ts"), ensurePageTexts("fi")]);
  await i18n.changeLanguage("fi");
}, 60_000);
afterEach(cleanup);

/** The links of the "what you can do now" section, by their text and target. */
async function nextStepLinks() {
  const section = (await screen.findByRole("heading", { level: 2, name: "Mitä voit tehdä nyt" })).closest(
    "section",
  ) as HTMLElement;
  return within(section)
    .getAllByRole("link")
    .map((a) => a.getAttribute("href"));
}

describe("the landing page of an area still to come", () => {
  it("is no longer /mybike's page: the employee's own page is built (features/mybike)", () => {
    expect(Object.keys(AREA_LANDINGS)).not.toContain("myBike");
  });

  it("offers only the pages the reader can open", async () => {
    const admin = renderApp("/bikeBrokerageService", { user: sessionUser(["EMPLOYER_ADMIN"]) });
    expect(await nextStepLinks()).toEqual(["/usein-kysytyt-kysymykset"]);
    admin.unmount();
  });

  it("lists the companies an employer-side user acts for", async () => {
    const companies = [
      { id: "00000000-0000-4000-8000-000000000001", name: "Demo Oy", groupCompanyId: null },
      { id: "00000000-0000-4000-8000-000000000002", name: "Demo Logistiikka Oy", groupCompanyId: null },
    ];
    const employer = renderApp("/bikeBrokerageService", {
      user: sessionUser(["EMPLOYER_ADMIN"], { companies }),
    });
    const list = await screen.findByRole("list", { name: "Yrityksesi" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Demo Oy", "Demo Logistiikka Oy"]);
    employer.unmount();
  });

  it("has its texts in fi, en and sv for every area and step", async () => {
    for (const lng of ["fi", "en", "sv"] as const) {
      await ensurePageTexts(lng);
      for (const [routeId, landing] of Object.entries(AREA_LANDINGS)) {
        for (const key of ["description", "mainTitle", "empty"]) {
          expect(i18n.exists(`landing.${routeId}.${key}`, { lng }), `${lng} ${routeId}.${key}`).toBe(true);
        }
        for (const step of [landing.empty, ...landing.next]) {
          for (const part of ["title", "text", "link"]) {
            expect(i18n.exists(`landing.steps.${step.key}.${part}`, { lng }), `${lng} ${step.key}`).toBe(
              true,
            );
          }
        }
      }
    }
  });
});
