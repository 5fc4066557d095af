import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatHelsinkiDate, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import type { Language } from "../../../domain/enums.ts";
import type { EmployeeSigningPlace, HandoverKind } from "../../../domain/handovers.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";

/**
 * The handover protocol as a PDF, in the employee's language like the agreement: what the store handed over and the
 * two signatures. Each photo is named with the SHA-256 of its bytes, so the protocol binds the photos
 * kept beside it. The output depends only on the input (no clock), so the same handover renders to
 * the same bytes and the stored SHA-256 can be checked again.
 */

export type HandoverPdfInput = {
  orderNumber: number;
  employeeName: string;
  companyName: string;
  storeName: string;
  kind: HandoverKind;
  frameSerialNumber: string;
  batterySerial: string | null;
  accessories: readonly string[];
  photos: readonly { fileName: string; sha256: string }[];
  store: { signerName: string; signedAt: Date; pickupCodeCheckedAt: Date | null };
  employee: { signerName: string; signedAt: Date; place: EmployeeSigningPlace };
  handoverDate: string;
  leaseStartDate: string;
  defectWindowEndsOn: string | null;
  /** The employee's own language (fi, en or sv): the protocol is written in it. */
  language: Language;
};

type HandoverTexts = {
  locale: string;
  title: string;
  docTitle: (orderNumber: number) => string;
  orderAndDate: (orderNumber: number, date: string) => string;
  parties: string;
  recipient: string;
  employer: string;
  deliverer: string;
  kind: string;
  kinds: Record<HandoverKind, string>;
  handedOverBike: string;
  frameSerialNumber: string;
  batterySerial: string;
  noBattery: string;
  accessories: string;
  noAccessories: string;
  photos: string;
  noPhotos: string;
  leasePeriod: string;
  deliveryDate: string;
  periodStarts: string;
  periodStartsRule: string;
  defectWindow: (date: string) => string;
  signatures: string;
  forTheStore: string;
  signedAt: string;
  pickupCodeChecked: (at: string) => string;
  receiver: string;
  places: Record<EmployeeSigningPlace, string>;
};

/** The protocol's words in each language the employee may have chosen; one place, so the three say the same. */
const TEXTS: Record<Language, HandoverTexts> = {
  fi: {
    locale: "fi-FI",
    title: "Työsuhdepyörän luovutuspöytäkirja",
    docTitle: (n) => `Työsuhdepyörän luovutuspöytäkirja, tilaus ${n}`,
    orderAndDate: (n, d) => `Tilausnumero ${n} · luovutettu ${d}`,
    parties: "Osapuolet",
    recipient: "Vastaanottaja (työntekijä)",
    employer: "Työnantaja",
    deliverer: "Luovuttaja (pyöräliike)",
    kind: "Luovutustapa",
    kinds: { IN_STORE: "Nouto pyöräliikkeestä", SHIPPED: "Toimitus työntekijän osoitteeseen" },
    handedOverBike: "Luovutettu pyörä",
    frameSerialNumber: "Runkonumero",
    batterySerial: "Akun sarjanumero",
    noBattery: "ei akkua",
    accessories: "Varusteet",
    noAccessories: "ei varusteita",
    photos: "Valokuvat luovutushetkellä",
    noPhotos: "Ei valokuvia.",
    leasePeriod: "Sopimuskausi",
    deliveryDate: "Toimituspäivä",
    periodStarts: "Sopimuskausi alkaa",
    periodStartsRule: "Sopimuskausi alkaa pyörän toimitusta seuraavan kuukauden ensimmäisenä päivänä.",
    defectWindow: (d) =>
      `Kuljetuksessa syntyneestä tai toimitetussa pyörässä olevasta viasta voi ilmoittaa Pedaalissa ${d} asti.`,
    signatures: "Allekirjoitukset",
    forTheStore: "Pyöräliikkeen puolesta",
    signedAt: "Allekirjoitettu (Suomen aikaa)",
    pickupCodeChecked: (at) => `Pyöräliike tarkisti työntekijän noutokoodin ${at}.`,
    receiver: "Vastaanottaja",
    places: {
      STORE_DEVICE: "Allekirjoitettu pyöräliikkeen laitteella luovutuksen yhteydessä.",
      OWN_DEVICE: "Allekirjoitettu omalla laitteellaan kirjautuneena Pedaaliin.",
    },
  },
  en: {
    locale: "en-FI",
    title: "Benefit bike handover protocol",
    docTitle: (n) => `Benefit bike handover protocol, order ${n}`,
    orderAndDate: (n, d) => `Order number ${n} · handed over ${d}`,
    parties: "Parties",
    recipient: "Recipient (employee)",
    employer: "Employer",
    deliverer: "Handed over by (bike store)",
    kind: "Handover",
    kinds: { IN_STORE: "Pickup at the bike store", SHIPPED: "Delivery to the employee's address" },
    handedOverBike: "Bike handed over",
    frameSerialNumber: "Frame serial number",
    batterySerial: "Battery serial number",
    noBattery: "no battery",
    accessories: "Accessories",
    noAccessories: "no accessories",
    photos: "Photos at the handover",
    noPhotos: "No photos.",
    leasePeriod: "Lease period",
    deliveryDate: "Delivery date",
    periodStarts: "Lease period starts",
    periodStartsRule: "The lease period starts on the first day of the month after the bike's delivery.",
    defectWindow: (d) =>
      `A defect caused in transport or found in the delivered bike can be reported in Pedaali until ${d}.`,
    signatures: "Signatures",
    forTheStore: "For the bike store",
    signedAt: "Signed (Finnish time)",
    pickupCodeChecked: (at) => `The bike store checked the employee's pickup code at ${at}.`,
    receiver: "Recipient",
    places: {
      STORE_DEVICE: "Signed on the bike store's device at the handover.",
      OWN_DEVICE: "Signed on their own device, logged in to Pedaali.",
    },
  },
  sv: {
    locale: "sv-FI",
    title: "Överlämningsprotokoll för förmånscykel",
    docTitle: (n) => `Överlämningsprotokoll för förmånscykel, beställning ${n}`,
    orderAndDate: (n, d) => `Beställningsnummer ${n} · överlämnad ${d}`,
    parties: "Parter",
    recipient: "Mottagare (arbetstagare)",
    employer: "Arbetsgivare",
    deliverer: "Överlämnare (cykelaffär)",
    kind: "Överlämning",
    kinds: { IN_STORE: "Avhämtning i cykelaffären", SHIPPED: "Leverans till arbetstagarens adress" },
    handedOverBike: "Överlämnad cykel",
    frameSerialNumber: "Ramnummer",
    batterySerial: "Batteriets serienummer",
    noBattery: "inget batteri",
    accessories: "Tillbehör",
    noAccessories: "inga tillbehör",
    photos: "Foton vid överlämningen",
    noPhotos: "Inga foton.",
    leasePeriod: "Avtalsperiod",
    deliveryDate: "Leveransdatum",
    periodStarts: "Avtalsperioden börjar",
    periodStartsRule: "Avtalsperioden börjar den första dagen i månaden efter cykelns leverans.",
    defectWindow: (d) =>
      `Ett fel som uppstått under transporten eller finns i den levererade cykeln kan anmälas i Pedaali till och med ${d}.`,
    signatures: "Underskrifter",
    forTheStore: "För cykelaffären",
    signedAt: "Undertecknat (finsk tid)",
    pickupCodeChecked: (at) => `Cykelaffären kontrollerade arbetstagarens avhämtningskod ${at}.`,
    receiver: "Mottagare",
    places: {
      STORE_DEVICE: "Undertecknat på cykelaffärens enhet vid överlämningen.",
      OWN_DEVICE: "Undertecknat på egen enhet, inloggad i Pedaali.",
    },
  },
};

