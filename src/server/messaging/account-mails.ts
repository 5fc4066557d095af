import { formatHelsinkiDateTime } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { formatEurosInText } from "../../domain/money-text.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, hours, mail, type RenderedMail, type RenderedSms, resolveLanguage } from "./templates.ts";

/**
 * The mails and SMS about a user's login account, in the user's language: the two-factor code, a link
 * to reset or set the password, the notice that the password changed, the lock after too many wrong
 * codes, and the deactivation of an account left unused.
 */

/** The two-factor code (6 digits, valid 5 minutes). Text only, short enough for one SMS. */
export function twoFactorCodeSms(language: string | null | undefined, params: { code: string }): RenderedSms {
  const texts: Record<Language, string> = {
    fi: `Pedaali: vahvistuskoodisi on ${params.code}. Koodi on voimassa 5 minuuttia.`,
    en: `Pedaali: your verification code is ${params.code}. The code is valid for 5 minutes.`,
    sv: `Pedaali: din verifieringskod är ${params.code}. Koden är giltig i 5 minuter.`,
  };
  return { template: "two-factor-code", text: texts[resolveLanguage(language)] };
}

/**
 * The code that signs an order's leasing agreement (6 digits, valid 5 minutes). It names what is being
 * signed (the order number, the bike and the monthly payment) in words of its own, never the login
 * code's, so nobody can be talked into reading a signing code out as a login code, or the other way.
 */
export function signingCodeSms(
  language: string | null | undefined,
  params: { code: string; orderNumber: number; bike: string; monthlyPaymentCents: number },
): RenderedSms {
  const lang = resolveLanguage(language);
  const euros = formatEurosInText(params.monthlyPaymentCents, lang);
  const { code, orderNumber, bike } = params;
  const texts: Record<Language, string> = {
    fi: `Pedaali: allekirjoituskoodi ${code} tilauksen ${orderNumber} leasingsopimukselle: ${bike}, kuukausierä ${euros}. Koodi on voimassa 5 minuuttia. Älä anna koodia kenellekään.`,
    en: `Pedaali: signing code ${code} for the leasing agreement of order ${orderNumber}: ${bike}, monthly payment ${euros}. The code is valid for 5 minutes. Do not give the code to anyone.`,
    sv: `Pedaali: signeringskod ${code} för leasingavtalet för beställning ${orderNumber}: ${bike}, månadsavgift ${euros}. Koden är giltig i 5 minuter. Ge inte koden till någon.`,
  };
  return { template: "signing-code", text: texts[lang] };
}

export type LinkMailParams = {
  name?: string | null;
  /** The full link with its single-use token, e.g. `${publicUrl}/reset/<token>`. */
  link: string;
  /** How long the link works; the reset token's lifetime. Default 1. */
  validHours?: number;
};

/** Password reset requested: link valid for an hour, single use. */
export function passwordResetMail(language: string | null | undefined, params: LinkMailParams): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 1);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-salasanasi vaihtaminen",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Saimme pyynnön vaihtaa Pedaali-tilisi salasanan. Voit valita uuden salasanan alla olevasta linkistä.",
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`,
        "Jos et pyytänyt salasanan vaihtamista, voit jättää tämän viestin huomiotta. Salasanasi pysyy ennallaan.",
      ],
    },
    en: {
      subject: "Reset your Pedaali password",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "We received a request to reset the password of your Pedaali account. You can choose a new password through the link below.",
      ],
      action: { label: "Reset password", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once.`,
        "If you did not ask for a new password, you can ignore this message. Your password stays as it is.",
      ],
    },
    sv: {
      subject: "Återställ ditt lösenord till Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Vi har fått en begäran om att återställa lösenordet till ditt Pedaali-konto. Du kan välja ett nytt lösenord via länken nedan.",
      ],
      action: { label: "Återställ lösenordet", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång.`,
        "Om du inte bad om ett nytt lösenord kan du bortse från det här meddelandet. Ditt lösenord förblir oförändrat.",
      ],
    },
  };
  return mail("password-reset", lang, content[lang]);
}

/**
 * Who made an account for its owner, as the owner's set-password mail names them: the person who made it
 * and the company or bike store the account is a user of, where these are known.
 */
export type AccountMadeBy = {
  /** The maker's name. */
  by?: string | null;
  organisation?: { kind: "COMPANY" | "STORE"; name: string } | null;
};

/**
 * For a user who has no password yet (NO_PASSWORD_SET): a link to set one. The link the person asked
 * for (a login to an account without a password) says so; the first link of an account someone else
 * made (`madeBy`) says that an account was made for them, by whom and for which company or store.
 */
export function setPasswordMail(
  language: string | null | undefined,
  params: LinkMailParams & { madeBy?: AccountMadeBy },
): RenderedMail {
  const lang = resolveLanguage(language);
  if (params.madeBy) return accountMadeMail(lang, params, params.madeBy);
  const valid = hours(lang, params.validHours ?? 1);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Aseta salasana Pedaali-tilillesi",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tililläsi ei ole vielä salasanaa. Aseta salasana alla olevasta linkistä, niin voit sen jälkeen kirjautua sisään sähköpostiosoitteellasi ja salasanallasi.",
      ],
      action: { label: "Aseta salasana", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`,
        "Jos et yrittänyt kirjautua sisään, voit jättää tämän viestin huomiotta.",
      ],
    },
    en: {
      subject: "Set a password for your Pedaali account",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Your Pedaali account does not have a password yet. Set one through the link below, and then you can log in with your e-mail address and password.",
      ],
      action: { label: "Set password", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once.`,
        "If you did not try to log in, you can ignore this message.",
      ],
    },
    sv: {
      subject: "Ange ett lösenord för ditt Pedaali-konto",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Ditt Pedaali-konto har ännu inget lösenord. Ange ett lösenord via länken nedan, så kan du sedan logga in med din e-postadress och ditt lösenord.",
      ],
      action: { label: "Ange lösenord", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång.`,
        "Om du inte försökte logga in kan du bortse från det här meddelandet.",
      ],
    },
  };
  return mail("set-password", lang, content[lang]);
}

