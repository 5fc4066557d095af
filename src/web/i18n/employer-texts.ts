import type { ResourceKey } from "i18next";
import { areaTextLoader } from "./area-texts.ts";

/**
 * The employer area's texts (/tyonantaja, /yritys-asetukset, /raportointi): one file per part and
 * language (`employer/<part>.<lng>.json`), loaded only with the employer area (this module is in its
 * chunk), as the admin texts are; and the company sections it shares with the admin area
 * (`companies/<part>.<lng>.json`), and the lease end's words it shares with /mybike and the admin area
 * (`redemption/<part>.<lng>.json`), and the handover's words it shows in an order
 * (`handover/<part>.<lng>.json`). Their top-level sections never overlap with the other catalogues
 * (locales.test.ts).
 */
export const ensureEmployerTexts = areaTextLoader(
  import.meta.glob<{ default: ResourceKey }>([
    "./employer/*.json",
    "./companies/*.json",
    "./redemption/*.json",
    "./handover/*.json",
  ]),
);
