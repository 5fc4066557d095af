/** The side of a QR code on screen, in CSS pixels: large enough for a phone's camera at arm's length. */
const QR_SIZE = 176;

/**
 * A QR code the server made as an SVG document, shown as an image, so nothing of it runs in the page.
 * The SVG brings its own light background and quiet zone, so it scans in the dark colour scheme too;
 * `alt` says what it opens or holds.
 */
export function QrCode({ svg, alt }: { svg: string; alt: string }) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return <img src={src} width={QR_SIZE} height={QR_SIZE} alt={alt} />;
}
