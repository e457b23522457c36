import { z } from 'zod';

/**
 * Field building blocks shared by the entity and request schemas.
 *
 * Spec section 5 leaves most bounds "not shown"; the values below are our decisions and are API:
 * the web forms and the server validate with the same schemas (CONVENTIONS section 7).
 */
export const FIELD_LIMITS = {
  /** Person names, company names, labels. */
  name: 100,
  /** Team (workspace) name, spec section 2 "Create team modal". */
  teamName: 64,
  email: 254,
  passwordMin: 8,
  /** Long enough for pass phrases, short enough to bound hashing cost. */
  passwordMax: 128,
  id: 128,
  url: 2048,
  /** Free text such as a configuration value or a topic path. */
  text: 1024,
} as const;

/** Trimmed text that must not be empty, with a readable message for each bound. */
export function requiredText(label: string, max: number = FIELD_LIMITS.name) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

/** Trimmed text that may be empty or absent. */
export function optionalText(label: string, max: number = FIELD_LIMITS.name) {
  return z.string().trim().max(max, `${label} must be at most ${max} characters`).optional();
}

/**
 * An identifier in a path or body: what our server generates (UUIDs, slugs) fits; slashes,
 * spaces and control characters do not, so an id can never escape its path segment.
 */
export const idSchema = z
  .string({ error: 'An id is required' })
  .trim()
  .min(1, 'An id is required')
  .max(FIELD_LIMITS.id, `An id must be at most ${FIELD_LIMITS.id} characters`)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/,
    'An id may contain only letters, digits, ".", "_", ":" and "-"',
  );

/** E-mail addresses are trimmed and lower-cased so that sign-up and invites match one account. */
export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(FIELD_LIMITS.email, `E-mail must be at most ${FIELD_LIMITS.email} characters`)
  .pipe(z.email('Enter a valid e-mail address'));

/** Account password rules (spec section 5: "not shown"; decided: 8..128 characters, not blank). */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(FIELD_LIMITS.passwordMin, `Password must be at least ${FIELD_LIMITS.passwordMin} characters`)
  .max(FIELD_LIMITS.passwordMax, `Password must be at most ${FIELD_LIMITS.passwordMax} characters`)
  .refine((value) => value.trim().length > 0, 'Password must not be blank');

export const httpUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL' })
  .max(FIELD_LIMITS.url, `A URL must be at most ${FIELD_LIMITS.url} characters`);

/** Unix time in seconds (spec: billing periods, invoice summaries, usage ranges). */
export const unixSecondsSchema = z.number().int().nonnegative();
/** Unix time in milliseconds (spec: notification dateStart; our choice for scheduled timestamps). */
export const unixMillisSchema = z.number().int().nonnegative();

/** Money in the currency's minor unit (spec section 9: "amounts are in cents"). */
export const centsSchema = z.number().int();
/** ISO 4217 code; our payment adapters send it lower-case like Stripe does. */
export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'A currency is a 3-letter ISO 4217 code');

/** A JSON object whose shape the contract does not fix. */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/** Colour as #rgb or #rrggbb (spec section 2: the bar follows the service's hint colour). */
export const hexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Enter a colour such as #1a2b3c');

// Query strings arrive as text (spec section 7 query parameters); these parse them strictly.

/** 'true' | 'false' only: '1', 'yes' or '' are rejected rather than guessed. */
export const queryBooleanSchema = z
  .enum(['true', 'false'], { error: "Must be 'true' or 'false'" })
  .transform((value) => value === 'true');

export function queryIntegerSchema(
  label: string,
  min: number,
  max: number = Number.MAX_SAFE_INTEGER,
) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);
}

/** The last second a JavaScript Date holds (8.64e15 ms): a later "time" is not one, and must be a 400, not a 500. */
export const MAX_UNIX_SECONDS = 8_640_000_000_000;

/** A unix-seconds query parameter such as usage `from`/`to` or invoice `startDate`/`endDate`. */
export function queryUnixSecondsSchema(label: string) {
  return queryIntegerSchema(label, 0, MAX_UNIX_SECONDS);
}

/** Body of a `{ data: { message } }` reply (spec section 7: change-password's data.message is read). */
export const messageReplySchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** A POST that creates something and answers with its id (spec section 7, Kafka gateway: "returns id"). */
export const createdIdSchema = z.object({ id: z.string() });
export type CreatedId = z.infer<typeof createdIdSchema>;

/** No body: 204 replies. */
export const noContentSchema = z.void();
