import { SegmentedControl, type SegmentedControlProps } from "@mantine/core";
import "./stacking-segments.css";

/**
 * A segmented control that stacks its options, full width, below a phone's width ("phone", 36em) or a
 * tablet's ("tablet", 62em), where they would not fit side by side; wider, it keeps its own width at
 * the start of its column. The stacking is CSS (stacking-segments.css), so the first render already
 * has it: nothing below the control moves once the page has measured the window.
 */
export function StackingSegments({
  stackBelow,
  ...props
}: Omit<SegmentedControlProps, "orientation" | "fullWidth" | "className" | "classNames"> & {
  stackBelow: "phone" | "tablet";
}) {
  return (
    <SegmentedControl
      {...props}
      className="stacking-segments"
      classNames={{ control: "stacking-segments-control" }}
      data-stack-below={stackBelow}
    />
  );
}
