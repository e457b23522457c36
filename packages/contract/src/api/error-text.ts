import { DANGER_TOAST_TITLE } from '../constants';
import { GENERAL_MESSAGES } from '../messages';

/**
 * The error text rules of spec section 8 ("General"), as a pure function so the web client,
 * tests and any future client share one reading of them. It works on plain data: any object
 * with some of these fields (the web's ApiError has them; so does a plain Error).
 */
export interface ErrorLike {
  /** A text already chosen for the user by the caller; wins over everything else. */
  friendlyMessage?: unknown;
  /** `${method} ${url} failed with status ${status}: ${serverMessage}` for failed API calls. */
  technicalMessage?: unknown;
  /** The error envelope's `message`, as the server sent it. */
  serverMessage?: unknown;
  /** A server-provided reason (older endpoints answer `{ valid, reason }`). */
  reason?: unknown;
  /** The error's own message (for an ApiError: the generic API failure text). */
  message?: unknown;
  /** The HTTP status of a failed API call (0 when no answer came). */
  status?: unknown;
}

export type UserErrorVariant = 'danger' | 'warning';

export interface UserError {
  variant: UserErrorVariant;
  /** 'Error' for danger (spec section 9), 'Warning' for warnings. */
  title: string;
  /** The first line: the context sentence when a context is given, otherwise the detail. */
  message: string;
  /** The second line, present only when `message` is the context sentence. */
  detail?: string;
  /** The technical message, kept for logs and support even when not shown. */
  technical?: string;
}

export interface ToUserErrorOptions {
  /** Names what the user was doing: 'An error was encountered in {context}'. */
  context?: string;
  /** Known server messages mapped to friendlier text (spec section 8). */
  friendlyMessages?: Readonly<Record<string, string>>;
}

export const WARNING_TOAST_TITLE = 'Warning';

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function isWarning(message: string | undefined): message is string {
  return message !== undefined && message.startsWith(GENERAL_MESSAGES.warningPrefix);
}

function stripWarningPrefix(message: string): string {
  return message.slice(GENERAL_MESSAGES.warningPrefix.length).trim();
}

function isClientError(status: unknown): boolean {
  return typeof status === 'number' && status >= 400 && status < 500;
}

function readErrorLike(error: unknown): ErrorLike {
  if (typeof error === 'string') return { message: error };
  if (typeof error === 'object' && error !== null) return error as ErrorLike;
  return {};
}

/**
 * Picks the text shown for a failure. Fallback order (spec section 8): friendly message (an
 * explicit one, or the server message looked up in the friendly catalogue), technical
 * message, server reason or message, error message, 'An error occurred'.
 *
 * The "technical message" step is a failed API call (it carries one). Spec section 8 wraps such a
 * failure "with a technical message ... and the user text", so the person reads the user text
 * ('An API call failure occurred ...'), and the technical message (method, URL, status) is kept in
 * `technical` for details and the console, never as the headline. A client error (4xx) is the
 * exception: its envelope message names what is wrong for people (decision 003, e.g. 'Too many
 * attempts. Try again in 12 minutes.'), so that message is shown (docs/decisions/018).
 *
 * A server message starting with 'WARNING:' (or a friendly text that does) is meant for the
 * user as it stands: it becomes a warning and is shown without the prefix.
 */
export function toUserError(error: unknown, options: ToUserErrorOptions = {}): UserError {
  const source = readErrorLike(error);
  const serverMessage = text(source.serverMessage);
  const reason = text(source.reason);
  const technical = text(source.technicalMessage);
  const catalogue = options.friendlyMessages ?? {};
  const lookupKey = serverMessage ?? reason;
  const friendly =
    text(source.friendlyMessage) ??
    (lookupKey !== undefined && Object.hasOwn(catalogue, lookupKey)
      ? text(catalogue[lookupKey])
      : undefined);

  let variant: UserErrorVariant = 'danger';
  let detail: string;
  if (friendly !== undefined) {
    variant = isWarning(friendly) ? 'warning' : 'danger';
    detail = variant === 'warning' ? stripWarningPrefix(friendly) : friendly;
  } else if (isWarning(reason ?? serverMessage)) {
    variant = 'warning';
    detail = stripWarningPrefix((reason ?? serverMessage) as string);
  } else if (technical !== undefined) {
    const userText = text(source.message) ?? GENERAL_MESSAGES.apiCallFailure;
    detail = isClientError(source.status) ? (reason ?? serverMessage ?? userText) : userText;
  } else {
    detail = reason ?? serverMessage ?? text(source.message) ?? GENERAL_MESSAGES.fallback;
  }
  // A prefix-only warning ('WARNING:') leaves nothing to show.
  if (detail === '') detail = GENERAL_MESSAGES.fallback;

  const title = variant === 'warning' ? WARNING_TOAST_TITLE : DANGER_TOAST_TITLE;
  const context = text(options.context);
  const result: UserError =
    context === undefined
      ? { variant, title, message: detail }
      : { variant, title, message: GENERAL_MESSAGES.errorInContext(context), detail };
  if (technical !== undefined) result.technical = technical;
  return result;
}
