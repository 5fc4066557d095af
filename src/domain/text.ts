/** Empty text, once trimmed, means none: an optional text is stored as null, never as "" or spaces. */
export function textOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
