import { describe, expect, it } from 'vitest';
import { buildLogEntry, LOG_BASE_TIME } from '../testing/log-factories';
import {
  formatLogFields,
  formatLogLine,
  formatLogTime,
  logEntriesText,
  logFileName,
} from './log-format';

describe('log text', () => {
  it.each([
    ['UTC', '2026-11-24 09:14:03.120'],
    ['Europe/Berlin', '2026-11-24 10:14:03.120'],
    ['America/Los_Angeles', '2026-11-24 01:14:03.120'],
    ['Pacific/Auckland', '2026-11-24 22:14:03.120'],
  ])('writes the time with its date and milliseconds in %s', (timeZone, text) => {
    expect(formatLogTime(LOG_BASE_TIME, timeZone)).toBe(text);
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatLogTime(Date.UTC(2026, 0, 1, 0, 0, 0, 5), 'UTC')).toBe('2026-01-01 00:00:00.005');
  });

  it('writes fields as key=value, quoting values with spaces and writing non-strings as JSON', () => {
    expect(
      formatLogFields({
        clientId: 'sensor-1',
        reason: 'bad password',
        attempts: 3,
        ok: false,
        topic: { path: 'a/b' },
        nothing: null,
      }),
    ).toBe(
      'clientId=sensor-1 reason="bad password" attempts=3 ok=false topic={"path":"a/b"} nothing=null',
    );
    expect(formatLogFields(undefined)).toBe('');
  });

  it('writes an entry as one line: time, level, message, fields', () => {
    expect(
      formatLogLine(
        buildLogEntry(0, { level: 'warn', message: 'Login refused', fields: { clientId: 'c1' } }),
        'UTC',
      ),
    ).toBe('2026-11-24 09:14:03.120 WARN  Login refused clientId=c1');
  });

  it('writes the shown entries (newest first) oldest first, a line each', () => {
    const shown = [buildLogEntry(2, { level: 'error' }), buildLogEntry(1), buildLogEntry(0)];
    expect(logEntriesText(shown, 'UTC')).toBe(
      [
        '2026-11-24 09:14:03.120 INFO  line 0',
        '2026-11-24 09:14:04.120 INFO  line 1',
        '2026-11-24 09:14:05.120 ERROR line 2',
        '',
      ].join('\n'),
    );
    expect(logEntriesText([], 'UTC')).toBe('');
  });

  it('names the download after the service, the log and the day in the user zone', () => {
    const lateEvening = Date.UTC(2026, 10, 24, 23, 30);
    expect(logFileName('prices', { serviceId: 's', kind: 'service' }, lateEvening, 'UTC')).toBe(
      'prices-service-2026-11-24.log',
    );
    expect(
      logFileName('prices', { serviceId: 's', kind: 'event' }, lateEvening, 'Europe/Berlin'),
    ).toBe('prices-event-2026-11-25.log');
    expect(
      logFileName(
        'prices',
        { serviceId: 's', kind: 'kafka-adapter', adapterId: 'k1/../x' },
        lateEvening,
        'UTC',
      ),
    ).toBe('prices-kafka-adapter-k1-..-x-2026-11-24.log');
  });
});
