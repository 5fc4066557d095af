/** The sub-paths of Hakemukset: the order queue is the tab itself, the rest lie below it. */
export const APPLICATIONS_SEGMENT = "yrityshakemukset";
export const ORDER_SEGMENT = "tilaus";
