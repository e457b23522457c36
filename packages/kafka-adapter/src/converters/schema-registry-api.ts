/**
 * The Confluent Schema Registry REST calls the converters use, typed from the registry's API reference:
 * - GET /schemas/ids/{id} → 200 {schema, schemaType?} (schemaType absent means AVRO); 404 error 40403.
 * - POST /subjects/{subject}/versions {schema, schemaType?} → 200 {id}; 409 incompatible; 422 error 42201 (invalid
 *   schema).
 * Requests and replies are `application/vnd.schemaregistry.v1+json`; errors are {error_code, message}; 401 error
 * 40101 without valid basic auth. Shared by the client and the in-repo fake (src/testing/fake-schema-registry.ts).
 */
export const SCHEMA_REGISTRY_CONTENT_TYPE = 'application/vnd.schemaregistry.v1+json';

export type SchemaType = 'AVRO' | 'JSON' | 'PROTOBUF';

export interface GetSchemaByIdResponse {
  schema: string;
  schemaType?: SchemaType;
}

export interface RegisterSchemaRequest {
  schema: string;
  schemaType?: SchemaType;
}

export interface RegisterSchemaResponse {
  id: number;
}

export interface SchemaRegistryErrorBody {
  error_code: number;
  message: string;
}

export const SCHEMA_REGISTRY_ERROR_CODES = {
  unauthorized: 40101,
  subjectNotFound: 40401,
  schemaNotFound: 40403,
  invalidSchema: 42201,
  incompatibleSchema: 409,
} as const;
