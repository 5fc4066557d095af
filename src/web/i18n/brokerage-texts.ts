import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The texts of the bike brokerage's page /bikeBrokerageService (`brokerage/<part>.<lng>.json`), loaded
 * only with that page (this module is in its chunk), as /mybike's are. Their top-level section
 * (`brokerage`) never overlaps with the other catalogues (locales.test.ts).
 */
export const ensureBrokerageTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>("./brokerage/*.json"),
);
