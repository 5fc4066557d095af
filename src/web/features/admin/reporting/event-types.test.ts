import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../../../domain/enums.ts";
import en from "../../../i18n/admin/operations.en.json";
import fi from "../../../i18n/admin/operations.fi.json";
import sv from "../../../i18n/admin/operations.sv.json";
import { eventTypeLabelKey } from "./event-types.ts";

type Catalogue = { [key: string]: string | Catalogue };

function lookup(catalogue: Catalogue, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], catalogue);
}

describe("the event type labels", () => {
  it.each([
    ["fi", fi],
    ["en", en],
    ["sv", sv],
  ])("%s labels every event type of the domain", (_lng, catalogue) => {
    for (const type of EVENT_TYPES) {
      const label = lookup(catalogue as Catalogue, eventTypeLabelKey(type));
      expect(typeof label === "string" && label.trim() !== "", type).toBe(true);
    }
  });

  it("labels no type the domain does not have", () => {
    expect(Object.keys(fi.adminAudit.types).sort()).toEqual([...EVENT_TYPES].sort());
  });
});
