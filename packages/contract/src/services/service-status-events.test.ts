import { describe, expect, it } from 'vitest';
import { routes } from '../api/routes';
import { serviceStatusEventSchema } from './service-status-events';
import { parseServiceStatusEvent } from './service-status-stream';

describe('the service status event', () => {
  it.each([
    { serviceId: 'svc-1', status: 'RUNNING', mqttPort: 21883 },
    { serviceId: 'svc-1', status: 'CHECKING', mqttPort: null },
  ])('reads %j alike with the schema and the plain parser', (event) => {
    expect(serviceStatusEventSchema.parse(event)).toEqual(event);
    expect(parseServiceStatusEvent(JSON.stringify(event))).toEqual(event);
  });

  it.each([
    ['a status that is not on the wire list', '{"serviceId":"s","status":"Running","mqttPort":1}'],
    ['no service id', '{"serviceId":"","status":"RUNNING","mqttPort":1}'],
    ['a port that is not a port', '{"serviceId":"s","status":"RUNNING","mqttPort":-1}'],
    ['a missing port', '{"serviceId":"s","status":"RUNNING"}'],
    ['text that is not JSON', 'RUNNING'],
    ['JSON that is not an object', '"RUNNING"'],
  ])('refuses %s in both readers', (_case, data) => {
    expect(parseServiceStatusEvent(data)).toBeNull();
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    expect(serviceStatusEventSchema.safeParse(parsed).success).toBe(false);
  });

  it('is served by the one workspace stream route of the route table, as text/event-stream', () => {
    const route = routes.streamWorkspaceServiceStatuses;
    expect(route).toMatchObject({
      method: 'GET',
      path: '/v3/workspace/{workspaceId}/services/events',
      access: 'workspace',
      stream: 'text/event-stream',
    });
    expect(route.responses[200]).toBe(serviceStatusEventSchema);
  });
});
