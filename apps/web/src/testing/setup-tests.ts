import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait for what a user would see; Testing Library's 1 s default is a guess about the
// machine's speed, and the full suite runs every project at once on two cores (page renders took 1–3 s there).
// A longer wait changes no assertion: a page that never shows the element still fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Mantine's toast store outlives a test's render.
  notifications.clean();
  // Absent in the files that run as the server does (`@vitest-environment node`).
  globalThis.sessionStorage?.clear();
  globalThis.localStorage?.clear();
});
