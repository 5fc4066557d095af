import type { Language } from "../../domain/enums.ts";
import { greeting, mail, type RenderedMail } from "./templates.ts";

/**
 * A staff role was given: told to every other active staff member, so that a staff account nobody
 * expected is noticed within the cooling-off period, before it may approve anything.
 */
export type StaffRoleGranted = {
  /** The new staff member's login e-mail. */
  email: string;
  role: string;
  /** The e-mail of the super admin who gave it. */
  grantedBy: string;
  /** When the new staff member may first approve something (DD.MM.YYYY HH:mm, Helsinki). */
  mayApproveFrom: string;
};

const TEXTS: Record<Language, { subject: string; body: (g: StaffRoleGranted) => string; after: string }> = {
  fi: {
    subject: "Pedaaliin lisättiin ylläpitäjä",
    body: (g) =>
      `${g.grantedBy} antoi käyttäjälle ${g.email} roolin ${g.role}. Hän voi hyväksyä tilityksiä aikaisintaan ${g.mayApproveFrom}.`,
    after: "Jos tämä ei ollut odotettua, ilmoita siitä heti toiselle pääkäyttäjälle ja poista tili käytöstä.",
  },
  en: {
    subject: "A staff member was added to Pedaali",
    body: (g) =>
      `${g.grantedBy} gave ${g.email} the role ${g.role}. They may approve payouts from ${g.mayApproveFrom} at the earliest.`,
    after: "If you did not expect this, tell another super admin at once and deactivate the account.",
  },
  sv: {
    subject: "En administratör lades till i Pedaali",
    body: (g) =>
      `${g.grantedBy} gav ${g.email} rollen ${g.role}. Hen kan godkänna utbetalningar tidigast ${g.mayApproveFrom}.`,
    after: "Om detta inte var väntat, meddela genast en annan huvudanvändare och inaktivera kontot.",
  },
};

export function staffRoleGrantedMail(language: Language, granted: StaffRoleGranted): RenderedMail {
  const words = TEXTS[language];
  return mail("staff-role-granted", language, {
    subject: words.subject,
    greeting: greeting(language),
    paragraphs: [words.body(granted)],
    after: [words.after],
  });
}