export async function renderHandoverPdf(input: HandoverPdfInput): Promise<Uint8Array> {
  const t = TEXTS[input.language];
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfSafeText(t.docTitle(input.orderNumber)));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage(t.locale);
  doc.setCreationDate(input.store.signedAt);
  doc.setModificationDate(input.employee.signedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PdfWriter(doc, regular, bold);
  const safe = (text: string) => pdfSafeText(text);

  w.text(t.title, { size: 18, bold: true });
  w.text(t.orderAndDate(input.orderNumber, formatHelsinkiDate(input.handoverDate)), { color: GREY });
  w.gap();

  w.text(t.parties, { size: 12, bold: true });
  w.row(t.recipient, safe(input.employeeName));
  w.row(t.employer, safe(input.companyName));
  w.row(t.deliverer, safe(input.storeName));
  w.row(t.kind, t.kinds[input.kind]);
  w.gap();

  w.text(t.handedOverBike, { size: 12, bold: true });
  w.row(t.frameSerialNumber, safe(input.frameSerialNumber));
  w.row(t.batterySerial, input.batterySerial ? safe(input.batterySerial) : t.noBattery);
  if (input.accessories.length === 0) w.row(t.accessories, t.noAccessories);
  for (const [index, accessory] of input.accessories.entries()) {
    w.row(index === 0 ? t.accessories : "", safe(accessory));
  }
  w.gap();

  w.text(t.photos, { size: 12, bold: true });
  if (input.photos.length === 0) w.text(t.noPhotos, { color: GREY });
  for (const photo of input.photos) {
    w.text(safe(photo.fileName));
    w.text(`SHA-256 ${photo.sha256}`, { size: 8, color: GREY });
  }
  w.gap();

  w.text(t.leasePeriod, { size: 12, bold: true });
  w.row(t.deliveryDate, formatHelsinkiDate(input.handoverDate));
  w.row(t.periodStarts, formatHelsinkiDate(input.leaseStartDate));
  w.text(t.periodStartsRule, { color: GREY });
  if (input.defectWindowEndsOn) w.text(t.defectWindow(formatHelsinkiDate(input.defectWindowEndsOn)));
  w.gap();

  w.text(t.signatures, { size: 12, bold: true });
  w.row(t.forTheStore, safe(input.store.signerName));
  w.row(t.signedAt, formatHelsinkiDateTime(input.store.signedAt));
  if (input.store.pickupCodeCheckedAt) {
    w.text(t.pickupCodeChecked(formatHelsinkiDateTime(input.store.pickupCodeCheckedAt)), { color: GREY });
  }
  w.gap(4);
  w.row(t.receiver, safe(input.employee.signerName));
  w.row(t.signedAt, formatHelsinkiDateTime(input.employee.signedAt));
  w.text(t.places[input.employee.place], { color: GREY });

  return doc.save({ useObjectStreams: false });
}
