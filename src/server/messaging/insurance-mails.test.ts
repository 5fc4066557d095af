import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { insuranceClaimCompletedMail, insuranceClaimReceivedMail } from "./insurance-mails.ts";

const received = {
  name: "Sara <Järvinen>",
  type: "THEFT" as const,
  orderNumber: 10014,
  incidentDate: "2026-11-20",
  reportedLate: false,
  deductibleCents: 24_000,
  insuredValueCents: 469_060,
  link: "https://pedaali.example/mybike?a=1&b=2",
};

describe("the employee's insurance claim mails", () => {
  it("confirm the claim in fi, en and sv with the order, the date, the deductible and the insured value", () => {
    const mails = LANGUAGES.map((language) => insuranceClaimReceivedMail(language, received));
    for (const mail of mails) {
      expect(mail.template).toBe("insurance-claim-received");
      expect(mail.text).toContain("10014");
      expect(mail.text).toContain("20.11.2026");
      expect(mail.text).toContain(received.link);
      expect(mail.html).toContain('href="https://pedaali.example/mybike?a=1&amp;b=2"');
      expect(mail.html).not.toContain("<Järvinen>");
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    const [fi, en, sv] = mails;
    expect(fi?.text).toContain("240,00\u00a0€");
    expect(fi?.text).toContain("4\u00a0690,60\u00a0€");
    expect(fi?.subject).toContain("varkaus");
    expect(en?.text).toContain("€240.00");
    expect(en?.subject).toContain("theft");
    expect(sv?.text).toContain("självrisk");
    expect(sv?.subject).toContain("stöld");
  });

  it("tell a late report that it is late, and leave the date out when there is none", () => {
    const late = insuranceClaimReceivedMail("fi", { ...received, reportedLate: true });
    expect(late.text).toContain("yli 14 päivää");
    const undated = insuranceClaimReceivedMail("en", { ...received, incidentDate: null, orderNumber: null });
    expect(undated.text).not.toContain("Date of the incident");
    expect(undated.text).not.toContain("order");
  });

  it("settle the claim with the outcome and how the deductible is paid", () => {
    const base = {
      name: "Patrik",
      type: "DAMAGE" as const,
      outcome: "REPAIR" as const,
      orderNumber: 10028,
      deductibleOwedCents: 24_000,
      paymentMethod: "PAYROLL" as const,
      dueDate: "2026-12-07",
      link: "https://pedaali.example/mybike",
    };
    const payroll = insuranceClaimCompletedMail("sv", base);
    expect(payroll.template).toBe("insurance-claim-completed");
    expect(payroll.text).toContain("nettolön");
    expect(payroll.text).toContain("reparerats");
    const batch = insuranceClaimCompletedMail("fi", { ...base, paymentMethod: "BATCH" });
    expect(batch.text).toContain("viimeistään 07.12.2026");
    const nothing = insuranceClaimCompletedMail("en", {
      ...base,
      outcome: "END_OF_LEASING",
      deductibleOwedCents: 0,
      paymentMethod: null,
      dueDate: null,
    });
    expect(nothing.text).toContain("You pay no deductible.");
    expect(nothing.text).toContain("leasing agreement ends");
    expect(new Set(LANGUAGES.map((l) => insuranceClaimCompletedMail(l, base).subject)).size).toBe(3);
  });
});
