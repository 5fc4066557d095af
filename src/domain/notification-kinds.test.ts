import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  choicesOf,
  deliveryOf,
  isEssentialKind,
  kindOfEvent,
  kindsForRoles,
  NOTIFICATION_CHOICES,
  NOTIFICATION_KIND_TABLE,
  NOTIFICATION_KINDS,
  type NotificationChoice,
  type NotificationKind,
} from "./notification-kinds.ts";
import { NOTIFICATION_EVENTS } from "./notification-table.ts";

describe("notification kinds", () => {
  it("put every event of the notification table in exactly one kind", () => {
    const listed = NOTIFICATION_KIND_TABLE.flatMap((def) => def.events);
    expect([...listed].sort()).toEqual([...NOTIFICATION_EVENTS].sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it("describe each kind once", () => {
    expect(NOTIFICATION_KIND_TABLE.map((def) => def.kind)).toEqual([...NOTIFICATION_KINDS]);
  });

  it("keep signing, payments and the login's security essential and the rest a person's choice", () => {
    expect(NOTIFICATION_KINDS.filter(isEssentialKind)).toEqual(["SIGNING", "PAYMENTS", "SECURITY"]);
    for (const event of [
      "LOGIN_CODE",
      "PASSWORD_RESET",
      "CONTACT_CHANGE",
      "PHONE_CHANGE_CODE",
      "ORDER_SIGNING_CODE",
    ] as const) {
      expect(kindOfEvent(event)?.essential, event).toBe(true);
    }
    expect(kindOfEvent("USER_PAYMENT_INVOICE")?.kind).toBe("PAYMENTS");
    expect(kindOfEvent("ORDER_APPROVAL_REMINDER")?.kind).toBe("REMINDERS");
    expect(choicesOf("SECURITY")).toEqual(["MAIL"]);
    expect(choicesOf("REMINDERS")).toEqual(NOTIFICATION_CHOICES);
  });

  it("mail an essential event, or one of no kind, whatever the person chose", () => {
    const anyChoices = fc.dictionary(
      fc.constantFrom(...NOTIFICATION_KINDS),
      fc.constantFrom(...NOTIFICATION_CHOICES),
    ) as fc.Arbitrary<Partial<Record<NotificationKind, NotificationChoice>>>;
    fc.assert(
      fc.property(fc.constantFrom(...NOTIFICATION_EVENTS), anyChoices, (event, choices) => {
        const def = kindOfEvent(event);
        const delivery = deliveryOf(event, choices);
        if (def?.essential) expect(delivery).toBe("MAIL");
        else expect(delivery).toBe(choices[def?.kind as NotificationKind] ?? "MAIL");
      }),
    );
    expect(deliveryOf("DAILY_DIGEST", { REMINDERS: "INBOX_ONLY" })).toBe("MAIL");
  });

  it("offer each role the kinds that reach it", () => {
    const employee = kindsForRoles(["BIKE_BENEFICIARY"]);
    expect(employee).toContain("ORDER_STEPS");
    expect(employee).toContain("SECURITY");
    expect(employee).not.toContain("APPROVALS");
    expect(kindsForRoles(["EMPLOYER_ADMIN"])).toContain("APPROVALS");
    expect(kindsForRoles(["BIKE_STORE"])).toContain("REMINDERS");
    // Without a role, a person still has a login to be told about.
    expect(kindsForRoles([])).toContain("SECURITY");
    expect(kindsForRoles([])).not.toContain("ORDER_STEPS");
  });
});
