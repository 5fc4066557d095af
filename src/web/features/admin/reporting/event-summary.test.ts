import { beforeAll, describe, expect, it } from "vitest";
import { EVENT_ENTITY_TYPES, LANGUAGES } from "../../../../domain/enums.ts";
import { i18n } from "../../../i18n/i18n.ts";
import { loadTexts } from "../../../test/render-ui.tsx";
import {
  dataSummary,
  entityText,
  entityTypeLabel,
  eventDetails,
  type SummarisedEvent,
} from "./event-summary.tsx";

beforeAll(() => loadTexts("fi"));

const t = i18n.t.bind(i18n);

const ev = (entityType: string, entityLabel: string | null, data: Record<string, unknown> = {}) =>
  ({ entityType, entityLabel, data }) satisfies SummarisedEvent;

describe("an event in words", () => {
  it("names the object by its translated type and label, a built-in role as people call it", () => {
    expect(entityText(t, ev("user", "Laura Nieminen"))).toBe("Käyttäjä: Laura Nieminen");
    expect(entityText(t, ev("order", "#10042"))).toBe("Tilaus: #10042");
    expect(entityText(t, ev("role", "EMPLOYER_ADMIN"))).toBe("Rooli: Työnantajan pääkäyttäjä");
    // A deleted role keeps the name its event stored; an unknown type is just "Kohde".
    expect(entityText(t, ev("role", null, { role: "Kirjanpito" }))).toBe("Rooli: Kirjanpito");
    expect(entityText(t, ev("somethingNew", null))).toBe("Kohde");
    expect(entityText(t, ev("constructor", null))).toBe("Kohde");
    // An import of a year's municipal tax rates is named by its year.
    expect(entityText(t, ev("municipalTaxRates", null, { year: 2027, written: 307 }))).toBe(
      "Kunnallisverot: 2027",
    );
  });

  it("summarises the known data keys and leaves out internal ones and repeats of the object", () => {
    expect(
      dataSummary(t, ev("user", "Laura Nieminen", { role: "BIKE_BENEFICIARY", source: "demo-seed" })),
    ).toBe("Rooli: Työntekijä (edunsaaja)");
    expect(
      dataSummary(t, ev("role", "EMPLOYER_ADMIN", { role: "EMPLOYER_ADMIN", permission: "roles.manage" })),
    ).toBe("Oikeus: roles.manage");
    expect(dataSummary(t, ev("company", "Demo Oy", { fields: ["maxPrice", "city", "odd"] }))).toBe(
      "Muutetut tiedot: Pyöräpaketin enimmäishinta, Postitoimipaikka, odd",
    );
    expect(dataSummary(t, ev("company", "Demo Oy", { name: "Demo Oy", units: 2 }))).toBe("");
    expect(dataSummary(t, ev("order", "#10042", { to: "CANCELLED", companyIds: ["x"] }))).toBe(
      "Uusi tila: Peruttu",
    );
    expect(
      eventDetails(t, ev("user", "Laura Nieminen", { role: "EMPLOYER_ADMIN", companyName: "Demo Oy" })),
    ).toBe("Käyttäjä: Laura Nieminen · Rooli: Työnantajan pääkäyttäjä · Yritys: Demo Oy");
  });
});

describe("the name of what an event is about", () => {
  it("is the reader's word for every type the server writes, in fi, en and sv, never the generic one", async () => {
    try {
      for (const language of LANGUAGES) {
        await loadTexts(language);
        const generic = t("adminAudit.unknownEntity");
        const names = EVENT_ENTITY_TYPES.map((type) => entityTypeLabel(t, type));
        for (const [i, name] of names.entries()) {
          expect(name, `${language} ${EVENT_ENTITY_TYPES[i]}`).not.toBe(generic);
          expect(name, `${language} ${EVENT_ENTITY_TYPES[i]}`).not.toMatch(/^adminAudit\./);
        }
        // Two types under one name would read as one kind of object in the audit view.
        expect(new Set(names).size, language).toBe(names.length);
      }
    } finally {
      await loadTexts("fi");
    }
  });

  it("names an insurance claim's events as the claim they are", () => {
    expect(entityText(t, ev("insuranceClaim", null))).toBe("Vakuutusvahinko");
  });
});
