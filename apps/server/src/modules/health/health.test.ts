import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/create-test-app';
import { useTestApp } from '../../testing/use-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { INSTANCE_ID_HEADER } from './routes';

describe(`${routes.getHealth.method} ${routes.getHealth.path}`, () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  useTestApp((ready) => ({ app, database } = ready));

  it('answers 200 ok when the database answers, with the installation id', async () => {
    const response = await app.inject({ method: 'GET', url: routes.getHealth.path });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
    expect(response.headers[INSTANCE_ID_HEADER]).toBe(database.instanceId);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 "Database unavailable" in the error envelope when the database is closed', async () => {
    const closedDatabase = await createTestDatabase();
    const appOnClosedDatabase = await createTestApp({ db: closedDatabase });
    await closedDatabase.close();

    const response = await appOnClosedDatabase.inject({
      method: 'GET',
      url: routes.getHealth.path,
    });
    await appOnClosedDatabase.close();

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unavailable',
      requestId: response.headers['x-request-id'],
    });
  });
});
