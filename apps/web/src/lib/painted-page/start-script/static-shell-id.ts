/**
 * Id of the page painted from the HTML (apps/web/vite-static-shells.ts). In a file of its own so that the login
 * page's small start script (shell-start.ts) reads it without loading React.
 */
export const STATIC_SHELL_ID = 'static-shell';
