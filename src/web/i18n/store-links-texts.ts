import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The texts of the bike store's link pages (/pyoraliike/paketti/{token}, /runkonumero-ja-toimitus/{token})
 * and its account (/pyoraliike): `store-links/<part>.<lng>.json`, the store's payouts view it shares
 * with the admin area (`store-payouts/<part>.<lng>.json`) and the handover's words it shares with
 * /mybike, where the employee signs (`handover/<part>.<lng>.json`); loaded only with those pages (this
 * module is in their chunk), so the public pages' chunk does not carry them and these pages never load
 * the admin or employer texts.
 */
export const ensureStoreLinkTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>([
    "./store-links/*.json",
    "./store-payouts/*.json",
    "./handover/*.json",
  ]),
);
