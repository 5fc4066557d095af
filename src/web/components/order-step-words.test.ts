import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../domain/enums.ts";
import type { OrderParty } from "../../domain/order-state-machine.ts";
import en from "../i18n/pages/en.json";
import fi from "../i18n/pages/fi.json";
import sv from "../i18n/pages/sv.json";
import { employeeWaitingKey, ORDER_AUDIENCES, ORDER_STEPS, orderStepWordKey } from "./order-step-words.ts";

const CATALOGUES = { fi, en, sv } as const;
const PARTIES: Record<OrderParty, true> = {
  EMPLOYEE: true,
  EMPLOYER: true,
  BIKE_STORE: true,
  HELPDESK: true,
  LEASING_COMPANY: true,
};
const ORDER_PARTIES = Object.keys(PARTIES) as OrderParty[];

function text(catalogue: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogue);
}

/** What the employee never reads: an internal status's name, a partner's name, the "Waiting: <party>" form. */
const INTERNAL = /Grenke|Odottaa|Ei aloitettu|täsmäytys|laskutukseen|Waiting|matching|Väntar|fakturering/i;

describe("every step of the order has words for every side", () => {
  it("covers every status of the lifecycle and the lease's end", () => {
    expect(ORDER_STEPS).toEqual([...ORDER_STATUSES, "REDEMPTION"]);
  });

  it.each(Object.keys(CATALOGUES))("has %s words for each step and each side", (lng) => {
    const catalogue = CATALOGUES[lng as keyof typeof CATALOGUES];
    for (const step of ORDER_STEPS)
      for (const audience of ORDER_AUDIENCES) {
        const words = text(catalogue, orderStepWordKey(step, audience));
        expect(typeof words === "string" && words.trim() !== "", `${lng} ${audience} ${step}`).toBe(true);
      }
    for (const party of ORDER_PARTIES)
      expect(typeof text(catalogue, employeeWaitingKey(party))).toBe("string");
  });

  it("gives the employee their own words, never an internal status or a partner's name", () => {
    for (const [lng, catalogue] of Object.entries(CATALOGUES))
      for (const step of ORDER_STEPS) {
        const words = String(text(catalogue, orderStepWordKey(step, "EMPLOYEE")));
        expect(words, `${lng} ${step}`).not.toMatch(INTERNAL);
        if (step !== "REDEMPTION")
          expect(orderStepWordKey(step, "EMPLOYEE")).not.toBe(orderStepWordKey(step, "HELPDESK"));
      }
  });
});
