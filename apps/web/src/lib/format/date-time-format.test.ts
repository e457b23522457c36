import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date-time-format';

describe('the dashboard date and time format', () => {
  it.each([
    ['2025-03-01T10:00:00Z', 'UTC', '1 Mar 2025, 10:00'],
    ['2025-03-01T22:05:00Z', 'UTC', '1 Mar 2025, 22:05'],
    ['2025-03-01T00:30:00Z', 'UTC', '1 Mar 2025, 00:30'],
    ['2025-03-01T22:05:00Z', 'Asia/Tokyo', '2 Mar 2025, 07:05'],
    ['2025-07-14T12:00:00Z', 'America/New_York', '14 Jul 2025, 08:00'],
  ])('writes %s in %s as %s, on a 24-hour clock', (at, zone, shown) => {
    expect(formatDateTime(at, zone)).toBe(shown);
  });

  it('accepts milliseconds and Dates alike', () => {
    const at = Date.UTC(2026, 10, 24, 13, 7);
    expect(formatDateTime(at, 'UTC')).toBe('24 Nov 2026, 13:07');
    expect(formatDateTime(new Date(at), 'UTC')).toBe('24 Nov 2026, 13:07');
  });

  it('writes a date alone as day, month and year', () => {
    expect(formatDate('2025-03-01T10:00:00Z', 'UTC')).toBe('1 Mar 2025');
  });

  it('never uses a 12-hour clock, whatever the zone', () => {
    expect(formatDateTime('2025-03-01T15:00:00Z', 'UTC')).not.toMatch(/am|pm/i);
  });
});
