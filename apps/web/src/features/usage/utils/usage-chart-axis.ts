import type { UsagePeriod } from '@herald/contract/constants';

/*
 * How the usage charts place their steps and their axis labels (issue 25, item 21). Each point of a series is one
 * step (a minute, an hour or a day) and sits on its own label, as a bar does.
 */

/**
 * The curve of a level chart (sessions, topics): 'step' draws each step's level centred on its label, from half a
 * step before it to half a step after, where the messages chart draws that step's bar. 'stepAfter' drew it from its
 * label to the next one, so Friday's level read as Friday to Saturday (a day late) and the last day had no width.
 */
export const LEVEL_CURVE = 'step' as const;

/**
 * Which x-axis labels to draw: all seven days of a week, whatever the width (seven short weekday names fit a
 * 360 px phone; the chart library's own thinning dropped "Thu" there, and a missing day reads as a missing day of
 * data). Longer series keep the library's thinning, first and last labels included.
 */
export function axisTickInterval(period: UsagePeriod): number | 'preserveStartEnd' {
  return period === 'isoWeek' ? 0 : 'preserveStartEnd';
}
