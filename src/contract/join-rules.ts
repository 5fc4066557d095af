import { z } from "zod";
import { DOMAIN_JOINER_TREATMENTS, MAX_JOIN_DOMAINS } from "../domain/join-rules.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zEmailDomain } from "./single-sign-on.ts";

/**
 * A company's rule for joiners at its registration link with a work e-mail of its own domains
 * (src/domain/join-rules.ts), on its settings page (company-settings.manage), and the public
 * confirmation of a domain joiner's address.
 */

export const zJoinRuleInput = lazy(() =>
  z
    .object({
      domains: z.array(zEmailDomain).max(MAX_JOIN_DOMAINS),
      domainJoiners: z.enum(DOMAIN_JOINER_TREATMENTS),
      domainsOnly: z.boolean(),
    })
    .superRefine((rule, issue) => {
      if (rule.domainsOnly && rule.domains.length === 0) {
        issue.addIssue({
          code: "custom",
          path: ["domains"],
          message: "Name at least one domain when only its addresses may join",
        });
      }
    }),
);
export type TJoinRuleInput = z.infer<typeof zJoinRuleInput>;

export const zJoinRule = lazy(() =>
  z.object({
    domains: z.array(z.string()),
    domainJoiners: z.enum(DOMAIN_JOINER_TREATMENTS),
    domainsOnly: z.boolean(),
    /** The domain of the user's own login, which they may add themselves; null for the helpdesk (any). */
    ownDomain: z.string().nullable(),
    /** The company's single sign-on domains, verified by the helpdesk when it set them. */
    singleSignOnDomains: z.array(z.string()),
  }),
);
export type TJoinRule = z.infer<typeof zJoinRule>;

const zJoinConfirmationRequest = lazy(() => z.object({ token: z.string().min(20).max(200) }));

/** JOINED: accepted now; WAITS: the employer decides (its rule changed since); INVALID: unknown, used or expired. */
export const zJoinConfirmation = lazy(() =>
  z.object({
    outcome: z.enum(["JOINED", "WAITS", "INVALID"]),
    companyName: z.string().nullable(),
  }),
);

export const joinRulesApi = lazy(() => ({
  rule: endpoint({
    method: "GET",
    path: "/companies/:id/join-rule",
    summary: "The company's rule for joiners at its registration link with an address of its own domains",
    params: zIdParams,
    response: zJoinRule,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/companies/:id/join-rule",
    summary:
      "Set the company's verified e-mail domains and whether their joiners are accepted once their address is confirmed; a new domain must be the saver's own login domain or a single sign-on domain (the helpdesk adds any), never a public mail service",
    params: zIdParams,
    body: zJoinRuleInput,
    response: zJoinRule,
    errors: [400, 401, 403, 404],
  }),
  confirm: endpoint({
    method: "POST",
    path: "/register/confirm-join",
    summary:
      "A joiner confirms the address they joined with, by the link mailed to it; the company's rule decides whether they are accepted now",
    body: zJoinConfirmationRequest,
    response: zJoinConfirmation,
    errors: [400, 429],
  }),
}));
