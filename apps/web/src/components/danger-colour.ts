/**
 * The colour of danger text and outlines (Remove, Revoke, Delete account): red 9 on the light page
 * (red 6 is 3.9:1 on white), red 4 on the dark page (red 9 is 2.8:1 on Mantine's dark body). light-dark()
 * follows the `color-scheme` Mantine sets, so one value serves both schemes (axe color-contrast).
 * Filled danger buttons keep red 9 with white text, which reads in both.
 */
export const DANGER_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';
