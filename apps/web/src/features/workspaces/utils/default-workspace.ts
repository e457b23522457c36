/** localStorage key of the last chosen workspace, used by `/workspace`. */
export const DEFAULT_WORKSPACE_KEY = 'herald-default-workspace';

export function readDefaultWorkspaceId(): string | null {
  try {
    return localStorage.getItem(DEFAULT_WORKSPACE_KEY);
  } catch {
    return null;
  }
}

export function rememberDefaultWorkspaceId(workspaceId: string): void {
  try {
    localStorage.setItem(DEFAULT_WORKSPACE_KEY, workspaceId);
  } catch {
    // Storage unavailable (private mode): the first workspace is the default then.
  }
}

export function forgetDefaultWorkspaceId(): void {
  try {
    localStorage.removeItem(DEFAULT_WORKSPACE_KEY);
  } catch {
    // Nothing stored then.
  }
}
