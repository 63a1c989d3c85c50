import { CATEGORIES } from '../../../contract/categories';

/**
 * The floor chart's height, known before the chart loads: one bar row per category plus the axis.
 * The page reserves it while the answer and the chart's chunk are on their way, so nothing under
 * the chart moves when they arrive (the floor page shifted by 0.30 when they did).
 */
export const FLOOR_CHART_ROW_HEIGHT = 22;
export const floorChartHeight = (rowCount: number): number => rowCount * FLOOR_CHART_ROW_HEIGHT + 40;
/** Before the answer: every category, the usual case (the floor lists each one with listings). */
export const EXPECTED_FLOOR_ROWS = CATEGORIES.length;
