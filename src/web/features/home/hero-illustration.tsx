import classes from "./hero-illustration.module.css";
import artUrl from "./hero-illustration.svg?no-inline";

/**
 * The home hero's drawing, made for Pedaali (hero-illustration.svg): a commuter bike with a rack and
 * mudguards, the payslip its monthly payment comes off, and the calendar of the lease period. A file
 * with a hashed name (immutable caching) rather than inline JSX, so it costs no JavaScript; drawn through
 * <use>, so its colours still come from the theme variables set here, in both schemes. Decorative.
 */
export function HeroIllustration() {
  return (
    <svg
      className={classes.svg}
      viewBox="0 0 440 320"
      aria-hidden="true"
      focusable="false"
      data-testid="hero-illustration"
    >
      <use href={`${artUrl}#art`} />
    </svg>
  );
}
