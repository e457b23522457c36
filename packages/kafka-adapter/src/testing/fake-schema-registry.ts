import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import avro from 'avsc';
import {
  SCHEMA_REGISTRY_CONTENT_TYPE,
  SCHEMA_REGISTRY_ERROR_CODES,
  type GetSchemaByIdResponse,
  type RegisterSchemaRequest,
  type RegisterSchemaResponse,
  type SchemaRegistryErrorBody,
} from '../converters/schema-registry-api';

/**
 * An in-repo fake of the two Confluent Schema Registry calls the converters use (their shapes in
 * converters/schema-registry-api.ts), over real HTTP on a loopback port: ids are global and a schema registered
 * again (under any subject) keeps its id, as the registry does; an Avro schema that does not parse is refused with
 * 422/42201; with `userInfo`, a request without that basic auth gets 401/40101.
 */
export interface FakeSchemaRegistry {
  url: string;
  /** Every request as `METHOD path`, in order, for tests of caching. */
  requests: string[];
  /** Registers directly (as another producer would), returning the id. */
  seed(subject: string, schema: unknown): number;
  close(): Promise<void>;
}

export async function startFakeSchemaRegistry(
  options: { userInfo?: string } = {},
): Promise<FakeSchemaRegistry> {
  const schemasById = new Map<number, string>();
  const idsBySchema = new Map<string, number>();
  const subjects = new Map<string, number[]>();
  const requests: string[] = [];

  function register(subject: string, schema: string): number {
    const canonical = JSON.stringify(
      avro.Type.forSchema(JSON.parse(schema) as avro.Schema).schema(),
    );
    let id = idsBySchema.get(canonical);
    if (id === undefined) {
      id = schemasById.size + 1;
      idsBySchema.set(canonical, id);
      schemasById.set(id, canonical);
    }
    const versions = subjects.get(subject) ?? [];
    if (!versions.includes(id)) subjects.set(subject, [...versions, id]);
    return id;
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': SCHEMA_REGISTRY_CONTENT_TYPE });
    response.end(JSON.stringify(body));
  }

  function fail(response: ServerResponse, status: number, errorCode: number, message: string) {
    const body: SchemaRegistryErrorBody = { error_code: errorCode, message };
    send(response, status, body);
  }

  async function readBody(request: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://registry').pathname;
      requests.push(`${request.method} ${path}`);
      const expected =
        options.userInfo && `Basic ${Buffer.from(options.userInfo).toString('base64')}`;
      if (expected && request.headers.authorization !== expected) {
        fail(response, 401, SCHEMA_REGISTRY_ERROR_CODES.unauthorized, 'Unauthorized');
        return;
      }
      const byId = /^\/schemas\/ids\/(\d+)$/.exec(path);
      if (request.method === 'GET' && byId) {
        const schema = schemasById.get(Number(byId[1]));
        if (schema === undefined) {
          fail(response, 404, SCHEMA_REGISTRY_ERROR_CODES.schemaNotFound, 'Schema not found');
          return;
        }
        const body: GetSchemaByIdResponse = { schema };
        send(response, 200, body);
        return;
      }
      const versions = /^\/subjects\/([^/]+)\/versions$/.exec(path);
      if (request.method === 'POST' && versions) {
        let body: RegisterSchemaRequest;
        try {
          body = JSON.parse(await readBody(request)) as RegisterSchemaRequest;
          if (typeof body.schema !== 'string') throw new Error('no schema');
        } catch {
          fail(response, 422, 42203, 'Unprocessable entity');
          return;
        }
        try {
          const reply: RegisterSchemaResponse = {
            id: register(decodeURIComponent(versions[1] as string), body.schema),
          };
          send(response, 200, reply);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          fail(
            response,
            422,
            SCHEMA_REGISTRY_ERROR_CODES.invalidSchema,
            `Invalid schema: ${reason}`,
          );
        }
        return;
      }
      fail(response, 404, 404, 'HTTP 404 Not Found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    seed: (subject, schema) => register(subject, JSON.stringify(schema)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
