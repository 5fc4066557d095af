/** The public contact form's rules (docs/data-model.md "Contact form"), shared by the form page and the server. */
export const CONTACT_TOPICS = ["EMPLOYER", "EMPLOYEE", "BIKE_STORE", "PRESS", "OTHER"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

export function isContactTopic(value: string): value is ContactTopic {
  return (CONTACT_TOPICS as readonly string[]).includes(value);
}
