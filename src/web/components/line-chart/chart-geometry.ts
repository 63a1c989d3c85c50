/** Chart sizes shared by the page (which measures and thins) and the lazily loaded chart. */
export const CHART_MARGIN = { top: 12, right: 16, bottom: 8, left: 8 } as const;
export const Y_AXIS_WIDTH = 84;
export const X_AXIS_HEIGHT = 30;
export const CHART_HEIGHT = 360;

/** The x-axis' pixel width: above this many points the drawing is thinned (LTTB). */
export const plotWidthOf = (width: number): number =>
  Math.max(0, width - CHART_MARGIN.left - CHART_MARGIN.right - Y_AXIS_WIDTH);
