import type { z } from 'zod';
import type { FormResult } from '../kafka/kafka-form-values';
import {
  REST_POLL_INTERVAL_LIMITS_MS,
  restApiInputSchema,
  restEndpointInputSchema,
  type RestApi,
  type RestAuthentication,
  type RestEndpoint,
} from './rest-api.schema';
import { restPreviewBodySchema, type RestPreviewBody } from './rest-adapter-state';

/**
 * The REST API and endpoint forms of the screens (issue 28 items 5 and 6): their values from a saved record, and the
 * request they make, checked by the same schemas as the server so a refusal names its field before any call.
 */

export interface KeyValueRow {
  name: string;
  value: string;
}

export interface RestApiFormValues {
  label: string;
  baseUrl: string;
  baseTopicPath: string;
  headers: KeyValueRow[];
  queryParameters: KeyValueRow[];
  authType: RestAuthentication['type'];
  username: string;
  /** Write-only (section 5's secrets): empty on edit, which keeps the stored one. */
  password: string;
  token: string;
}
export type RestApiFormField = keyof RestApiFormValues;

export function restApiFormValues(api?: RestApi): RestApiFormValues {
  return {
    label: api?.label ?? '',
    baseUrl: api?.baseUrl ?? '',
    baseTopicPath: api?.baseTopicPath ?? '',
    headers: api?.headers.map((pair) => ({ ...pair })) ?? [],
    queryParameters: api?.queryParameters.map((pair) => ({ ...pair })) ?? [],
    authType: api?.authentication.type ?? 'none',
    username: api?.authentication.username ?? '',
    password: '',
    token: '',
  };
}

type Issue = z.core.$ZodIssue;

/** The form field an issue of the API request names (`authentication.password` → `password`, `headers.2.name` → `headers`). */
export function restApiFieldOf(path: readonly PropertyKey[]): RestApiFormField | 'form' {
  const [first, second] = path.map(String);
  if (first === 'authentication') {
    if (second === 'username' || second === 'password' || second === 'token') return second;
    return 'authType';
  }
  const fields: readonly string[] = [
    'label',
    'baseUrl',
    'baseTopicPath',
    'headers',
    'queryParameters',
  ];
  return first !== undefined && fields.includes(first) ? (first as RestApiFormField) : 'form';
}

function issuesOnFields<F extends string>(
  issues: readonly Issue[],
  fieldOf: (path: readonly PropertyKey[]) => F | 'form',
): Partial<Record<F | 'form', string>> {
  const errors: Partial<Record<F | 'form', string>> = {};
  for (const issue of issues) errors[fieldOf(issue.path)] ??= issue.message;
  return errors;
}

/** A row left wholly empty is a row the person added and did not fill: not sent. */
const filledRows = (rows: readonly KeyValueRow[]) =>
  rows.filter((row) => row.name.trim() !== '' || row.value !== '');

export type RestApiRequestBody = z.output<typeof restApiInputSchema>;

/**
 * The POST /apis or PUT /apis/{apiId} body. `storedAuthType`: the saved API's authentication type (null for a new
 * API); a secret may be left empty only to keep the stored one of the same type.
 */
