import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../../domain/enums.ts";
import { buildPath, type RouteId } from "../../../domain/routes.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { EXTERNAL_LINKS } from "./external-links.ts";
import { FAQ_GROUPS } from "./faq-page.tsx";

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  fakeApi({ "GET /api/health-check": { status: 200, body: { status: "ok" } } });
  await i18n.changeLanguage("fi");
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("fi");
});

async function open(id: RouteId, lng: Language) {
  await i18n.changeLanguage(lng);
  renderApp(buildPath(id), { user: null });
}

/** Per page and language: the h1 and two section headings (h2) that must be there. */
const PAGES: Record<string, { id: RouteId; fi: string[]; en: string[] }> = {
  "/tyonantajalle": {
    id: "forEmployers",
    fi: ["Työnantajalle", "Mitä etu maksaa työnantajalle", "Käyttöönotto askel askeleelta"],
    en: ["For employers", "What the benefit costs the employer", "Getting started, step by step"],
  },
  "/tyontekijalle": {
    id: "forEmployees",
    fi: ["Työntekijälle", "Laskurista lunastukseen", "Jos työsuhde päättyy tai jäät vapaalle"],
    en: ["For employees", "From the calculator to redemption", "If your employment ends or you go on leave"],
  },
  "/pyoraliikkeelle": {
    id: "forBikeStores",
    fi: ["Pyöräliikkeelle", "Näin liityt kumppaniksi", "Tilauksesta maksuun"],
    en: ["For bike stores", "How to become a partner", "From order to payment"],
  },
  "/yritystiedot": {
    id: "companyInfo",
    fi: ["Yritystiedot", "Yrityksen tiedot", "Leasingyhtiöt"],
    en: ["Company information", "Company details", "Leasing companies"],
  },
  "/usein-kysytyt-kysymykset": {
    id: "faq",
    fi: ["Usein kysytyt kysymykset", "Työntekijälle", "Vuoden 2026 verotusmuutos"],
    en: ["Frequently asked questions", "For employees", "The 2026 tax change"],
  },
  "/medialle": {
    id: "media",
    fi: ["Medialle", "Taustaa lyhyesti", "Mediayhteydet"],
    en: ["For media", "Background in brief", "Media contacts"],
  },
  "/tietosuojaseloste": {
    id: "privacyPolicy",
    fi: ["Tietosuojaseloste", "Rekisterinpitäjä", "Oikeutesi"],
    en: ["Privacy policy", "Controller", "Your rights"],
  },
  "/vastuuvapauslauseke": {
    id: "disclaimer",
    fi: ["Vastuuvapauslauseke", "Tiedon oikeellisuus", "Laskurin tulokset"],
    en: ["Disclaimer", "Accuracy of information", "Calculator results"],
  },
  "/tiedote-pyoraedusta": {
    id: "announcement",
    fi: ["Tiedote pyöräedusta", "Kenen verotus muuttuu", "Milloin etu kannattaa edelleen"],
    en: ["Bike benefit announcement", "Whose taxation changes", "When the benefit still pays off"],
  },
};

