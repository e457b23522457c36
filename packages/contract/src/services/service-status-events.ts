import { z } from 'zod';
import { serviceStatusSchema } from './service.schema';
import type { ServiceStatusEvent } from './service-status-stream';

/**
 * One event of the live status stream (service-status-stream.ts), as the route table and the OpenAPI document
 * describe it.
 */
export const serviceStatusEventSchema = z
  .object({
    serviceId: z.string().min(1),
    status: serviceStatusSchema,
    mqttPort: z.number().int().positive().nullable(),
  })
  .meta({
    description:
      'A text/event-stream. Each status change is `event: status` with `data:` one JSON object of this shape; ' +
      'lines starting with `:` are heartbeats.',
  }) satisfies z.ZodType<ServiceStatusEvent>;
