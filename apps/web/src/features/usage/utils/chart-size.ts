/** The height of a usage chart, and of its skeleton while the chart library loads (nothing moves when it comes). */
export const USAGE_CHART_HEIGHT = 220;