describe.each(Object.entries(PAGES))("%s", (_path, page) => {
  it.each(["fi", "en"] as const)("renders its h1 and key sections in %s", async (lng) => {
    await open(page.id, lng);
    const [h1, ...sections] = page[lng];
    const main = screen.getByRole("main");
    expect(await within(main).findByRole("heading", { level: 1, name: h1 })).toBeInTheDocument();
    expect(within(main).getAllByRole("heading", { level: 1 })).toHaveLength(1);
    for (const name of sections)
      expect(within(main).getByRole("heading", { level: 2, name })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${h1} – Pedaali`));
  });
});

describe("the FAQ", () => {
  it.each(["fi", "en", "sv"] as const)("has at least 15 answered questions in %s", async (lng) => {
    await open("faq", lng);
    const main = screen.getByRole("main");
    await within(main).findByRole("heading", { level: 1 });
    const questions = within(main).getAllByRole("button");
    expect(questions.length).toBeGreaterThanOrEqual(15);
    expect(FAQ_GROUPS.flatMap((g) => g.items)).toHaveLength(questions.length);
    for (const item of FAQ_GROUPS.flatMap((g) => g.items)) {
      expect(i18n.exists(item.question, { lng })).toBe(true);
      expect(i18n.t(item.answer, { lng }).length).toBeGreaterThan(60);
    }
  });
});

/** The long pages with a table of contents, and the heading of their contents list per language. */
const TOC_PAGES = ["faq", "privacyPolicy", "accessibilityStatement"] as const satisfies readonly RouteId[];
const TOC_HEADING = { fi: "Sivun sisältö", en: "On this page", sv: "På den här sidan" } as const;

describe.each(TOC_PAGES)("the table of contents of %s", (id) => {
  it.each(["fi", "en", "sv"] as const)("links every section by an existing id, in %s", async (lng) => {
    await open(id, lng);
    const main = screen.getByRole("main");
    await within(main).findByRole("heading", { level: 1 });
    const toc = within(main).getByRole("navigation", { name: TOC_HEADING[lng] });
    const links = within(toc).getAllByRole("link");
    expect(links.length).toBeGreaterThanOrEqual(4);
    const sections = main.querySelectorAll("section[id]");
    // One link per section with an id, in the order of the page.
    expect(links.map((a) => a.getAttribute("href"))).toEqual([...sections].map((s) => `#${s.id}`));
    for (const link of links) {
      const target = document.getElementById((link.getAttribute("href") ?? "").slice(1));
      expect(target, link.getAttribute("href") ?? "").not.toBeNull();
      expect(target?.tagName).toBe("SECTION");
      // The link says what the section's heading says, and the section is named by that heading.
      const heading = within(target as HTMLElement).getAllByRole("heading", { level: 2 })[0];
      expect(link).toHaveTextContent(heading?.textContent ?? "-");
      expect(target).toHaveAccessibleName(heading?.textContent ?? "-");
    }
  });
});

describe("pages without a table of contents", () => {
  it("shows none on a short page", async () => {
    await open("disclaimer", "fi");
    const main = screen.getByRole("main");
    await within(main).findByRole("heading", { level: 1 });
    expect(within(main).queryByRole("navigation", { name: TOC_HEADING.fi })).toBeNull();
  });
});

describe("the FAQ's tax section", () => {
  it("is at #tax, where the home page's cost example links", async () => {
    await open("faq", "fi");
    await screen.findByRole("heading", { level: 1, name: "Usein kysytyt kysymykset" });
    const tax = document.getElementById("tax") as HTMLElement;
    expect(within(tax).getByRole("heading", { level: 2 })).toHaveTextContent("Vuoden 2026 verotusmuutos");
  });
});

describe("the privacy policy", () => {
  it("has the cookies section at #cookie, naming every cookie", async () => {
    await open("privacyPolicy", "fi");
    await screen.findByRole("heading", { level: 1, name: "Tietosuojaseloste" });
    const cookies = document.getElementById("cookie");
    expect(cookies).not.toBeNull();
    const section = within(cookies as HTMLElement);
    expect(section.getByRole("heading", { level: 2 })).toHaveTextContent("Evästeet");
    for (const name of ["accessToken", "refreshToken", "csrfToken", "twoFactorChallenge", "localStorage"])
      expect(cookies?.textContent).toContain(name);
    expect(screen.getByText(/tietosuojavaltuutetun toimistolle/)).toBeInTheDocument();
  });
});

describe("the privacy policy's own-data sections", () => {
  it.each(["fi", "en", "sv"] as const)(
    "tells how to download one's data and how long data is kept, in %s",
    async (lng) => {
      await open("privacyPolicy", lng);
      await screen.findByRole("heading", { level: 1 });
      const own = within(document.getElementById("export") as HTMLElement);
      expect(own.getByRole("heading", { level: 2 })).toHaveTextContent(
        {
          fi: "Omien tietojen lataaminen",
          en: "Downloading your own data",
          sv: "Ladda ner dina egna uppgifter",
        }[lng],
      );
      // The button's section on the own details page, by the name it has there.
      expect(document.getElementById("export")?.textContent).toContain(
        { fi: "Omat tietosi palvelussa", en: "Your data in the service", sv: "Dina uppgifter i tjänsten" }[
          lng
        ],
      );
      expect(own.getByRole("link")).toHaveAttribute("href", expect.stringContaining("/kayttaja"));
      const retention = document.getElementById("retention") as HTMLElement;
      expect(within(retention).getByRole("heading", { level: 2 })).toHaveTextContent(
        { fi: "Säilytysajat", en: "How long we keep data", sv: "Hur länge vi sparar uppgifterna" }[lng],
      );
      // The periods of the retention rules and the Accounting Act's hold, as docs/privacy.md lists them.
      for (const figure of ["90", "730", "365", "1336/1997", "728/2003"])
        expect(retention.textContent).toContain(figure);
      expect(document.getElementById("erasure")).not.toBeNull();
      expect(document.getElementById("cookie")).not.toBeNull();
    },
  );
});

/** The accessibility statement's h1 and the headings the Act on the Provision of Digital Services asks for. */
const STATEMENT = {
  fi: [
    "Saavutettavuusseloste",
    "Saavutettavuuden tila",
    "Sisältö, joka ei ole saavutettavaa",
    "Palaute ja yhteystiedot",
    "Valvontaviranomainen",
  ],
  en: [
    "Accessibility statement",
    "Compliance status",
    "Non-accessible content",
    "Feedback and contact details",
    "Enforcement procedure",
  ],
  sv: [
    "Tillgänglighetsutlåtande",
    "Tillgänglighetens status",
    "Innehåll som inte är tillgängligt",
    "Respons och kontaktuppgifter",
    "Tillsynsmyndighet",
  ],
} as const;

describe("the accessibility statement", () => {
  it.each(["fi", "en", "sv"] as const)(
    "renders its h1, sections, date and enforcement body in %s",
    async (lng) => {
      await open("accessibilityStatement", lng);
      const [h1, ...sections] = STATEMENT[lng];
      const main = screen.getByRole("main");
      expect(await within(main).findByRole("heading", { level: 1, name: h1 })).toBeInTheDocument();
      expect(within(main).getAllByRole("heading", { level: 1 })).toHaveLength(1);
      for (const name of sections)
        expect(within(main).getByRole("heading", { level: 2, name })).toBeInTheDocument();
      expect(main).toHaveTextContent("28.11.2026");
      expect(main).toHaveTextContent("WCAG 2.1");
      expect(main).toHaveTextContent("saavutettavuusvaatimukset.fi");
      expect(
        within(main).getByRole("link", {
          name: { fi: "Ota yhteyttä", en: "Contact us", sv: "Kontakta oss" }[lng],
        }),
      ).toHaveAttribute("href", expect.stringContaining("/ota-yhteytta"));
      await waitFor(() => expect(document.title).toBe(`${h1} – Pedaali`));
    },
  );
});

describe("the training links of docs/product.md 'Constants'", () => {
  it("shows the employer training on /tyonantajalle and the bike game on /tyontekijalle", async () => {
    await open("forEmployers", "fi");
    const employer = await screen.findByRole("link", { name: /Avaa työnantajan koulutus/ });
    expect(employer).toHaveAttribute("href", EXTERNAL_LINKS.employerTraining);
    expect(employer).toHaveAttribute("target", "_blank");
  });

  it("shows the bike user's game on /tyontekijalle", async () => {
    await open("forEmployees", "en");
    const game = await screen.findByRole("link", { name: /Open the bike user's game/ });
    expect(game).toHaveAttribute("href", EXTERNAL_LINKS.bikeUserGame);
  });
});

describe("the maintenance page", () => {
  it("stands alone with its h1 and the contact details", async () => {
    await open("maintenance", "fi");
    expect(await screen.findByRole("heading", { level: 1, name: "Huoltokatkos" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "info@pedaali.fi" })).toHaveAttribute(
      "href",
      "mailto:info@pedaali.fi",
    );
    expect(screen.getByRole("link", { name: "+358 9 4242 0000" })).toHaveAttribute(
      "href",
      "tel:+358942420000",
    );
  });
});
