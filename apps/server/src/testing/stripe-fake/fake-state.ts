import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { FormObject, FormValue } from './form-body';
import type { TestCard } from './test-cards';

/** Stripe's error object (`{ error: { … } }` in a response). */
export interface StripeErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  charge?: string;
}

/**
 * An API error. `executed` says whether the endpoint had begun its work: Stripe saves the result of such a request
 * under its idempotency key (a card decline is replayed), but not a request refused by validation.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly executed = false,
  ) {
    super(body.message);
  }
}

export type StoredObject =
  | Stripe.Customer
  | Stripe.Checkout.Session
  | Stripe.SetupIntent
  | Stripe.PaymentMethod
  | Stripe.Invoice
  | Stripe.InvoiceItem;

export interface FakeState {
  /** Every object by id (ids carry their type's prefix, as Stripe's do). */
  objects: Map<string, StoredObject>;
  /** The test card behind each payment method. */
  cardOf: Map<string, TestCard>;
  /** Invoice items by invoice id, in creation order. */
  itemsOf: Map<string, string[]>;
  events: Stripe.Event[];
  /** Unix seconds now (the fake's clock). */
  now(): number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return prefix + Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function missing(kind: string, id: string, param = 'id'): ApiError {
  return new ApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

export function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param !== undefined && { param }),
    ...(code !== undefined && { code }),
  });
}

export function get<T extends StoredObject>(
  state: FakeState,
  object: T['object'],
  kind: string,
  id: string,
  param = 'id',
): T {
  const found = state.objects.get(id);
  if (!found || found.object !== object) throw missing(kind, id, param);
  return found as T;
}

// --- parameters -------------------------------------------------------------------------------------------------

export function stringParam(params: FormObject, name: string): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${name}`, name);
  return value;
}

export function requiredString(params: FormObject, name: string): string {
  const value = stringParam(params, name);
  if (value === undefined || value === '') {
    throw invalid(`Missing required param: ${name}.`, name, 'parameter_missing');
  }
  return value;
}

export function integerParam(params: FormObject, name: string): number | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, name);
  return Number(value);
}

export function booleanParam(params: FormObject, name: string): boolean | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, name);
  return value === 'true';
}

export function enumParam<T extends string>(
  params: FormObject,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalid(
      `Invalid ${name}: must be one of ${allowed.join(', ')}`,
      name,
      'parameter_invalid_string',
    );
  }
  return value as T;
}

export function stringArrayParam(params: FormObject, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw invalid(`Invalid array: ${name}`, name);
  }
  return value as string[];
}

/** Stripe's metadata: at most 50 keys, keys up to 40 characters, values up to 500. */
export function metadataParam(params: FormObject, name = 'metadata'): Record<string, string> {
  const value: FormValue | undefined = params[name];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalid(`Invalid hash: ${name}`, name);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', name);
  const metadata: Record<string, string> = {};
  for (const [key, entry] of entries) {
    if (typeof entry !== 'string') throw invalid(`Invalid metadata value for ${key}`, name);
    if (key.length > 40 || entry.length > 500) {
      throw invalid('Metadata keys are limited to 40 characters and values to 500.', name);
    }
    metadata[key] = entry;
  }
  return metadata;
}

// --- expand -----------------------------------------------------------------------------------------------------

/**
 * Stripe's `expand[]`: each dotted path replaces an id with its object (up to four levels), on a copy of the
 * response. A path through a field that holds no expandable id is refused as Stripe does.
 */
export function expand<T extends object>(state: FakeState, object: T, paths: string[]): T {
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > 4) {
      throw invalid(`You cannot expand more than 4 levels of a property (${path}).`, 'expand');
    }
    let node: Record<string, unknown> | null = copy;
    for (const segment of segments) {
      if (node === null) break;
      const value: unknown = node[segment];
      if (value === null) {
        node = null;
        break;
      }
      if (typeof value === 'string') {
        const found = state.objects.get(value);
        if (!found) throw invalid(`This property cannot be expanded (${segment}).`, 'expand');
        node[segment] = structuredClone(found);
      } else if (typeof value !== 'object' || value === undefined) {
        throw invalid(`This property cannot be expanded (${segment}).`, 'expand');
      }
      node = node[segment] as Record<string, unknown>;
    }
  }
  return copy as T;
}

export function recordEvent<E extends Stripe.Event>(
  state: FakeState,
  type: E['type'],
  object: E['data']['object'],
): E {
  const event = {
    id: newId('evt_'),
    object: 'event',
    api_version: API_VERSION,
    created: state.now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as E;
  state.events.push(event);
  return event;
}

/** The API version the pinned SDK speaks (its types describe this version). */
export const API_VERSION: string = Stripe.API_VERSION;
