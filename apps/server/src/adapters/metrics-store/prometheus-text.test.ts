import {
  countDelivered,
  countPublished,
  createCounters,
  renderMetrics,
} from '@herald/runtime/metrics';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText, readRuntimeScrape } from './prometheus-text';

describe('the Prometheus text reader', () => {
  it('reads samples with labels, escapes, timestamps and special values, skipping comments', () => {
    const text = [
      '# HELP up Whether the target is up.',
      '# TYPE up gauge',
      'up 1',
      'http_requests_total{method="post",code="200"} 1027 1395066363000',
      'odd{path="C:\\\\dir\\"x\\"",note="a\\nb",} 1.5e3',
      '  spaced { a = "1" , b="2" }   -0.25  ',
      'inf_metric +Inf',
      'nan_metric NaN',
      '',
    ].join('\n');
    const samples = parsePrometheusText(text);
    expect(samples.slice(0, 5)).toEqual([
      { name: 'up', labels: {}, value: 1 },
      {
        name: 'http_requests_total',
        labels: { method: 'post', code: '200' },
        value: 1027,
        timestamp: 1395066363000,
      },
      { name: 'odd', labels: { path: 'C:\\dir"x"', note: 'a\nb' }, value: 1500 },
      { name: 'spaced', labels: { a: '1', b: '2' }, value: -0.25 },
      { name: 'inf_metric', labels: {}, value: Number.POSITIVE_INFINITY },
    ]);
    expect(samples[5]?.value).toBeNaN();
  });

  it.each([
    ['a value that is not a number', 'metric abc', /"abc" is not a sample value/],
    ['a hexadecimal value', 'metric 0x10', /"0x10" is not a sample value/],
    ['no value', 'metric', /a value \(and an optional timestamp\) was expected/],
    ['an unquoted label value', 'metric{a=1} 2', /the value of label a must be quoted/],
    ['an unclosed label value', 'metric{a="1} 2', /the value of label a is not closed/],
    ['an unknown escape', 'metric{a="\\t"} 2', /unknown escape in the value of label a/],
    ['a repeated label', 'metric{a="1",a="2"} 2', /label a appears twice/],
    ['a bad timestamp', 'metric 2 soon', /"soon" is not a timestamp/],
    ['too many fields', 'metric 2 3 4', /was expected/],
    ['a line that is no sample', '{a="1"} 2', /a metric name was expected/],
    ['labels glued to the value', 'metric{a="1"}2', /a space was expected after metric/],
  ])('refuses %s, naming the line', (_case, line, message) => {
    expect(() => parsePrometheusText(`# TYPE metric gauge\n${line}`)).toThrow(message);
    expect(() => parsePrometheusText(`ok 1\n${line}`)).toThrow(/^line 2: /);
  });

  it('reads the usage scrape from what a runtime exports', () => {
    const counters = createCounters(1_764_000_000_000);
    countPublished(counters, 100, false);
    countDelivered(counters, 'a/b', 100, true);
    countDelivered(counters, '$SYS/herald/server', 999, false);
    const text = renderMetrics('svc-"1"', { sessions: 3, topics: 12 }, counters);
    expect(readRuntimeScrape(text)).toEqual({
      startedAt: 1_764_000_000,
      billedMessages: 2,
      // Published by clients: the in part of the billed messages (the other is the delivery to a/b).
      messagesIn: 1,
      // The delivery to a/b went to an adapter session.
      adapterBilledMessages: 1,
      bytes: 200,
      sessions: 3,
      topics: 12,
    });
  });

  it('reads no adapter messages from a runtime that predates their counter (it refuses adapter tokens)', () => {
    const text = renderMetrics('svc', { sessions: 1, topics: 1 }, createCounters()).replace(
      /^.*herald_adapter_billed_messages_total.*$/gm,
      '',
    );
    expect(text).not.toContain('herald_adapter');
    expect(readRuntimeScrape(text).adapterBilledMessages).toBe(0);
  });

  it('refuses a scrape with a missing, repeated or negative series', () => {
    const text = renderMetrics('svc', { sessions: 1, topics: 1 }, createCounters());
    expect(() => readRuntimeScrape(text.replace(/^herald_bytes_total.*$/m, ''))).toThrow(
      'herald_bytes_total is missing',
    );
    expect(() => readRuntimeScrape(`${text}herald_topics{service="other"} 3\n`)).toThrow(
      'herald_topics appears 2 times',
    );
    expect(() =>
      readRuntimeScrape(`${text}herald_adapter_billed_messages_total{service="other"} 3\n`),
    ).toThrow('herald_adapter_billed_messages_total appears 2 times');
    expect(() =>
      readRuntimeScrape(
        text.replace(/^(herald_adapter_billed_messages_total\{.*\}) 0$/m, '$1 NaN'),
      ),
    ).toThrow('herald_adapter_billed_messages_total is NaN, not a count');
    expect(() => readRuntimeScrape(text.replace(/^(herald_sessions\{.*\}) 1$/m, '$1 -1'))).toThrow(
      'herald_sessions is -1, not a count',
    );
  });
});
