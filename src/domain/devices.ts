/**
 * How a person recognises the places they are logged in from (/kayttaja, the new-device mail): the
 * browser and operating system read from the user agent, and the address only as its network, so
 * neither the page nor a mail ever shows anyone's full IP address.
 */

/** Browsers by the marks of their user agents; the first match wins (Edge and Opera also say Chrome). */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b|\bOPiOS\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChromium\//, "Chromium"],
  [/\bChrome\/|\bCriOS\//, "Chrome"],
  [/\bSafari\//, "Safari"],
];

/** Operating systems; iPhones and iPads before macOS, whose words their user agents also carry. */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, "Windows"],
  [/\biPhone\b|\biPod\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]): string | null =>
  table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/**
 * A short description of the device a user agent names: "Chrome, Windows", "Safari, iOS", or what of
 * the two could be read; null when neither could (a script, an empty header), which the page and the
 * mail say in the reader's language.
 */
export function describeDevice(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const parts = [firstMatch(userAgent, BROWSERS), firstMatch(userAgent, SYSTEMS)].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join(", ") : null;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function maskIpv4(address: string): string | null {
  const parts = IPV4.exec(address);
  if (!parts || parts.slice(1).some((part) => Number(part) > 255)) return null;
  return `${Number(parts[1])}.${Number(parts[2])}.${Number(parts[3])}.x`;
}

/** The eight groups of an IPv6 address, or null for anything else. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => (half ? half.split(":") : []);
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return null;
  return all.map((group) => Number.parseInt(group, 16));
}

/**
 * The network an address belongs to, never the address itself: an IPv4 address with its last part
 * hidden (192.168.1.x), an IPv6 address as its /48 (2001:db8:85a3::/48). An IPv4 address written as
 * IPv6 (::ffff:192.168.1.7) is shown as IPv4. Null for no address or anything that is not one.
 */
export function maskIpAddress(address: string | null | undefined): string | null {
  const trimmed = address?.trim().replace(/%.*$/, "") ?? "";
  if (!trimmed) return null;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  if (mapped?.[1]) return maskIpv4(mapped[1]);
  if (!trimmed.includes(":")) return maskIpv4(trimmed);
  const groups = ipv6Groups(trimmed);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toString(16))
    .join(":")}::/48`;
}
