import type { Language } from "../../domain/enums.ts";
import type { MailContent } from "./layout.ts";
import { greeting, hours, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The employer's messages to an employee, in the employee's language: an invitation when the
 * employer adds them (with a set-password link for a new account), the receipt of a joining request made
 * through the employer's registration link, and the answer to it (accepted, or rejected with the
 * employer's reason).
 */

export type EmployeeInvitationParams = {
  name?: string | null;
  companyName: string;
  /** The set-password link of a new account; absent when the person already had an account. */
  link?: string;
  validHours?: number;
  /** Where to log in (the app's address). */
  loginUrl: string;
};

export function employeeInvitationMail(
  language: string | null | undefined,
  params: EmployeeInvitationParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 1);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `${params.companyName} kutsuu sinut käyttämään polkupyöräetua`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Työnantajasi ${params.companyName} on lisännyt sinut Pedaaliin. Pedaalissa voit valita työsuhdepyörän, nähdä kuukausierän ja bruttopalkan vähennyksen ja allekirjoittaa leasingsopimuksen.`,
        params.link
          ? "Aseta tilillesi salasana alla olevasta linkistä, niin pääset kirjautumaan sisään."
          : "Kirjaudu sisään nykyisellä Pedaali-tililläsi.",
      ],
      action: params.link
        ? { label: "Aseta salasana", url: params.link }
        : { label: "Kirjaudu sisään", url: params.loginUrl },
      after: params.link
        ? [
            `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran. Jos se ehtii vanhentua, kirjoita sähköpostiosoitteesi kirjautumissivulle, niin saat uuden linkin.`,
          ]
        : [],
    },
    en: {
      subject: `${params.companyName} invites you to the bike benefit`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Your employer ${params.companyName} has added you to Pedaali. In Pedaali you can choose a benefit bike, see the monthly payment and the gross-salary deduction, and sign the leasing agreement.`,
        params.link
          ? "Set a password for your account through the link below, and then you can log in."
          : "Log in with your existing Pedaali account.",
      ],
      action: params.link
        ? { label: "Set password", url: params.link }
        : { label: "Log in", url: params.loginUrl },
      after: params.link
        ? [
            `The link is valid for ${valid} and can be used only once. If it expires, enter your e-mail address on the login page and you will get a new link.`,
          ]
        : [],
    },
    sv: {
      subject: `${params.companyName} bjuder in dig till cykelförmånen`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Din arbetsgivare ${params.companyName} har lagt till dig i Pedaali. I Pedaali kan du välja en förmånscykel, se månadsavgiften och bruttolöneavdraget och underteckna leasingavtalet.`,
        params.link
          ? "Ange ett lösenord för ditt konto via länken nedan, så kan du logga in."
          : "Logga in med ditt befintliga Pedaali-konto.",
      ],
      action: params.link
        ? { label: "Ange lösenord", url: params.link }
        : { label: "Logga in", url: params.loginUrl },
      after: params.link
        ? [
            `Länken är giltig i ${valid} och kan användas bara en gång. Om den hinner gå ut, skriv din e-postadress på inloggningssidan så får du en ny länk.`,
          ]
        : [],
    },
  };
  return mail("employee-invitation", lang, content[lang]);
}

/**
 * A company invites a person who already has an account: they join only if they accept, signed in,
 * on their own page. Greeted by their own name, in their own language; nothing is changed yet.
 */
export function employmentInvitationMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string; url: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `${params.companyName} kutsuu sinut työntekijäkseen Pedaalissa`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${params.companyName} haluaa lisätä sinut työntekijäkseen Pedaaliin, jotta voit käyttää sen polkupyöräetua.`,
        "Sinut lisätään vasta, kun hyväksyt kutsun. Kirjaudu sisään nykyisellä Pedaali-tililläsi, niin voit hyväksyä tai hylätä kutsun Oma pyörä -sivulla. Jos et tunne yritystä, hylkää kutsu.",
      ],
      action: { label: "Katso kutsu", url: params.url },
    },
    en: {
      subject: `${params.companyName} invites you to join it as an employee in Pedaali`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${params.companyName} would like to add you to Pedaali as its employee, so that you can use its bike benefit.`,
        "You are added only when you accept the invitation. Log in with your existing Pedaali account to accept or decline it on the My bike page. If you do not know the company, decline the invitation.",
      ],
      action: { label: "See the invitation", url: params.url },
    },
    sv: {
      subject: `${params.companyName} bjuder in dig som arbetstagare i Pedaali`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${params.companyName} vill lägga till dig som arbetstagare i Pedaali, så att du kan använda dess cykelförmån.`,
        "Du läggs till först när du godkänner inbjudan. Logga in med ditt befintliga Pedaali-konto för att godkänna eller avböja den på sidan Min cykel. Om du inte känner till företaget, avböj inbjudan.",
      ],
      action: { label: "Se inbjudan", url: params.url },
    },
  };
  return mail("employment-invitation", lang, content[lang]);
}

