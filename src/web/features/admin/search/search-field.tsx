import { TextInput, type TextInputProps } from "@mantine/core";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { type IconProps, Svg } from "../../../components/icons.tsx";

function SearchIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Svg>
  );
}

/**
 * The helpdesk search's field in the admin frame's heading row: the whole row's width on a phone, 380
 * px wider up. The search (helpdesk-search.tsx) gives it its value, its results and its keys; the
 * admin area's first view in its HTML (admin-first-view.tsx) draws it as it is before anything is typed.
 */
export function SearchField(props: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      aria-label={t("adminSearch.label")}
      placeholder={t("adminSearch.placeholder")}
      leftSection={<SearchIcon size={16} />}
      w={{ base: "100%", sm: 380 }}
      {...props}
    />
  );
}