export function restApiRequest(
  values: RestApiFormValues,
  storedAuthType: RestAuthentication['type'] | null,
): FormResult<RestApiRequestBody, RestApiFormField> {
  const keepsSecret = storedAuthType === values.authType;
  const authentication =
    values.authType === 'basic'
      ? {
          type: 'basic' as const,
          username: values.username,
          ...(values.password === '' ? {} : { password: values.password }),
        }
      : values.authType === 'bearer'
        ? { type: 'bearer' as const, ...(values.token === '' ? {} : { token: values.token }) }
        : { type: 'none' as const };
  const errors: Partial<Record<RestApiFormField | 'form', string>> = {};
  if (values.authType === 'basic' && values.password === '' && !keepsSecret) {
    errors.password = 'Password is required';
  }
  if (values.authType === 'bearer' && values.token === '' && !keepsSecret) {
    errors.token = 'Token is required';
  }
  const parsed = restApiInputSchema.safeParse({
    label: values.label,
    baseUrl: values.baseUrl.trim(),
    baseTopicPath: values.baseTopicPath.trim(),
    headers: filledRows(values.headers),
    queryParameters: filledRows(values.queryParameters),
    authentication,
  });
  if (!parsed.success) {
    const schemaErrors = issuesOnFields(parsed.error.issues, restApiFieldOf);
    for (const field of Object.keys(schemaErrors) as (RestApiFormField | 'form')[]) {
      errors[field] ??= schemaErrors[field];
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

/** The poll interval as the form takes it: whole seconds. */
export const REST_POLL_INTERVAL_LIMITS_SECONDS = {
  min: REST_POLL_INTERVAL_LIMITS_MS.min / 1_000,
  max: REST_POLL_INTERVAL_LIMITS_MS.max / 1_000,
  default: REST_POLL_INTERVAL_LIMITS_MS.default / 1_000,
} as const;

export interface RestEndpointFormValues {
  path: string;
  /** Empty: the topic derived from the path (restEndpointTarget). */
  topicPath: string;
  /** Seconds; '' while the field is empty. */
  pollIntervalSeconds: number | string;
  /** Empty: the whole response. */
  valuePointer: string;
}
export type RestEndpointFormField = keyof RestEndpointFormValues;

export function restEndpointFormValues(endpoint?: RestEndpoint): RestEndpointFormValues {
  return {
    path: endpoint?.path ?? '',
    topicPath: endpoint?.topicPath ?? '',
    pollIntervalSeconds:
      endpoint === undefined
        ? REST_POLL_INTERVAL_LIMITS_SECONDS.default
        : endpoint.pollIntervalMs / 1_000,
    valuePointer: endpoint?.valuePointer ?? '',
  };
}

const endpointFieldOf = (path: readonly PropertyKey[]): RestEndpointFormField | 'form' => {
  const first = String(path[0]);
  if (first === 'pollIntervalMs') return 'pollIntervalSeconds';
  return first === 'path' || first === 'topicPath' || first === 'valuePointer' ? first : 'form';
};

/** Request paths of the server's refusal (`pollIntervalMs`) as the form's fields. */
export function restEndpointFieldOfRequestPath(path: string): RestEndpointFormField | null {
  const field = endpointFieldOf(path.split('.'));
  return field === 'form' ? null : field;
}

function optionalText(text: string): string | undefined {
  return text.trim() === '' ? undefined : text.trim();
}

export type RestEndpointRequestBody = z.output<typeof restEndpointInputSchema>;

/** The POST …/endpoints or PUT …/endpoints/{endpointId} body. */
export function restEndpointRequest(
  values: RestEndpointFormValues,
): FormResult<RestEndpointRequestBody, RestEndpointFormField> {
  const seconds =
    typeof values.pollIntervalSeconds === 'number'
      ? values.pollIntervalSeconds
      : values.pollIntervalSeconds.trim() === ''
        ? Number.NaN
        : Number(values.pollIntervalSeconds);
  if (!Number.isFinite(seconds)) {
    return { ok: false, errors: { pollIntervalSeconds: 'Poll interval is required' } };
  }
  const parsed = restEndpointInputSchema.safeParse({
    path: values.path,
    topicPath: optionalText(values.topicPath),
    valuePointer: optionalText(values.valuePointer),
    pollIntervalMs: Math.round(seconds * 1_000),
  });
  if (!parsed.success)
    return { ok: false, errors: issuesOnFields(parsed.error.issues, endpointFieldOf) };
  return { ok: true, value: parsed.data };
}

/** The POST …/preview body: the endpoint as typed (its interval plays no part). */
export function restPreviewRequest(
  values: RestEndpointFormValues,
): FormResult<RestPreviewBody, RestEndpointFormField> {
  const parsed = restPreviewBodySchema.safeParse({
    path: values.path,
    topicPath: optionalText(values.topicPath),
    valuePointer: optionalText(values.valuePointer),
  });
  if (!parsed.success)
    return { ok: false, errors: issuesOnFields(parsed.error.issues, endpointFieldOf) };
  return { ok: true, value: parsed.data };
}
