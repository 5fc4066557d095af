import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * Real servers for tests of mail and SMS (docs/decisions/001-stack.md: mail is tested through a real SMTP server, not
 * a mock). Test-only: nothing in the app imports this file, so smtp-server stays a dev dependency.
 */

type ReceivedMail = {
  /** The SMTP envelope. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** Decoded headers, lower-case names (`from`, `to`, `subject`...). */
  headers: Record<string, string>;
  /** Decoded bodies of the text/plain and text/html parts; null when the part is missing. */
  text: string | null;
  html: string | null;
  raw: string;
};

export type SmtpSink = { url: string; messages: ReceivedMail[]; close(): Promise<void> };

/** An SMTP server on 127.0.0.1 (random port) that accepts every mail and keeps it in `messages`. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP: with STARTTLS offered, nodemailer would upgrade and reject the self-signed test cert.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelope = session.envelope;
        messages.push({
          envelopeFrom: envelope.mailFrom ? envelope.mailFrom.address : "",
          envelopeTo: envelope.rcptTo.map((r) => r.address),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type ReceivedSms = { method: string; headers: IncomingHttpHeaders; body: unknown };
export type SmsSink = {
  url: string;
  requests: ReceivedSms[];
  /** The status the provider answers with (default 202). */
  status: number;
  close(): Promise<void>;
};

/** An HTTP SMS provider on 127.0.0.1 (random port) that records every request body as JSON. */
export async function startSmsSink(): Promise<SmsSink> {
  const sink: SmsSink = { url: "", requests: [], status: 202, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Kept as text: the test then sees that the client did not send JSON.
      }
      sink.requests.push({ method: req.method ?? "", headers: req.headers, body });
      res.writeHead(sink.status, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  sink.url = `http://127.0.0.1:${port}/sms`;
  sink.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return sink;
}

// A small MIME reader, enough for what nodemailer writes (headers with encoded words, nested
// multiparts, quoted-printable, base64, 7bit), so tests assert on decoded text.

function splitHeadersAndBody(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = end >= 0 ? raw.slice(0, end) : raw;
  const body = end >= 0 ? raw.slice(end + 4) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function parseMessage(raw: string): Pick<ReceivedMail, "headers" | "text" | "html"> {
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  const visit = (part: string): Record<string, string> => {
    const { headers, body } = splitHeadersAndBody(part);
    const type = headers["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith("--")) break;
        visit(section.replace(/^\r\n/, "").replace(/\r\n$/, ""));
      }
    } else if (type.toLowerCase().startsWith("text/html")) {
      found.html = decodeBody(body, headers["content-transfer-encoding"]);
    } else if (type.toLowerCase().startsWith("text/plain")) {
      found.text = decodeBody(body, headers["content-transfer-encoding"]);
    }
    return headers;
  };
  const headers = visit(raw);
  return { headers, ...found };
}
