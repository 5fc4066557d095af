// What other features may use of this one: a feature imports another only through its index.
export { relativeTimeText } from "./notification-texts.ts";