/** The set-password mail of an account someone else made: who made it, and for which company or store. */
function accountMadeMail(lang: Language, params: LinkMailParams, madeBy: AccountMadeBy): RenderedMail {
  const valid = hours(lang, params.validHours ?? 1);
  const org = madeBy.organisation;
  const by = madeBy.by?.trim();
  const made: Record<Language, string> = {
    fi: `Sinulle on luotu Pedaali-tili${org ? ` ${org.kind === "COMPANY" ? "yrityksen" : "pyöräliikkeen"} ${org.name} käyttäjäksi` : ""}.${by ? ` Tilin loi ${by}.` : ""}`,
    en: `A Pedaali account has been made for you${org ? ` as a user of the ${org.kind === "COMPANY" ? "company" : "bike store"} ${org.name}` : ""}.${by ? ` It was made by ${by}.` : ""}`,
    sv: `Ett Pedaali-konto har skapats åt dig${org ? ` som användare för ${org.kind === "COMPANY" ? "företaget" : "cykelaffären"} ${org.name}` : ""}.${by ? ` Kontot skapades av ${by}.` : ""}`,
  };
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Sinulle on luotu Pedaali-tili",
      greeting: greeting(lang, params.name),
      paragraphs: [
        made.fi,
        "Aseta tilillesi salasana alla olevasta linkistä, niin voit sen jälkeen kirjautua sisään sähköpostiosoitteellasi ja salasanallasi.",
      ],
      action: { label: "Aseta salasana", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran. Jos se ehtii vanhentua, kirjoita sähköpostiosoitteesi kirjautumissivulle, niin saat uuden linkin.`,
        `Jos et odottanut tätä tiliä, ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "A Pedaali account has been made for you",
      greeting: greeting(lang, params.name),
      paragraphs: [
        made.en,
        "Set a password for your account through the link below, and then you can log in with your e-mail address and password.",
      ],
      action: { label: "Set password", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once. If it expires, enter your e-mail address on the login page and you will get a new link.`,
        `If you did not expect this account, contact our customer service at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: "Ett Pedaali-konto har skapats åt dig",
      greeting: greeting(lang, params.name),
      paragraphs: [
        made.sv,
        "Ange ett lösenord för ditt konto via länken nedan, så kan du sedan logga in med din e-postadress och ditt lösenord.",
      ],
      action: { label: "Ange lösenord", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång. Om den hinner gå ut, skriv din e-postadress på inloggningssidan så får du en ny länk.`,
        `Om du inte väntade dig det här kontot, kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("set-password", lang, content[lang]);
}

/**
 * To the account whose password was just changed by a reset link, or set for the first time: when it
 * happened, that every session was ended, and what to do if it was not the owner. Never the password.
 */
export function passwordChangedMail(
  language: string | null | undefined,
  params: {
    name?: string | null;
    /** The password recovery page, for an owner who did not make the change. */
    link: string;
    changedAt: Date;
    /** The account had no password before (NO_PASSWORD_SET): "set", not "changed". */
    firstPassword: boolean;
  },
): RenderedMail {
  const lang = resolveLanguage(language);
  const at = formatHelsinkiDateTime(params.changedAt);
  const first = params.firstPassword;
  const content: Record<Language, MailContent> = {
    fi: {
      subject: first ? "Pedaali-tilillesi on asetettu salasana" : "Pedaali-tilisi salasana on vaihdettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `Pedaali-tilillesi asetettiin salasana ${at} (Suomen aikaa).`
          : `Pedaali-tilisi salasana vaihdettiin ${at} (Suomen aikaa).`,
        "Tilisi kirjattiin samalla ulos kaikilta laitteilta. Jos teit tämän itse, sinun ei tarvitse tehdä mitään.",
        `Jos et tehnyt tätä itse, joku muu voi päästä tilillesi. Vaihda salasana heti alla olevasta linkistä ja ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: ["Pedaali ei koskaan kysy salasanaasi sähköpostitse eikä puhelimitse."],
    },
    en: {
      subject: first
        ? "A password has been set for your Pedaali account"
        : "Your Pedaali password has been changed",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `A password was set for your Pedaali account on ${at} (Finnish time).`
          : `The password of your Pedaali account was changed on ${at} (Finnish time).`,
        "Your account was logged out on every device at the same time. If it was you, there is nothing more to do.",
        `If it was not you, someone else may be able to get into your account. Change your password right away through the link below and contact our customer service at ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Change password", url: params.link },
      after: ["Pedaali never asks for your password by e-mail or by phone."],
    },
    sv: {
      subject: first
        ? "Ett lösenord har angetts för ditt Pedaali-konto"
        : "Lösenordet till ditt Pedaali-konto har bytts",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `Ett lösenord angavs för ditt Pedaali-konto ${at} (finsk tid).`
          : `Lösenordet till ditt Pedaali-konto byttes ${at} (finsk tid).`,
        "Samtidigt loggades ditt konto ut på alla enheter. Om det var du behöver du inte göra något.",
        `Om det inte var du kan någon annan komma åt ditt konto. Byt lösenord genast via länken nedan och kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Byt lösenord", url: params.link },
      after: ["Pedaali ber aldrig om ditt lösenord per e-post eller telefon."],
    },
  };
  return mail("password-changed", lang, content[lang]);
}

/**
 * Someone typed the account's password right and then too many wrong two-factor codes, so
 * the code step is locked for a while. A mail, not an SMS: the mail address is always there and cannot
 * be chosen at login, whereas a user without a stored number gets codes at whatever number was typed in
 * (possibly the attacker's own); and whoever has the password must be told to change it, with a link.
 */
export function twoFactorLockedMail(
  language: string | null | undefined,
  params: { name?: string | null /** The password recovery page. */; link: string; lockedMinutes: number },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilillesi yritetään kirjautua",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tilillesi yritettiin kirjautua oikealla salasanalla, mutta kirjautumisen vahvistuskoodi annettiin väärin liian monta kertaa.",
        `Kirjautuminen tilillesi on siksi estetty enintään ${params.lockedMinutes} minuutiksi.`,
        "Jos et itse yrittänyt kirjautua, joku muu tietää salasanasi. Vaihda salasana heti alla olevasta linkistä, äläkä kerro vahvistuskoodeja kenellekään.",
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: [
        "Jos yritit itse kirjautua, voit jättää tämän viestin huomiotta ja yrittää myöhemmin uudelleen.",
        `Kysyttävää? Ota yhteyttä asiakaspalveluumme: ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "Someone is trying to log in to your Pedaali account",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Someone tried to log in to your Pedaali account with the right password, but entered the login's verification code wrong too many times.",
        `Logging in to your account is therefore blocked for up to ${params.lockedMinutes} minutes.`,
        "If it was not you, someone else knows your password. Change your password right away through the link below, and never tell anyone your verification codes.",
      ],
      action: { label: "Change password", url: params.link },
      after: [
        "If it was you, you can ignore this message and try again later.",
        `Questions? Contact our customer service at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: "Någon försöker logga in på ditt Pedaali-konto",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Någon försökte logga in på ditt Pedaali-konto med rätt lösenord, men angav inloggningens verifieringskod fel för många gånger.",
        `Inloggningen på ditt konto är därför spärrad i högst ${params.lockedMinutes} minuter.`,
        "Om det inte var du vet någon annan ditt lösenord. Byt lösenord genast via länken nedan, och berätta aldrig dina verifieringskoder för någon.",
      ],
      action: { label: "Byt lösenord", url: params.link },
      after: [
        "Om det var du kan du bortse från det här meddelandet och försöka igen senare.",
        `Frågor? Kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("two-factor-locked", lang, content[lang]);
}

/** The inactivity job deactivated the account (event log: auto-deactivated for inactivity). */
export function accountDeactivatedMail(
  language: string | null | undefined,
  params: { name?: string | null },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilisi on poistettu käytöstä",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tilisi on poistettu käytöstä, koska sitä ei ole käytetty pitkään aikaan.",
        `Jos tarvitset tiliä vielä, ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}, niin autamme sinua.`,
      ],
    },
    en: {
      subject: "Your Pedaali account has been deactivated",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Your Pedaali account has been deactivated because it has not been used for a long time.",
        `If you still need your account, contact our customer service at ${CONTACT_EMAIL} and we will help you.`,
      ],
    },
    sv: {
      subject: "Ditt Pedaali-konto har inaktiverats",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Ditt Pedaali-konto har inaktiverats eftersom det inte har använts på länge.",
        `Om du fortfarande behöver kontot, kontakta vår kundtjänst på ${CONTACT_EMAIL} så hjälper vi dig.`,
      ],
    },
  };
  return mail("account-deactivated", lang, content[lang]);
}
