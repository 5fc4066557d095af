/**
 * docs/product.md "Field rules" website rule: starts with http:// or https:// (optionally followed by www.) or with just
 * www., then a domain whose top-level domain is 2 to 6 letters; a port and a path may follow.
 */

const DOMAIN_LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";
const WEBSITE_URL_PATTERN = new RegExp(
  `^(?:https?://(?:www\\.)?|www\\.)(?:${DOMAIN_LABEL}\\.)+[a-z]{2,6}(?::\\d{1,5})?(?:[/?#]\\S*)?$`,
  "i",
);

export function isValidWebsiteUrl(value: string): boolean {
  return WEBSITE_URL_PATTERN.test(value);
}
