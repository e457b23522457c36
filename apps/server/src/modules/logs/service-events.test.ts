import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  ProvisionerEventListener,
  StatusListener,
} from '../../adapters/provisioner/local-provisioner';
import { insertTestService } from '../../adapters/provisioner/testing/test-services';
import { useTestApp } from '../../testing/use-test-app';
import {
  recordProvisionerEvents,
  recordServiceEvent,
  serviceEventsSettled,
} from './service-events';

describe('the service event log', () => {
  let app: FastifyInstance;
  let serviceId: string;
  let writeStatus: StatusListener;
  let emit: ProvisionerEventListener;
  useTestApp((ready) => {
    app = ready.app;
    // The provisioner's two hooks, driven by the test (the real provisioner is covered by the running-service test).
    recordProvisionerEvents(app, {
      watchStatus: (listener) => {
        writeStatus = listener;
        return () => undefined;
      },
      watchEvents: (listener) => {
        emit = listener;
        return () => undefined;
      },
    });
  });
  beforeEach(async () => {
    serviceId = (await insertTestService(app.db)).id;
  });

  async function events() {
    await serviceEventsSettled(app.logStore);
    const page = await app.logStore.page({ serviceId, stream: { kind: 'event' }, limit: 100 });
    return page.entries.reverse().map(({ level, message, fields }) => ({ level, message, fields }));
  }

  it('writes each status once, however often the same status is written in a row', async () => {
    writeStatus(serviceId, 'POD_INITIALIZING');
    writeStatus(serviceId, 'RUNNING');
    writeStatus(serviceId, 'RUNNING');
    writeStatus(serviceId, 'RUNNING');
    writeStatus(serviceId, 'ERROR');
    writeStatus(serviceId, 'POD_INITIALIZING');
    writeStatus(serviceId, 'RUNNING');
    expect((await events()).map((event) => event.message)).toEqual([
      'Starting the service',
      'The service is running',
      'The service failed to start; see the service log',
      'Starting the service',
      'The service is running',
    ]);
    expect((await events())[2]?.level).toBe('error');
  });

  it('writes a status again after another event came between', async () => {
    writeStatus(serviceId, 'RUNNING');
    await recordServiceEvent(app, serviceId, 'info', 'Restart requested', {
      actor: 'a@example.com',
    });
    writeStatus(serviceId, 'RUNNING');
    expect((await events()).map((event) => event.message)).toEqual([
      'The service is running',
      'Restart requested',
      'The service is running',
    ]);
  });

  it('says why a runtime stopped and when it restarts, and a due version update', async () => {
    emit({ type: 'runtime-exited', serviceId, code: 1, restartInMs: 1_000 });
    emit({ type: 'runtime-exited', serviceId, code: 1, restartInMs: null });
    emit({ type: 'version-update', serviceId, from: '6.10', to: '6.11' });
    expect(await events()).toEqual([
      {
        level: 'error',
        message: 'The service stopped unexpectedly (exit code 1); restarting in 1 s',
        fields: { exitCode: 1, restartInMs: 1000 },
      },
      {
        level: 'error',
        message:
          'The service stopped unexpectedly (exit code 1); it keeps failing, so it is not restarted until a restart is requested',
        fields: { exitCode: 1 },
      },
      {
        level: 'info',
        message: 'Updating the service from version 6.10 to 6.11',
        fields: { from: '6.10', to: '6.11' },
      },
    ]);
  });

  it('keeps secrets out of an event’s fields', async () => {
    await recordServiceEvent(app, serviceId, 'info', 'Settings changed', {
      actor: 'a@example.com',
      clientSecret: 'never',
    });
    expect((await events())[0]?.fields).toEqual({ actor: 'a@example.com' });
  });

  it('never throws into the caller when the line cannot be stored', async () => {
    await expect(
      recordServiceEvent(app, 'no-such-service', 'info', 'The service was created'),
    ).resolves.toBeUndefined();
    // Later events are not held up by the failed one.
    await recordServiceEvent(app, serviceId, 'info', 'The service was created');
    expect((await events()).map((event) => event.message)).toEqual(['The service was created']);
  });
});
