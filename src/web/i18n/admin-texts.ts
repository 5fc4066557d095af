import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The admin area's texts: one file per area and language (`admin/<area>.<lng>.json`), loaded only with
 * the admin area (this module is in its chunk), so no other page downloads them; and the company
 * sections it shares with the employer area (`companies/<part>.<lng>.json`), the lease end's words
 * it shares with /mybike and the employer area (`redemption/<part>.<lng>.json`), and a bike store's
 * payouts view it shares with the store's own account (`store-payouts/<part>.<lng>.json`) and the
 * handover's words (`handover/<part>.<lng>.json`), on an order's page. Their
 * top-level sections never overlap with the other catalogues (locales.test.ts).
 */
export const ensureAdminTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>([
    "./admin/*.json",
    "./handover/*.json",
    "./companies/*.json",
    "./redemption/*.json",
    "./store-payouts/*.json",
  ]),
);
