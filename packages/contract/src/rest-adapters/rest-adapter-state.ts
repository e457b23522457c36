import { z } from 'zod';
import { restAdapterServiceSchema, restEndpointInputSchema } from './rest-api.schema';
import { restEndpointStateSchema } from './rest-adapter-process';

/**
 * GET /v3/service/{serviceId}/rest/state (ours; the spec lists no such call): the service's REST adapter, its status
 * in people's words, and each endpoint's last poll as the running process reports it. While no process answers
 * (none created, disabled, starting, or crashed and waiting to restart) `running` is false and the endpoints list is
 * empty: the screens show the status instead of figures.
 */
export const restAdapterStateSchema = z.object({
  /** null: the service has no REST adapter yet (the first API added creates it). */
  adapter: restAdapterServiceSchema.nullable(),
  running: z.boolean(),
  /** The workload status (CHECKING, STARTING, RUNNING, ERROR, STOPPED...), as the Kafka adapters show theirs. */
  status: z.string(),
  endpoints: z.array(restEndpointStateSchema),
});
export type RestAdapterState = z.infer<typeof restAdapterStateSchema>;

/** How often an open REST APIs screen asks for the state: an endpoint polled each second shows its values move. */
export const REST_STATE_POLL_MS = 3_000;

/** POST /v3/service/{serviceId}/rest/apis/{apiId}/preview: an endpoint as typed in the form, not saved. */
export const restPreviewBodySchema = restEndpointInputSchema.omit({ pollIntervalMs: true });
export type RestPreviewBody = z.infer<typeof restPreviewBodySchema>;
