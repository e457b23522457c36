/** Query keys of the server status area (CONVENTIONS section 5: keys are factories). */
export const serverStatusKeys = {
  all: ['server-status'] as const,
  health: () => [...serverStatusKeys.all, 'health'] as const,
};
