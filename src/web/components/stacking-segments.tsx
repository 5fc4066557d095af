import { Segments, type SegmentsProps } from "./segments.tsx";
import "./stacking-segments.css";

/**
 * Segments that stack their options, full width, below a phone's width ("phone", 36em) or a tablet's
 * ("tablet", 62em), where they would not fit side by side; wider, they keep their own width at the start
 * of their column. The stacking is CSS (stacking-segments.css), so the first render already has it:
 * nothing below the control moves once the page has measured the window.
 */
export function StackingSegments<V extends string>({
  stackBelow,
  ...props
}: Omit<SegmentsProps<V>, "className" | "controlClassName"> & { stackBelow: "phone" | "tablet" }) {
  return (
    <Segments
      {...props}
      className="stacking-segments"
      controlClassName="stacking-segments-control"
      data-stack-below={stackBelow}
    />
  );
}
