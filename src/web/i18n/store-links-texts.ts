import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The texts of the bike store's link pages (/pyoraliike/paketti/{token}, /runkonumero-ja-toimitus/{token}):
 * `store-links/<part>.<lng>.json`, loaded only with those pages (this module is in their chunk), so the
 * public pages' chunk does not carry them and these pages never load the admin or employer texts. The
 * handover's words (`handover/<part>.<lng>.json`) are shared with /mybike, where the employee signs.
 */
export const ensureStoreLinkTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>(["./store-links/*.json", "./handover/*.json"]),
);
