/** Query keys of the workspaces area (CONVENTIONS section 5: keys are factories). */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  /** GET /v3/workspaces?expandServices=true */
  list: () => [...workspaceKeys.all, 'list'] as const,
};