/** The employer accepted the joining request: the employee may log in and order. */
export function employeeAcceptedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string; loginUrl: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Rekisteröitymisesi Pedaaliin on hyväksytty",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Työnantajasi ${params.companyName} on hyväksynyt rekisteröitymisesi. Voit nyt kirjautua sisään ja aloittaa työsuhdepyörän tilauksen.`,
      ],
      action: { label: "Kirjaudu sisään", url: params.loginUrl },
    },
    en: {
      subject: "Your registration to Pedaali has been accepted",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Your employer ${params.companyName} has accepted your registration. You can now log in and start ordering your benefit bike.`,
      ],
      action: { label: "Log in", url: params.loginUrl },
    },
    sv: {
      subject: "Din registrering i Pedaali har godkänts",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Din arbetsgivare ${params.companyName} har godkänt din registrering. Du kan nu logga in och beställa din förmånscykel.`,
      ],
      action: { label: "Logga in", url: params.loginUrl },
    },
  };
  return mail("employee-accepted", lang, content[lang]);
}

/** The employer rejected the joining request, with the reason when one was given. */
export function employeeRejectedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string; reason?: string | null },
): RenderedMail {
  const lang = resolveLanguage(language);
  const reason = params.reason?.trim();
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Rekisteröitymistäsi Pedaaliin ei hyväksytty",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Työnantajasi ${params.companyName} ei hyväksynyt rekisteröitymistäsi polkupyöräetuun.`,
        ...(reason ? [`Työnantajasi perustelu: ${reason}`] : []),
        "Jos arvelet tämän olevan virhe, ota yhteyttä työnantajasi henkilöstöhallintoon.",
      ],
    },
    en: {
      subject: "Your registration to Pedaali was not accepted",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Your employer ${params.companyName} did not accept your registration to the bike benefit.`,
        ...(reason ? [`Your employer's reason: ${reason}`] : []),
        "If you think this is a mistake, please contact your employer's HR.",
      ],
    },
    sv: {
      subject: "Din registrering i Pedaali godkändes inte",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Din arbetsgivare ${params.companyName} godkände inte din registrering till cykelförmånen.`,
        ...(reason ? [`Din arbetsgivares motivering: ${reason}`] : []),
        "Om du tror att det är ett misstag, kontakta din arbetsgivares personalförvaltning.",
      ],
    },
  };
  return mail("employee-rejected", lang, content[lang]);
}

/** An employee registered through their employer's registration link; the employer still has to accept. */
export function registrationReceivedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Rekisteröitymisesi Pedaaliin on vastaanotettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Kiitos rekisteröitymisestä! Rekisteröidyit Pedaaliin työnantajasi ${params.companyName} rekisteröintilinkillä.`,
        "Työnantajasi tarkistaa vielä tietosi ja hyväksyy rekisteröitymisesi. Kun se on hyväksytty, voit kirjautua sisään ja aloittaa työsuhdepyörän tilauksen.",
      ],
    },
    en: {
      subject: "Your registration to Pedaali has been received",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Thank you for registering! You registered to Pedaali through the registration link of your employer, ${params.companyName}.`,
        "Your employer will still check your details and accept your registration. Once it has been accepted, you can log in and start ordering your benefit bike.",
      ],
    },
    sv: {
      subject: "Din registrering i Pedaali har tagits emot",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Tack för din registrering! Du registrerade dig i Pedaali via registreringslänken från din arbetsgivare ${params.companyName}.`,
        "Din arbetsgivare kontrollerar ännu dina uppgifter och godkänner din registrering. När den har godkänts kan du logga in och beställa din förmånscykel.",
      ],
    },
  };
  return mail("registration-received", lang, content[lang]);
}

/**
 * The link that confirms a joiner's work e-mail when the address is in the company's domains: opening
 * it accepts them into the company's bike benefit, with no wait for the employer.
 */
export function joinConfirmationMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string; link: string; validDays: number },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Vahvista työsähköpostisi ja liity: ${params.companyName}`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Rekisteröidyit Pedaaliin työnantajasi ${params.companyName} rekisteröintilinkillä. Työsähköpostisi on yrityksen omassa verkkotunnuksessa, joten pääset mukaan heti, kun vahvistat, että osoite on sinun.`,
      ],
      action: { label: "Vahvista ja liity", url: params.link },
      after: [
        `Linkki on voimassa ${params.validDays} päivää, ja sen voi käyttää vain kerran. Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta.`,
      ],
    },
    en: {
      subject: `Confirm your work e-mail and join: ${params.companyName}`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `You registered to Pedaali through the registration link of your employer, ${params.companyName}. Your work e-mail is in the company's own domain, so you join as soon as you confirm the address is yours.`,
      ],
      action: { label: "Confirm and join", url: params.link },
      after: [
        `The link is valid for ${params.validDays} days and can be used only once. If you did not register, you can ignore this message.`,
      ],
    },
    sv: {
      subject: `Bekräfta din arbetsmejl och gå med: ${params.companyName}`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Du registrerade dig i Pedaali via registreringslänken från din arbetsgivare ${params.companyName}. Din arbetsmejl finns i företagets egen domän, så du är med så fort du bekräftar att adressen är din.`,
      ],
      action: { label: "Bekräfta och gå med", url: params.link },
      after: [
        `Länken gäller i ${params.validDays} dagar och kan användas bara en gång. Om du inte registrerade dig kan du lämna detta meddelande utan åtgärd.`,
      ],
    },
  };
  return mail("join-confirmation", lang, content[lang]);
}
