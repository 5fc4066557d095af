import { TextInput, type TextInputProps } from "@mantine/core";

export type EuroInputProps = Omit<TextInputProps, "rightSection" | "inputMode"> & {
  /** The label already names the euro ("Summa (€)"), so the sign is not shown twice. */
  euroInLabel?: boolean;
  /** What stands beside the value: the euro sign, or a rate of it ("€/kk"). */
  unit?: string;
};

/**
 * A money field: text, so a half-typed amount stays as typed, read into cents by readEuroInput
 * (src/domain/money.ts) and worded by euroInputError (lib/euro-text.ts), filled by formatEuroInput
 * (lib/formatters.ts). The phone offers its
 * decimal keypad, and the euro sign stands beside the value without being read out twice.
 */
export function EuroInput({ euroInLabel = false, unit = "€", ...rest }: EuroInputProps) {
  return (
    <TextInput
      autoComplete="off"
      {...rest}
      inputMode="decimal"
      {...(euroInLabel
        ? {}
        : {
            rightSection: <span aria-hidden="true">{unit}</span>,
            rightSectionPointerEvents: "none" as const,
            ...(unit.length > 2 ? { rightSectionWidth: 48 } : {}),
          })}
    />
  );
}
