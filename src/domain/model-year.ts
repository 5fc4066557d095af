/**
 * The model years a bike may have, in every form and contract that takes one (and in their messages).
 * Kept apart from constants.ts, which the home page's entry carries: these belong to the pages that
 * take a bike's details.
 */
export const MODEL_YEAR_MIN = 1950;
export const MODEL_YEAR_MAX = 2100;
