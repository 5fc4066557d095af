import { describe, expect, it } from "vitest";
import { partOf, plainRow, withoutOthers } from "./plain.ts";
import { safeFileName } from "./sections-events.ts";

const SELF = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

describe("a stored row as the person gets it", () => {
  it("leaves out the credentials and bytes, names no one else and writes dates as ISO strings", () => {
    const row = plainRow(
      {
        id: "x",
        tokenHash: "abc",
        content: new Uint8Array([1, 2]),
        decidedByUserId: OTHER,
        userId: SELF,
        createdAt: new Date("2026-05-04T10:00:00.000Z"),
        counter: 5n,
      },
      SELF,
      { omit: ["tokenHash"], people: ["decidedByUserId", "userId"] },
    );
    expect(row).toEqual({
      id: "x",
      decidedByUserId: null,
      userId: SELF,
      createdAt: "2026-05-04T10:00:00.000Z",
      counter: 5,
    });
  });

  it("tells who did something as a part, never by id", () => {
    expect([partOf(SELF, SELF), partOf(OTHER, SELF), partOf(null, SELF)]).toEqual([
      "SELF",
      "OTHER",
      "SYSTEM",
    ]);
  });
});

describe("stored data without anyone else", () => {
  it("drops another person's id, name and contact at any depth, and keeps the rest", () => {
    const data = {
      approvedByUserId: OTHER,
      userId: SELF,
      requestedBy: "EMPLOYER",
      changes: [{ approverName: "Matti Meikäläinen", email: "matti@example.test", amountCents: 100 }],
      emailVerified: true,
    };
    expect(withoutOthers(data, SELF, false)).toEqual({
      approvedByUserId: null,
      userId: SELF,
      requestedBy: "EMPLOYER",
      changes: [{ approverName: null, email: null, amountCents: 100 }],
      emailVerified: true,
    });
  });

  it("keeps the person's own name and address on their own account's events", () => {
    expect(withoutOthers({ email: "own@example.test", actorUserId: OTHER }, SELF, true)).toEqual({
      email: "own@example.test",
      actorUserId: null,
    });
  });
});

describe("a file's name in the archive", () => {
  it("stays inside its folder and keeps Finnish letters", () => {
    expect(safeFileName("../../etc/passwd")).toBe("_.._etc_passwd");
    expect(safeFileName("Sopimus äö.pdf")).toBe("Sopimus äö.pdf");
    expect(safeFileName("...")).toBe("tiedosto");
  });
});
