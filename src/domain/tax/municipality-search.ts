import type { Language } from "../locale.ts";
import type { MunicipalRate } from "./tax-year.ts";

/**
 * Finding one's municipality in the year's list as a person types it: by its Finnish or its Swedish name
 * in any interface language ("Vantaa" and "Vanda" both find Vantaa), case and accents aside ("hameen"
 * finds Hämeenlinna), or by its code. The picker of /laskuri, /kayttaja and /mybike lists with these, and
 * the server checks a remembered municipality against the same year's list.
 */

/**
 * The year's municipalities: the year's own list, else the latest earlier year's (the calculator reads
 * a year without a list of its own by the last published rates, as municipalRateFor does).
 */
export function municipalitiesOfYear(rates: readonly MunicipalRate[], year: number): MunicipalRate[] {
  let listYear: number | null = null;
  for (const rate of rates) {
    if (rate.year <= year && (listYear === null || rate.year > listYear)) listYear = rate.year;
  }
  return rates.filter((rate) => rate.year === listYear);
}

/** A name as a search compares it: without accents and case ("Ähtäri" → "ahtari", "Närpes" → "narpes"). */
export function searchFolded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("fi").trim();
}

/** Whether a search (already folded) finds the municipality: in either name, or the start of its code. */
export function municipalityMatches(rate: MunicipalRate, foldedSearch: string): boolean {
  if (foldedSearch === "") return true;
  return (
    searchFolded(rate.municipality).includes(foldedSearch) ||
    (rate.municipalitySv !== null && searchFolded(rate.municipalitySv).includes(foldedSearch)) ||
    rate.code?.startsWith(foldedSearch) === true
  );
}

/**
 * Municipalities in the alphabetical order of their names in an interface language, as the picker lists
 * them: a–z, then å, ä and ö in Finnish and Swedish; accents aside in English ("Äänekoski"
 * among the A's). Ordered by a key of plain characters, not by the browser's collator, whose first use
 * loads its language's order (about 50 ms of a phone's start of the calculator); a test holds the two to
 * the same order for every published name.
 */
export function municipalitiesInOrder(
  rates: readonly MunicipalRate[],
  language: Language,
): { rate: MunicipalRate; name: string }[] {
  return rates
    .map((rate) => {
      const name = municipalityName(rate, language);
      return { rate, name, key: alphabeticalKey(name, language) };
    })
    .sort((a, b) => compareText(a.key, b.key) || compareText(a.name, b.name))
    .map(({ rate, name }) => ({ rate, name }));
}

// Finnish and Swedish put å, ä and ö after z: as the characters after z ("{", "|", "}"). Their
// alphabets read æ as ä, ø as ö and ü as y.
const NORDIC_LETTERS: Record<string, string> = { å: "{", ä: "|", ö: "}", æ: "|", ø: "}", ü: "y" };

function alphabeticalKey(name: string, language: Language): string {
  let text = name.toLowerCase();
  if (language !== "en") text = text.replace(/[åäöæøü]/g, (letter) => NORDIC_LETTERS[letter] ?? letter);
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The municipality's name in an interface language: the Swedish one in Swedish where it has one. */
export function municipalityName(rate: MunicipalRate, language: Language): string {
  return language === "sv" && rate.municipalitySv ? rate.municipalitySv : rate.municipality;
}

/** Its name in the other national language when that differs from the one shown ("Vantaa" beside "Vanda"). */
export function municipalityOtherName(rate: MunicipalRate, language: Language): string | null {
  const shown = municipalityName(rate, language);
  const other = shown === rate.municipality ? rate.municipalitySv : rate.municipality;
  return other && other !== shown ? other : null;
}
