import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Mantine's toast store outlives a test's render.
  notifications.clean();
  sessionStorage.clear();
  localStorage.clear();
});
