import { SegmentedControl, useMantineTheme } from "@mantine/core";
import clsx from "clsx";
import { type CSSProperties, type ReactNode, useId } from "react";

const classes = SegmentedControl.classes;

export type SegmentsProps<V extends string> = {
  data: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  className?: string;
  /** The class of each option's box (its separator line is drawn by it). */
  controlClassName?: string;
  style?: CSSProperties;
  [data: `data-${string}`]: string | undefined;
};

/**
 * Options side by side, one of them chosen: Mantine's segmented control as it looks, radio buttons
 * underneath, without its sliding indicator. The indicator measured the options and itself as it
 * mounted, which made the browser lay the whole page out in the middle of the render that showed it
 * (80 ms of a helpdesk's first view on a phone's CPU), and set its own state once per option. Here the
 * chosen option's background is drawn by CSS alone (Mantine's own rule for before it has measured).
 */
export function Segments<V extends string>({
  data,
  value,
  onChange,
  disabled,
  className,
  controlClassName,
  style,
  ...attributes
}: SegmentsProps<V>) {
  const name = useId();
  const { focusRing } = useMantineTheme();
  return (
    <div
      {...attributes}
      role="radiogroup"
      className={clsx(classes.root, className)}
      style={style}
      data-with-items-borders
      data-disabled={disabled || undefined}
    >
      {data.map((item) => {
        const active = item.value === value;
        const id = `${name}-${item.value}`;
        return (
          <div
            key={item.value}
            className={clsx(classes.control, controlClassName)}
            data-active={active || undefined}
          >
            <input
              className={classes.input}
              type="radio"
              name={name}
              value={item.value}
              id={id}
              checked={active}
              disabled={disabled}
              onChange={() => onChange(item.value)}
              data-focus-ring={focusRing}
            />
            <label
              className={classes.label}
              htmlFor={id}
              data-active={(active && !disabled) || undefined}
              data-disabled={disabled || undefined}
            >
              <span className={classes.innerLabel}>{item.label}</span>
            </label>
          </div>
        );
      })}
    </div>
  );
}
