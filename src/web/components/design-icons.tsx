/**
 * Icons of the design-system parts (empty states, errors, sorting), inline like the shell's icons.tsx
 * so that no icon library is needed. Decorative only: the text next to each says the same.
 */

import { type IconProps, Svg as ShellSvg } from "./icons.tsx";

/** The shell's icon grid, 20 px unless told. */
function Svg({ size = 20, children }: IconProps & { children: React.ReactNode }) {
  return <ShellSvg size={size}>{children}</ShellSvg>;
}

export function InboxIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M22 12h-6l-2 3h-4l-2-3H2" />
      <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
    </Svg>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 8v4M12 16h.01" />
    </Svg>
  );
}

export function SortIcon({ direction, ...props }: IconProps & { direction: "asc" | "desc" | null }) {
  return (
    <Svg {...props}>
      {direction !== "desc" && <path d="m8 9 4-4 4 4" opacity={direction === "asc" ? 1 : 0.45} />}
      {direction !== "asc" && <path d="m8 15 4 4 4-4" opacity={direction === "desc" ? 1 : 0.45} />}
    </Svg>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="m9 18 6-6-6-6" />
    </Svg>
  );
}
