import { z } from "zod";
import { lazy } from "./lazy.ts";

/**
 * What an OpenID Connect provider sends back through the browser: the code and state of a login or a
 * strong identification, or the error that ended it. The identification broker's callback and a
 * company's own provider's (single sign-on) take the same.
 */
export const zOidcCallbackQuery = lazy(() =>
  z.object({
    code: z.string().max(2000).optional(),
    state: z.string().max(200).optional(),
    iss: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  }),
);
