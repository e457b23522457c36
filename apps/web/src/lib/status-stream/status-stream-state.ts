/**
 * Which workspaces have an open status stream in this tab (status-stream.ts). Kept apart so the query options can
 * read it without importing the stream.
 */
const openWorkspaces = new Set<string>();

export function setStatusStreamOpen(workspaceId: string, isOpen: boolean): void {
  if (isOpen) openWorkspaces.add(workspaceId);
  else openWorkspaces.delete(workspaceId);
}

/**
 * Whether a status stream is open in this tab: the status polls then stop (the stream pushes each change) and
 * resume as the fallback while it is down. A tab shows one workspace's services at a time.
 */
export function isStatusStreamOpen(): boolean {
  return openWorkspaces.size > 0;
}
