import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinerTreatment, mayVerifyDomain, NO_JOIN_RULE, PUBLIC_MAIL_DOMAINS } from "./join-rules.ts";

const rule = (over: Partial<typeof NO_JOIN_RULE> = {}) => ({
  ...NO_JOIN_RULE,
  domains: ["kone.fi"],
  ...over,
});

describe("joinerTreatment", () => {
  it("lets everyone wait when the company has set no rule", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        expect(joinerTreatment(NO_JOIN_RULE, email)).toBe("WAITS");
      }),
    );
  });

  it("accepts an address of the company's domains once confirmed, in any case", () => {
    expect(joinerTreatment(rule({ domainJoiners: "ACCEPT" }), "Aino.Virtanen@KONE.fi")).toBe(
      "CONFIRMS_TO_JOIN",
    );
    expect(joinerTreatment(rule({ domainJoiners: "WAIT" }), "aino@kone.fi")).toBe("WAITS");
  });

  it("does not take a subdomain or a look-alike for the domain", () => {
    const accepting = rule({ domainJoiners: "ACCEPT" });
    for (const email of [
      "aino@mail.kone.fi",
      "aino@kone.fi.example.com",
      "aino@xkone.fi",
      "kone.fi@gmail.com",
    ]) {
      expect(joinerTreatment(accepting, email)).toBe("WAITS");
    }
  });

  it("refuses other addresses only when the company takes its domains only", () => {
    expect(joinerTreatment(rule({ domainsOnly: true }), "aino@gmail.com")).toBe("REFUSED");
    expect(joinerTreatment(rule({ domainsOnly: false }), "aino@gmail.com")).toBe("WAITS");
    expect(joinerTreatment(rule({ domainsOnly: true }), "not an address")).toBe("REFUSED");
  });
});

describe("mayVerifyDomain", () => {
  const nobody = {
    helpdesk: false,
    ownEmail: "liisa@kone.fi",
    singleSignOnDomains: [] as string[],
    savedDomains: [] as string[],
  };

  it("takes the user's own login domain, the company's single sign-on domains and anything from the helpdesk", () => {
    expect(mayVerifyDomain("kone.fi", nobody)).toBe("OK");
    expect(mayVerifyDomain("kone.com", { ...nobody, singleSignOnDomains: ["kone.com"] })).toBe("OK");
    expect(mayVerifyDomain("kone.se", { ...nobody, helpdesk: true })).toBe("OK");
    expect(mayVerifyDomain("kone.se", { ...nobody, savedDomains: ["kone.se"] })).toBe("OK");
    expect(mayVerifyDomain("kone.se", nobody)).toBe("NOT_VOUCHED");
  });

  it("never takes a public mail service, whoever asks", () => {
    for (const domain of PUBLIC_MAIL_DOMAINS) {
      expect(
        mayVerifyDomain(domain, {
          helpdesk: true,
          ownEmail: `x@${domain}`,
          singleSignOnDomains: [domain],
          savedDomains: [domain],
        }),
      ).toBe("PUBLIC_MAIL");
    }
  });
});
