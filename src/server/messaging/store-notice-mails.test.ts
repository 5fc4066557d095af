import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { STORE_NOTICE_EVENTS, storeNoticeMail } from "./store-notice-mails.ts";

const PARAMS = {
  storeName: "Vauhti Espoo",
  orderNumber: 10055,
  bikeStoreOrderNumber: "VE-77",
  customerName: "Katja Rautio",
  description: "Takavalo ei syty.",
  batchNumber: 1004,
  paidDate: "2026-11-20",
  totalCents: 150_050,
  paidOrders: [
    { orderNumber: 10042, netCents: 100_000 },
    { orderNumber: 10043, netCents: 50_050 },
  ],
  publicUrl: "https://pedaali.test",
};

describe("the bike store's notices", () => {
  for (const event of STORE_NOTICE_EVENTS) {
    for (const language of LANGUAGES) {
      it(`renders ${event} in ${language} with the store's account as its one button`, () => {
        const mail = storeNoticeMail(event, language, PARAMS);
        expect(mail.template).toBe("store-notice");
        expect(mail.html).toContain(`<html lang="${language}">`);
        // The page opens in the language the mail was written in.
        const account = `https://pedaali.test/${language}/pyoraliike`;
        expect(mail.text).toContain(account);
        expect(mail.text).toMatch(/Vauhti Espoo/);
        if (event === "PAYOUT_BATCH_SENT") {
          expect(mail.subject).toContain("1004");
          expect(mail.text).toContain("10042");
          expect(mail.text).toContain("10043");
        } else {
          expect(mail.subject).toContain("10055");
          expect(mail.text).toContain("Katja Rautio");
          expect(mail.text).toContain("VE-77");
        }
        if (event === "ORDER_HANDOVER_DEFECT") expect(mail.text).toContain("Takavalo ei syty.");
      });
    }
  }
});
