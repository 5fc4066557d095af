import { describe, expect, it } from "vitest";

type Catalogue = { [key: string]: string | Catalogue };

/** Every catalogue of every area, fi, en and sv. */
const FILES = import.meta.glob<Catalogue>(["./*.json", "./*/*.json"], { eager: true, import: "default" });

function texts(catalogue: Catalogue, path = ""): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "string"
      ? [[`${path}${key}`, value] as [string, string]]
      : texts(value, `${path}${key}.`),
  );
}

const ALL = Object.entries(FILES).flatMap(([file, catalogue]) =>
  texts(catalogue).map(([key, text]) => ({ where: `${file} ${key}`, text })),
);

/**
 * The repeal of the bike benefit's tax exemption is one fact with one date (docs/tax-parameters.md: repealed
 * from 1.1.2026; the grandfathering cut-off 24.4.2025), and it has happened: no text may say it is
 * coming, nor give it another date (31.12.2025 as the exemption's end, 1.1.2026 as the day it "ended").
 */
const WRONG = [
  /verovapaus poistuu/i,
  /verovapaus päättyy/i,
  /verovapaus päättyi 31\.12\.2025/i,
  /is being removed/i,
  /exemption ends/i,
  /ended on (31\.12\.2025|1\.1\.2026)/i,
  /skattefriheten? upphör\b/i,
  /skattefrihet upphör\b/i,
  /upphörde (31\.12\.2025|1\.1\.2026)/i,
];

describe("the texts about the tax exemption's repeal", () => {
  it("say it in the past tense with the one date, in every catalogue and language", () => {
    const wrong = ALL.filter(({ text }) => WRONG.some((pattern) => pattern.test(text))).map(
      ({ where, text }) => `${where}: ${text}`,
    );
    expect(wrong).toEqual([]);
  });

  it("the site banner, the announcement and the calculator name the same date in fi, en and sv", () => {
    for (const lng of ["fi", "en", "sv"]) {
      const of = (file: string, key: string) =>
        ALL.find(({ where }) => where === `./${file}.json ${key}` || where === `./${file}/${lng}.json ${key}`)
          ?.text;
      const banner = of(lng, "shell.announcementText");
      const lead = of("content", "content.announcement.lead");
      const calculator = of("pages", "calculator.rules.taxable");
      for (const text of [banner, lead, calculator]) expect(text).toMatch(/1\.1\.2026/);
    }
  });
});
