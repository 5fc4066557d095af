import type { Readable } from "node:stream";
import type { TPersonalDataExport } from "../../../contract/personal-data.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { AppContext } from "../../context.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { personalDataArchive } from "./archive.ts";
import { collectPersonalData } from "./collect.ts";
import { summaryText } from "./summary.ts";

/** The download's name: the person's own data of the day (Helsinki), e.g. pedaali-omat-tiedot-2026-05-04.json. */
export function personalDataFileName(now: Date, extension: "json" | "zip"): string {
  return `pedaali-omat-tiedot-${toHelsinkiDateString(now)}.${extension}`;
}

/**
 * A person's own copy of their data (GDPR articles 15 and 20; contract/personal-data.ts): the JSON of
 * every section, or the ZIP of it with their documents. The caller is always the person: the session
 * says whose, there is no path to anyone else's.
 */
export function createPersonalDataService(ctx: AppContext) {
  const db = ctx.database.db;
  const identityTokens = { ring: ctx.config, claim: ctx.config.strongId?.identityCodeClaim ?? null };
  return {
    async json(user: CurrentUser, now = new Date()): Promise<TPersonalDataExport> {
      return (await collectPersonalData(db, user, now, identityTokens)).data;
    },

    async zip(user: CurrentUser, onError: (error: unknown) => void, now = new Date()): Promise<Readable> {
      const { data, files } = await collectPersonalData(db, user, now, identityTokens);
      const paths = files.map((file) => file.path);
      return personalDataArchive(
        db,
        ctx.files,
        {
          json: JSON.stringify(data, null, 2),
          summary: summaryText(data, paths, user.language, toHelsinkiDateString(now)),
          files,
          mtime: now,
        },
        onError,
      );
    },
  };
}
