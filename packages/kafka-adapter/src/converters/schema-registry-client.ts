import {
  SCHEMA_REGISTRY_CONFIG_KEYS,
  SCHEMA_REGISTRY_CREDENTIALS_SOURCE,
} from '@herald/contract/kafka/kafka-adapter.schema';
import { messageOf } from './conversion-error';
import {
  SCHEMA_REGISTRY_CONTENT_TYPE,
  type GetSchemaByIdResponse,
  type RegisterSchemaRequest,
  type RegisterSchemaResponse,
  type SchemaRegistryErrorBody,
} from './schema-registry-api';

export interface SchemaRegistryOptions {
  /** The registry's base URL, e.g. `http://registry:8081`. */
  url: string;
  /** `user:password` for basic auth. */
  userInfo?: string;
  /** Milliseconds a call may take before it fails (a registry that hangs must not stall a consumer forever). */
  timeoutMs?: number;
}

export class SchemaRegistryError extends Error {
  override readonly name = 'SchemaRegistryError';
}

/**
 * The registry settings of a cluster's configuration (spec section 3: the schema registry url, the basic auth user
 * info and its source USER_INFO); null when the configuration names no registry.
 */
export function schemaRegistryOptionsFrom(
  configuration: Readonly<Record<string, string>>,
): SchemaRegistryOptions | null {
  const url = configuration[SCHEMA_REGISTRY_CONFIG_KEYS.url]?.trim();
  if (!url) return null;
  const source = configuration[SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthCredentialsSource];
  const userInfo = configuration[SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthUserInfo];
  const usesUserInfo = source === undefined || source === SCHEMA_REGISTRY_CREDENTIALS_SOURCE;
  return usesUserInfo && userInfo ? { url, userInfo } : { url };
}

/** A Confluent-compatible schema registry over HTTP, with the two calls the Avro converters need. */
export class SchemaRegistryClient {
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;
  /** Where the registry is, for messages: the URL without credentials. */
  readonly where: string;

  constructor(options: SchemaRegistryOptions) {
    const url = URL.canParse(options.url) ? new URL(options.url) : null;
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new SchemaRegistryError(
        `The schema registry url "${options.url}" is not an http:// or https:// address`,
      );
    }
    const userInfo =
      options.userInfo ??
      (url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined);
    url.username = '';
    url.password = '';
    this.base = url.toString().replace(/\/+$/, '');
    this.where = `schema registry ${this.base}`;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.headers = { accept: SCHEMA_REGISTRY_CONTENT_TYPE };
    if (userInfo) this.headers.authorization = `Basic ${Buffer.from(userInfo).toString('base64')}`;
  }

  /** GET /schemas/ids/{id}: the schema text. */
  async schemaById(id: number): Promise<string> {
    const reply = await this.call<GetSchemaByIdResponse>('GET', `/schemas/ids/${id}`);
    if (reply.schemaType !== undefined && reply.schemaType !== 'AVRO') {
      throw new SchemaRegistryError(
        `Schema ${id} in the ${this.where} is ${reply.schemaType}, not Avro`,
      );
    }
    return reply.schema;
  }

  /** POST /subjects/{subject}/versions: the schema's id (the registry answers the existing id for a known schema). */
  async register(subject: string, schema: string): Promise<number> {
    const body: RegisterSchemaRequest = { schema, schemaType: 'AVRO' };
    const reply = await this.call<RegisterSchemaResponse>(
      'POST',
      `/subjects/${encodeURIComponent(subject)}/versions`,
      body,
    );
    return reply.id;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers:
          body === undefined
            ? this.headers
            : { ...this.headers, 'content-type': SCHEMA_REGISTRY_CONTENT_TYPE },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : messageOf(error instanceof Error && error.cause instanceof Error ? error.cause : error);
      throw new SchemaRegistryError(
        `The ${this.where} could not be reached for ${method} ${path}: ${reason}`,
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const error = parsed as Partial<SchemaRegistryErrorBody> | undefined;
      const detail =
        typeof error?.message === 'string'
          ? `${error.message}${error.error_code === undefined ? '' : ` (error code ${error.error_code})`}`
          : `HTTP ${response.status}`;
      throw new SchemaRegistryError(`The ${this.where} refused ${method} ${path}: ${detail}`);
    }
    if (parsed === undefined) {
      throw new SchemaRegistryError(
        `The ${this.where} answered ${method} ${path} with something that is not JSON`,
      );
    }
    return parsed as T;
  }
}
