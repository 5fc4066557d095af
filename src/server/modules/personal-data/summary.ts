import type { PersonalDataSection, TPersonalDataExport } from "../../../contract/personal-data.ts";
import { PERSONAL_DATA_SECTIONS } from "../../../contract/personal-data.ts";
import type { Language } from "../../../domain/enums.ts";

type SummaryTexts = {
  title: string;
  intro: (email: string, exportedAt: string) => string;
  files: string;
  filesNone: string;
  contents: string;
  sections: Record<PersonalDataSection, string>;
};

const FI: SummaryTexts = {
  title: "Pedaali – omat tiedot",
  intro: (email, at) =>
    `Tämä paketti sisältää kaikki tiedot, jotka Pedaali-palvelussa on sinusta (${email}), ${at}.\n` +
    "Kaikki tiedot ovat koneluettavina tiedostossa tiedot.json; alla on niiden määrät osioittain.",
  files:
    "Asiakirjat kansioissa (allekirjoitetut sopimukset, luovutuspöytäkirjat, lunastustarjoukset, vakuutusvahinkojen liitteet)",
  filesNone: "Sinulla ei ole tallennettuja asiakirjoja.",
  contents: "Osiot",
  sections: {
    account: "Käyttäjätili",
    profile: "Henkilötiedot",
    preferences: "Asetukset",
    notificationPreferences: "Ilmoitusvalinnat",
    employments: "Työsuhteet",
    absences: "Poissaolot",
    invitations: "Kutsut työsuhteeseen",
    orders: "Tilaukset",
    orderItems: "Tilausrivit",
    cancellations: "Peruutukset",
    leasingAgreements: "Leasingsopimukset",
    signedDocuments: "Allekirjoitetut asiakirjat",
    handovers: "Luovutuspöytäkirjat",
    invoices: "Laskut",
    userPayments: "Omat maksut",
    redemptions: "Lunastukset",
    redemptionOffers: "Lunastustarjoukset",
    redemptionPayments: "Lunastusmaksut",
    insuranceClaims: "Vakuutusvahingot",
    insuranceClaimFiles: "Vakuutusvahinkojen liitteet",
    brokerageListings: "Välityspyörät",
    brokerageInquiries: "Ostokyselyt",
    notifications: "Ilmoitukset palvelussa",
    messages: "Lähetetyt viestit",
    contactForms: "Yhteydenotot",
    sessions: "Kirjautumiset",
    secondFactors: "Kaksivaiheisen tunnistautumisen tavat",
    externalIdentities: "Kertakirjautumisen tunnukset",
    strongIdentifications: "Vahvat tunnistautumiset",
    files: "Tiedostot",
    events: "Tapahtumahistoria",
    accessLog: "Kuka katsoi tietojasi",
  },
};

const EN: SummaryTexts = {
  title: "Pedaali – my data",
  intro: (email, at) =>
    `This package holds everything the Pedaali service has about you (${email}), ${at}.\n` +
    "All of it is machine-readable in tiedot.json; below are the counts per section.",
  files:
    "Documents in folders (signed agreements, handover protocols, redemption offers, insurance claim files)",
  filesNone: "You have no stored documents.",
  contents: "Sections",
  sections: {
    account: "User account",
    profile: "Personal details",
    preferences: "Settings",
    notificationPreferences: "Notification choices",
    employments: "Employments",
    absences: "Absences",
    invitations: "Invitations to an employment",
    orders: "Orders",
    orderItems: "Order lines",
    cancellations: "Cancellations",
    leasingAgreements: "Leasing agreements",
    signedDocuments: "Signed documents",
    handovers: "Handover protocols",
    invoices: "Invoices",
    userPayments: "Own payments",
    redemptions: "Redemptions",
    redemptionOffers: "Redemption offers",
    redemptionPayments: "Redemption payments",
    insuranceClaims: "Insurance claims",
    insuranceClaimFiles: "Insurance claim files",
    brokerageListings: "Brokerage bikes",
    brokerageInquiries: "Purchase inquiries",
    notifications: "Notifications in the service",
    messages: "Messages sent",
    contactForms: "Contact forms",
    sessions: "Sign-ins",
    secondFactors: "Two-step verification methods",
    externalIdentities: "Single sign-on accounts",
    strongIdentifications: "Strong identifications",
    files: "Files",
    events: "Event history",
    accessLog: "Who looked at your data",
  },
};

const SV: SummaryTexts = {
  title: "Pedaali – mina uppgifter",
  intro: (email, at) =>
    `Det här paketet innehåller alla uppgifter som tjänsten Pedaali har om dig (${email}), ${at}.\n` +
    "Alla uppgifter finns maskinläsbart i tiedot.json; nedan är antalet per avsnitt.",
  files:
    "Dokument i mappar (undertecknade avtal, överlåtelseprotokoll, inlösenserbjudanden, bilagor till försäkringsskador)",
  filesNone: "Du har inga sparade dokument.",
  contents: "Avsnitt",
  sections: {
    account: "Användarkonto",
    profile: "Personuppgifter",
    preferences: "Inställningar",
    notificationPreferences: "Val för aviseringar",
    employments: "Anställningar",
    absences: "Frånvaro",
    invitations: "Inbjudningar till en anställning",
    orders: "Beställningar",
    orderItems: "Beställningsrader",
    cancellations: "Avbokningar",
    leasingAgreements: "Leasingavtal",
    signedDocuments: "Undertecknade dokument",
    handovers: "Överlåtelseprotokoll",
    invoices: "Fakturor",
    userPayments: "Egna betalningar",
    redemptions: "Inlösen",
    redemptionOffers: "Inlösenserbjudanden",
    redemptionPayments: "Inlösenbetalningar",
    insuranceClaims: "Försäkringsskador",
    insuranceClaimFiles: "Bilagor till försäkringsskador",
    brokerageListings: "Förmedlingscyklar",
    brokerageInquiries: "Köpförfrågningar",
    notifications: "Aviseringar i tjänsten",
    messages: "Skickade meddelanden",
    contactForms: "Kontaktformulär",
    sessions: "Inloggningar",
    secondFactors: "Sätt för tvåstegsverifiering",
    externalIdentities: "Konton för enkel inloggning",
    strongIdentifications: "Starka identifieringar",
    files: "Filer",
    events: "Händelsehistorik",
    accessLog: "Vem tittade på dina uppgifter",
  },
};

const TEXTS: Record<Language, SummaryTexts> = { fi: FI, en: EN, sv: SV };

/** yhteenveto.txt: what the package holds, in the person's language, one line per section. */
export function summaryText(
  data: TPersonalDataExport,
  filePaths: readonly string[],
  language: Language,
  exportedOn: string,
): string {
  const texts = TEXTS[language] ?? FI;
  const lines = [texts.title, "", texts.intro(data.person.email, exportedOn), "", `${texts.contents}:`];
  for (const section of PERSONAL_DATA_SECTIONS) {
    lines.push(`- ${texts.sections[section]}: ${data[section].length}`);
  }
  lines.push("");
  if (filePaths.length === 0) lines.push(texts.filesNone);
  else lines.push(`${texts.files}:`, ...filePaths.map((path) => `- ${path}`));
  // Windows' Notepad and most readers take CRLF; the BOM marks the text as UTF-8 (ä, ö, å).
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
