import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatHelsinkiDate, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import type { EmployeeSigningPlace, HandoverKind } from "../../../domain/handovers.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";

/**
 * The handover protocol as a PDF, in Finnish like the agreement: what the store handed over and the
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
  frameNumber: string;
  batterySerial: string | null;
  accessories: readonly string[];
  photos: readonly { fileName: string; sha256: string }[];
  store: { signerName: string; signedAt: Date; pickupCodeCheckedAt: Date | null };
  employee: { signerName: string; signedAt: Date; place: EmployeeSigningPlace };
  handoverDate: string;
  leaseStartDate: string;
  defectWindowEndsOn: string | null;
};

const PLACES: Record<EmployeeSigningPlace, string> = {
  STORE_DEVICE: "pyöräliikkeen laitteella luovutuksen yhteydessä",
  OWN_DEVICE: "omalla laitteellaan kirjautuneena Pedaaliin",
};

export async function renderHandoverPdf(input: HandoverPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfSafeText(`Työsuhdepyörän luovutuspöytäkirja, tilaus ${input.orderNumber}`));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage("fi-FI");
  doc.setCreationDate(input.store.signedAt);
  doc.setModificationDate(input.employee.signedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PdfWriter(doc, regular, bold);
  const safe = (text: string) => pdfSafeText(text);

  w.text("Työsuhdepyörän luovutuspöytäkirja", { size: 18, bold: true });
  w.text(`Tilausnumero ${input.orderNumber} · luovutettu ${formatHelsinkiDate(input.handoverDate)}`, {
    color: GREY,
  });
  w.gap();

  w.text("Osapuolet", { size: 12, bold: true });
  w.row("Vastaanottaja (työntekijä)", safe(input.employeeName));
  w.row("Työnantaja", safe(input.companyName));
  w.row("Luovuttaja (pyöräliike)", safe(input.storeName));
  w.row(
    "Luovutustapa",
    input.kind === "IN_STORE" ? "Nouto pyöräliikkeestä" : "Toimitus työntekijän osoitteeseen",
  );
  w.gap();

  w.text("Luovutettu pyörä", { size: 12, bold: true });
  w.row("Runkonumero", safe(input.frameNumber));
  w.row("Akun sarjanumero", input.batterySerial ? safe(input.batterySerial) : "ei akkua");
  if (input.accessories.length === 0) w.row("Varusteet", "ei varusteita");
  for (const [index, accessory] of input.accessories.entries()) {
    w.row(index === 0 ? "Varusteet" : "", safe(accessory));
  }
  w.gap();

  w.text("Valokuvat luovutushetkellä", { size: 12, bold: true });
  if (input.photos.length === 0) w.text("Ei valokuvia.", { color: GREY });
  for (const photo of input.photos) {
    w.text(safe(photo.fileName));
    w.text(`SHA-256 ${photo.sha256}`, { size: 8, color: GREY });
  }
  w.gap();

  w.text("Sopimuskausi", { size: 12, bold: true });
  w.row("Toimituspäivä", formatHelsinkiDate(input.handoverDate));
  w.row("Sopimuskausi alkaa", formatHelsinkiDate(input.leaseStartDate));
  w.text("Sopimuskausi alkaa pyörän toimitusta seuraavan kuukauden ensimmäisenä päivänä.", { color: GREY });
  if (input.defectWindowEndsOn) {
    w.text(
      `Kuljetuksessa syntyneestä tai toimitetussa pyörässä olevasta viasta voi ilmoittaa Pedaalissa ${formatHelsinkiDate(input.defectWindowEndsOn)} asti.`,
    );
  }
  w.gap();

  w.text("Allekirjoitukset", { size: 12, bold: true });
  w.row("Pyöräliikkeen puolesta", safe(input.store.signerName));
  w.row("Allekirjoitettu (Suomen aikaa)", formatHelsinkiDateTime(input.store.signedAt));
  if (input.store.pickupCodeCheckedAt) {
    w.text(
      `Pyöräliike tarkisti työntekijän noutokoodin ${formatHelsinkiDateTime(input.store.pickupCodeCheckedAt)}.`,
      { color: GREY },
    );
  }
  w.gap(4);
  w.row("Vastaanottaja", safe(input.employee.signerName));
  w.row("Allekirjoitettu (Suomen aikaa)", formatHelsinkiDateTime(input.employee.signedAt));
  w.text(`Allekirjoitettu ${PLACES[input.employee.place]}.`, { color: GREY });

  return doc.save({ useObjectStreams: false });
}
