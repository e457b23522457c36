/**
 * The operator's command line (issue 13 "Operator controls"): `npm run operator -- <command> [args]`.
 *
 * TO BE BUILT (issue 13, invoicing/operator builder): forward the command to the running server's operator channel
 * on loopback, authenticated by a token only someone who can read the server's DATA_DIR holds (as the mail outbox's,
 * docs/decisions/011), print its output lines and exit with its code. Commands are in `commands/`.
 */
export {};
