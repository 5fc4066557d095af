import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../contract/errors.ts";
import { ROUTES } from "../../domain/routes.ts";
import { GENERAL_ERROR_TEXTS } from "../lib/general-errors.ts";
import enContent from "./content/en.json";
import fiContent from "./content/fi.json";
import svContent from "./content/sv.json";
import en from "./en.json";
import fi from "./fi.json";
import enPages from "./pages/en.json";
import fiPages from "./pages/fi.json";
import svPages from "./pages/sv.json";
import sv from "./sv.json";

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The areas' own files (`admin/<part>.<lng>.json`, `employer/<part>.<lng>.json`) and the company
 * sections both areas load (`companies/<part>.<lng>.json`), merged per language; sections must not overlap.
 */
const AREA_FILES = import.meta.glob<Catalogue>(
  [
    "./admin/*.json",
    "./employer/*.json",
    "./companies/*.json",
    "./redemption/*.json",
    "./mybike/*.json",
    "./store-links/*.json",
    "./store-payouts/*.json",
    "./brokerage/*.json",
    "./handover/*.json",
  ],
  {
    eager: true,
    import: "default",
  },
);
function areaTexts(lng: string): Catalogue {
  const merged: Catalogue = {};
  for (const [path, texts] of Object.entries(AREA_FILES)) {
    if (!path.endsWith(`.${lng}.json`)) continue;
    for (const section of Object.keys(texts)) {
      if (section in merged) throw new Error(`area section ${section} is in two files (${path})`);
    }
    Object.assign(merged, texts);
  }
  return merged;
}
/**
 * Each language is its shell texts (in the entry chunk) plus its page texts and the public pages'
 * content (both loaded with the pages); the content file is `pages` for the checks below.
 */
const PARTS: Record<string, { shell: Catalogue; pages: Catalogue }> = {
  fi: { shell: fi, pages: { ...fiPages, ...fiContent, ...areaTexts("fi") } },
  en: { shell: en, pages: { ...enPages, ...enContent, ...areaTexts("en") } },
  sv: { shell: sv, pages: { ...svPages, ...svContent, ...areaTexts("sv") } },
};
const LOCALES: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(PARTS).map(([lng, { shell, pages }]) => [lng, { ...shell, ...pages }]),
);

function flatten(catalogue: Catalogue, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "object" && value !== null) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else out.set(path, value);
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(LOCALES).map(([lng, c]) => [lng, flatten(c)]));
const fiKeys = [...(flat.fi?.keys() ?? [])].sort();

function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? "").sort();
}

/** Families of keys built at run time (`t(\`routes.${id}.title\`)`), so no literal use appears in the source. */
const DYNAMIC_FAMILIES = [
  /^routes\.\w+\.title$/,
  /^errors\.[A-Z_]+$/,
  /^toasts\.\w+$/,
  // The calculator names its field errors and tax tables by their keys.
  /^calculator\.(errors\.fields|tables)\./,
  // The admin tabs and the Rahoitusyhtiöt sections by ADMIN_TABS and the section names (admin-nav.ts).
  /^adminShell\.(tabs|finance)\.\w+$/,
  // The Hakemukset views by their names (orders/helpdesk-tab.tsx).
  /^adminOrders\.views\.\w+$/,
  /^adminAudit\.types\./, // event type labels by EVENT_TYPES (reporting/event-types.test.ts checks them)
];

// Every source file of the web app, as text (Vite's glob import; src/web may not use node:fs).
const SOURCES = import.meta.glob(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const SOURCE_TEXT = Object.values(SOURCES).join("\n");

describe("the fi, en and sv catalogues", () => {
  // i18n.ts adds each catalogue's sections beside the others' (no deep merge): a section in two
  // catalogues would lose one of them.
  const CATALOGUES: Record<string, Record<string, Catalogue>> = {
    fi: { shell: fi, pages: fiPages, content: fiContent },
    en: { shell: en, pages: enPages, content: enContent },
    sv: { shell: sv, pages: svPages, content: svContent },
  };
  it.each(Object.keys(CATALOGUES))("%s has each top-level section in one catalogue only", (lng) => {
    const owner = new Map<string, string>();
    const files = Object.entries(AREA_FILES).filter(([path]) => path.endsWith(`.${lng}.json`));
    for (const [name, texts] of [...Object.entries(CATALOGUES[lng] ?? {}), ...files]) {
      for (const section of Object.keys(texts)) {
        expect(owner.get(section), `${section} in ${name}`).toBeUndefined();
        owner.set(section, name);
      }
    }
    expect(owner.size).toBeGreaterThan(Object.keys(fi).length);
  });

  it("splits every language the same way", () => {
    for (const lng of ["en", "sv"]) {
      expect(Object.keys(PARTS[lng]?.shell ?? {}).sort()).toEqual(Object.keys(fi).sort());
      expect(Object.keys(PARTS[lng]?.pages ?? {}).sort()).toEqual(Object.keys(PARTS.fi?.pages ?? {}).sort());
    }
  });

  it.each(["en", "sv"])("%s has exactly the keys of fi", (lng) => {
    expect([...(flat[lng]?.keys() ?? [])].sort()).toEqual(fiKeys);
  });

  it.each(Object.keys(LOCALES))("%s has a non-empty string for every key", (lng) => {
    for (const [key, value] of flat[lng] ?? []) {
      expect(typeof value === "string" && value.trim() !== "", `${lng}: ${key}`).toBe(true);
    }
  });

  it("uses the same {{placeholders}} in every language", () => {
    for (const key of fiKeys) {
      const want = placeholders(flat.fi?.get(key));
      for (const lng of ["en", "sv"])
        expect(placeholders(flat[lng]?.get(key)), `${lng}: ${key}`).toEqual(want);
    }
  });

  it("titles every route of the route table", () => {
    for (const route of ROUTES) expect(fiKeys).toContain(`routes.${route.id}.title`);
  });

  it("translates every error code of the contract", () => {
    for (const code of ERROR_CODES) expect(fiKeys).toContain(`errors.${code}`);
  });

  it("has the docs/product.md 'Errors' English texts as the en toasts", () => {
    for (const [kind, text] of Object.entries(GENERAL_ERROR_TEXTS))
      expect(flat.en?.get(`toasts.${kind}`)).toBe(text);
  });

  it("has no key that the web app never uses", () => {
    const unused = fiKeys.filter(
      (key) => !DYNAMIC_FAMILIES.some((family) => family.test(key)) && !SOURCE_TEXT.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });

  it("has every key that the web app asks for", () => {
    const asked = [...SOURCE_TEXT.matchAll(/\bt\(\s*"([\w.]+)"/g)].map((m) => m[1] ?? "");
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((key) => !fiKeys.includes(key))).toEqual([]);
  });
});
