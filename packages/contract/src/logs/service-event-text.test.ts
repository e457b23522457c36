import { describe, expect, it } from 'vitest';
import {
  runtimeExitEvent,
  serviceActionEvent,
  serviceStatusEvent,
  versionUpdateEvent,
} from './service-event-text';

describe('the event log sentence of a status', () => {
  it.each([
    ['RUNNING', 'info', 'The service is running'],
    ['POD_PENDING', 'info', 'Waiting for resources'],
    ['POD_INITIALIZING', 'info', 'Starting the service'],
    ['POD_RUNNING_PENDING_DNS', 'info', 'Registering the service’s address'],
    ['SUSPENDED', 'info', 'The service is suspended'],
    ['ERROR', 'error', 'The service failed to start; see the service log'],
  ])('%s reads "%s: %s"', (status, level, message) => {
    expect(serviceStatusEvent(status)).toEqual({ level, message });
  });

  it.each(['CHECKING', 'UNAVAILABLE', 'SOMETHING_NEW'])('%s gets no event', (status) => {
    expect(serviceStatusEvent(status)).toBeNull();
  });
});

describe('the event log sentence of a member action', () => {
  it('reads a restart as a request', () => {
    expect(serviceActionEvent('service.restarted', 'alpha')).toEqual({
      level: 'info',
      message: 'Restart requested',
    });
  });

  it('reads a topic tree reset as a request', () => {
    expect(serviceActionEvent('service.topic_tree_reset', 'alpha').message).toBe(
      'Topic tree reset requested',
    );
  });

  it('uses the Activity sentence for other changes', () => {
    expect(
      serviceActionEvent('service.settings_changed', 'alpha', { changed: ['sensitiveData'] })
        .message,
    ).toBe('Changed the settings of the service “alpha” (sensitive data)');
  });
});

describe('the event log sentence of an unexpected exit', () => {
  it('names the exit code and the restart delay', () => {
    expect(runtimeExitEvent({ code: 1, restartInMs: 500 })).toEqual({
      level: 'error',
      message: 'The service stopped unexpectedly (exit code 1); restarting in 0.5 s',
    });
  });

  it('names the signal when there is no exit code', () => {
    expect(runtimeExitEvent({ code: null, signal: 'SIGKILL', restartInMs: 2000 }).message).toBe(
      'The service stopped unexpectedly (signal SIGKILL); restarting in 2 s',
    );
  });

  it('says when a re-attached runtime stopped answering', () => {
    expect(runtimeExitEvent({ isUnresponsive: true, restartInMs: 1000 }).message).toBe(
      'The service stopped answering; restarting in 1 s',
    );
  });

  it('says when the runtime did not get up', () => {
    expect(runtimeExitEvent({ isStartFailure: true, restartInMs: 500 }).message).toBe(
      'The service failed to start (see the service log); restarting in 0.5 s',
    );
  });

  it('says when the provisioner gave up', () => {
    expect(runtimeExitEvent({ code: 1, restartInMs: null }).message).toBe(
      'The service stopped unexpectedly (exit code 1); it keeps failing, so it is not restarted until a restart is requested',
    );
  });
});

describe('the event log sentence of a version update', () => {
  it('names both versions', () => {
    expect(versionUpdateEvent('6.10', '6.11').message).toBe(
      'Updating the service from version 6.10 to 6.11',
    );
  });
});
