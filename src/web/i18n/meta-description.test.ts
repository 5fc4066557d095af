import { beforeAll, describe, expect, it } from "vitest";
import { initI18n, setLanguage } from "./i18n.ts";

beforeAll(async () => {
  const meta = document.createElement("meta");
  meta.name = "description";
  meta.content = "Suomen helpoin polkupyöräetu";
  document.head.append(meta);
  await initI18n("fi");
});

const description = () => document.querySelector('meta[name="description"]')?.getAttribute("content");

describe("the page description", () => {
  it("follows the language, with <html lang>", async () => {
    expect(description()).toBe("Suomen helpoin polkupyöräetu");
    await setLanguage("sv");
    expect(description()).toBe("Finlands enklaste cykelförmån");
    expect(document.documentElement.lang).toBe("sv");
    await setLanguage("en");
    expect(description()).toBe("Finland's easiest bike benefit");
    await setLanguage("fi");
    expect(description()).toBe("Suomen helpoin polkupyöräetu");
  });
});
