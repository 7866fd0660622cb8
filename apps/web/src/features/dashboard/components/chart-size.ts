/** Height of each dashboard chart, also of the space kept for it while its code loads. */
export const CHART_HEIGHT = 240;
