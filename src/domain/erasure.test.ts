import { describe, expect, it } from "vitest";
import {
  accountingHoldEndsOn,
  agreementHoldEndsOn,
  erasedEmail,
  erasureBlockedMessage,
  erasureRefusal,
} from "./erasure.ts";

const held = (name: string, companyId: string | null = null) => ({ name, companyId });

describe("erasure rules", () => {
  it("keeps accounting records to the end of the sixth year after theirs", () => {
    expect(accountingHoldEndsOn("2023-03-01")).toBe("2029-12-31");
    expect(accountingHoldEndsOn("2023-12-31")).toBe("2029-12-31");
  });

  it("keeps an agreement's evidence three years from the lease's end", () => {
    expect(agreementHoldEndsOn("2023-12-31")).toBe("2026-12-31");
    expect(agreementHoldEndsOn("2024-02-29")).toBe("2027-03-01");
  });

  it("names every blocker once, and none when nothing blocks", () => {
    expect(erasureBlockedMessage([])).toBeNull();
    expect(erasureBlockedMessage(["RUNNING_LEASE", "OPEN_ORDER", "RUNNING_LEASE"])).toBe(
      "The person's data cannot be erased yet. Settle first: a running lease, an open order",
    );
  });

  it("gives an erased account an address that is unique to the erasure and reaches nobody", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(erasedEmail(id)).toBe("poistettu-0f8fad5bd9cb@poistettu.invalid");
  });

  it("refuses one's own erasure, a staff member's to the helpdesk, and a higher tier's", () => {
    const helpdesk = { userId: "h", roles: [held("INTERNAL_ADMIN")] };
    const superAdmin = { userId: "s", roles: [held("SUPER_ADMIN")] };
    const employee = { userId: "e", roles: [held("BIKE_BENEFICIARY", "c")] };
    expect(erasureRefusal(helpdesk, { ...helpdesk })).toBe("SELF");
    expect(erasureRefusal(helpdesk, superAdmin)).toBe("STAFF");
    expect(erasureRefusal(helpdesk, { userId: "h2", roles: [held("INTERNAL_ADMIN")] })).toBe("STAFF");
    expect(erasureRefusal(superAdmin, { userId: "h2", roles: [held("INTERNAL_ADMIN")] })).toBeNull();
    expect(erasureRefusal(helpdesk, employee)).toBeNull();
    expect(erasureRefusal({ userId: "a", roles: [held("EMPLOYER_ADMIN", "c")] }, superAdmin)).toBe("STAFF");
    expect(
      erasureRefusal(
        { userId: "a", roles: [held("EMPLOYER_EDITOR", "c")] },
        { userId: "b", roles: [held("EMPLOYER_ADMIN", "c")] },
      ),
    ).toBe("TIER");
  });
});
