/** The mini-cart is 360px wide and scrolls above 500px. */
export const PANEL_WIDTH = 360;
export const PANEL_MAX_HEIGHT = 500;
/** Below the shell's sm breakpoint the panel spans the viewport, less this margin each side. */
export const SMALL_SCREEN = 576;
export const EDGE_MARGIN = 8;
const GAP = 8;
const MIN_HEIGHT = 220;

export interface Placement {
  /** Relative to the trigger's wrapper, which the panel is absolutely positioned in. */
  readonly left: number;
  readonly width: number;
  readonly maxHeight: number;
}

export interface Box {
  readonly left: number;
  readonly right: number;
  readonly bottom: number;
}

/**
 * Where the panel goes: right-aligned under the trigger and 360px wide, nudged to stay inside
 * the viewport; on small screens the full width less a margin each side. Its height is capped at
 * 500px and at the room left below the trigger, so its own scrollbar does the scrolling.
 */
export function placePanel(wrapper: Box, viewportWidth: number, viewportHeight: number): Placement {
  const room = Math.max(0, viewportWidth - 2 * EDGE_MARGIN);
  const width = viewportWidth < SMALL_SCREEN ? room : Math.min(PANEL_WIDTH, room);
  const wanted = wrapper.right - width;
  const left = Math.min(Math.max(wanted, EDGE_MARGIN), viewportWidth - EDGE_MARGIN - width);
  const below = viewportHeight - wrapper.bottom - GAP - EDGE_MARGIN;
  const maxHeight = Math.min(PANEL_MAX_HEIGHT, Math.max(MIN_HEIGHT, below));
  return { left: Math.round(left - wrapper.left), width: Math.round(width), maxHeight: Math.round(maxHeight) };
}
