import type { Config } from "../config.ts";
import { loadPlatformKeys, type PlatformKeys } from "./platform-keys.ts";
import { createRelyingParty, type RelyingParty } from "./relying-party.ts";

/**
 * The platform's keys and its relying party, made on first use: most app instances (and most tests)
 * never sign anyone in through a provider, and making RSA keys takes a noticeable moment.
 */
export type Oidc = { keys: () => Promise<PlatformKeys>; relyingParty: () => Promise<RelyingParty> };

export function createOidc(config: Pick<Config, "oidcKeysFile" | "oidcAllowHttp">): Oidc {
  let keys: Promise<PlatformKeys> | null = null;
  let relyingParty: Promise<RelyingParty> | null = null;
  const loadKeys = () => {
    keys ??= loadPlatformKeys(config.oidcKeysFile);
    return keys;
  };
  return {
    keys: loadKeys,
    relyingParty: () => {
      relyingParty ??= loadKeys().then((k) => createRelyingParty(k, { allowHttp: config.oidcAllowHttp }));
      return relyingParty;
    },
  };
}
