import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The texts of the employee's own page /mybike (`mybike/<part>.<lng>.json`), loaded only with that
 * page (this module is in its chunk), as the admin and employer texts are, with the lease end's words
 * that all three share (`redemption/<part>.<lng>.json`) and the handover's, shared with the bike
 * store's pages (`handover/<part>.<lng>.json`). Their top-level sections never overlap with the other catalogues (locales.test.ts).
 */
export const ensureMyBikeTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>(["./mybike/*.json", "./redemption/*.json", "./handover/*.json"]),
);
