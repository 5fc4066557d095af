import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { CONTACT_EMAIL } from "./layout.ts";
import { newDeviceLoginMail } from "./new-device-mails.ts";

const LINK = "https://pedaali.example/kayttaja";
const AT = new Date("2026-03-12T12:05:00Z");
const render = (
  language: string,
  device: string | null = "Safari, iOS",
  place: string | null = "85.76.12.x",
) => newDeviceLoginMail(language, { name: "Erkki", device, place, at: AT, link: LINK });

describe("newDeviceLoginMail", () => {
  it("tells in fi, en and sv the device, network and time, and where to log the device out", () => {
    const rendered = LANGUAGES.map((language) => render(language));
    for (const [i, mail] of rendered.entries()) {
      const language = LANGUAGES[i];
      expect(mail.template).toBe("new-device-login");
      expect(mail.text, language).toContain("Erkki");
      expect(mail.text, language).toContain("Safari, iOS");
      expect(mail.text, language).toContain("85.76.12.x");
      // Helsinki time: 14:05 in March (UTC+2).
      expect(mail.text, language).toContain("12.03.2026 14:05");
      expect(mail.text, language).toContain(LINK);
      expect(mail.text, language).toContain(CONTACT_EMAIL);
      expect(mail.html, language).toContain(`<html lang="${language}">`);
    }
    expect(rendered.map((m) => m.subject)).toEqual([
      "Pedaali-tilillesi kirjauduttiin uudelta laitteelta",
      "Your Pedaali account was logged in to from a new device",
      "Någon loggade in på ditt Pedaali-konto från en ny enhet",
    ]);
    expect(new Set(rendered.map((m) => m.text)).size).toBe(3);
  });

  it("says unknown for a device or network that could not be read, and falls back to Finnish", () => {
    expect(render("en", null, null).text).toContain("Device: unknown");
    expect(render("en", null, null).text).toContain("Network: unknown");
    expect(render("sv", null, null).text).toContain("Enhet: okänd");
    expect(render("de").subject).toBe("Pedaali-tilillesi kirjauduttiin uudelta laitteelta");
  });
});
