import { TextInput, type TextInputProps } from "@mantine/core";

export type EuroInputProps = Omit<TextInputProps, "rightSection" | "inputMode"> & {
  /** The label already names the euro ("Summa (€)"), so the sign is not shown twice. */
  euroInLabel?: boolean;
};

/**
 * A money field: text, so a half-typed amount stays as typed, read into cents by parseEuroInput
 * (src/domain/money.ts) and filled by formatEuroInput (lib/formatters.ts). The phone offers its
 * decimal keypad, and the euro sign stands beside the value without being read out twice.
 */
export function EuroInput({ euroInLabel = false, ...rest }: EuroInputProps) {
  return (
    <TextInput
      autoComplete="off"
      {...rest}
      inputMode="decimal"
      {...(euroInLabel
        ? {}
        : {
            rightSection: <span aria-hidden="true">€</span>,
            rightSectionPointerEvents: "none" as const,
          })}
    />
  );
}
