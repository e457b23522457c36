/**
 * The colour of good-news text (a name that is available): teal 9 on the light page, teal 4 on the dark page
 * (teal 9 is 2.7:1 on Mantine's dark surfaces, axe color-contrast). light-dark() follows the `color-scheme` Mantine
 * sets, so one value serves both schemes, as DANGER_TEXT does for danger.
 */
export const SUCCESS_TEXT = 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))';
