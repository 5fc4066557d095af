/** One e-mail as the app hands it over: always both a plain-text and an HTML body. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Which template made it (e.g. `password-reset`); kept in the outbox for debugging, never sent. */
  template?: string;
  /**
   * Extra header lines of the mail, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a
   * mail a person may turn off.
   */
  headers?: Readonly<Record<string, string>>;
};

/** One text message; SMS is plain text only. `to` is a normalised phone number (+358...). */
export type OutgoingSms = {
  to: string;
  text: string;
  template?: string;
};

/**
 * How the app sends mail and SMS. Built once per app by `createMessaging` and passed around on the
 * AppContext; tests may pass their own.
 */
export type Messaging = {
  /** Resolves when the SMTP server accepted the mail (or it was kept in the dev outbox). */
  sendMail(mail: OutgoingMail): Promise<void>;
  /** Resolves when the SMS provider accepted the message (or it was kept in the dev outbox); throws otherwise. */
  sendSms(sms: OutgoingSms): Promise<void>;
};
