import { describe, expect, it } from 'vitest';
import { topicMatchesFilter } from '../messaging/topic-filter';
import { mqttFilterToSelector, parseTopicQuery, wordsToSelector } from './topic-query';
import { parseTopicSelector, selectorMatches } from './topic-selector';

function selects(selector: string, path: string): boolean {
  const parsed = parseTopicSelector(selector);
  if (!parsed.ok) throw new Error(parsed.message);
  return selectorMatches(parsed.selector, path);
}

const PATHS = [
  'weather',
  'weather/today',
  'weather/today/rain',
  'weatherstation',
  'sensors/kitchen/temp',
  'sensors/kitchen/humidity',
  'sensors/hall/temp',
  'sensors/hall/temp/raw',
  'sensors/temp',
  'sensors/a.b/temp',
  'sensors/axb/temp',
  'Living Room/Lamp',
  '$SYS/broker/uptime',
];

describe('the search box reads what was typed', () => {
  it.each([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['weather/#', { kind: 'mqttFilter', filter: 'weather/#', selector: '>weather//' }],
    [
      'sensors/+/temp',
      { kind: 'mqttFilter', filter: 'sensors/+/temp', selector: '?sensors/.+/temp' },
    ],
    ['#', { kind: 'mqttFilter', filter: '#', selector: '?[^$].*//' }],
    ['+', { kind: 'mqttFilter', filter: '+', selector: '?[^$].*' }],
    ['+/kitchen/#', { kind: 'mqttFilter', filter: '+/kitchen/#', selector: '?[^$].*/kitchen//' }],
    [
      'sensors/a.b/+',
      { kind: 'mqttFilter', filter: 'sensors/a.b/+', selector: '?sensors/a\\.b/.+' },
    ],
    [' weather/# ', { kind: 'mqttFilter', filter: 'weather/#', selector: '>weather//' }],
    [
      'sensors/kitchen/temp',
      { kind: 'path', path: 'sensors/kitchen/temp', selector: '>sensors/kitchen/temp' },
    ],
    ['>sensors//', { kind: 'selector', selector: '>sensors//' }],
    ['?sensors/.*/temp', { kind: 'selector', selector: '?sensors/.*/temp' }],
    ['*.*temp', { kind: 'selector', selector: '*.*temp' }],
    ['#>a////>b', { kind: 'selector', selector: '#>a////>b' }],
    ['temp', { kind: 'words', words: ['temp'], selector: '*.*[tT][eE][mM][pP].*' }],
    ['c++', { kind: 'words', words: ['c++'], selector: '*.*[cC]\\+\\+.*' }],
  ])('%j', (input, expected) => {
    expect(parseTopicQuery(input)).toEqual(expected);
  });

  it.each([
    ['weather/#/today', '# must be the last level'],
    ['weather/to#', 'a wildcard (+ or #) must be a whole level'],
    ['sensors/+temp/#', 'a wildcard (+ or #) must be a whole level'],
    ['sensors/a+', 'a wildcard (+ or #) must be a whole level'],
    ['sensors//+', 'topics have no empty level'],
    ['/sensors', 'must not start with /'],
    ['sensors/', 'must not end with /'],
    ['?sensors/(', 'Invalid regular expression'],
    ['#', undefined],
    ['one two three four', 'at most 3 words'],
  ])('"%s" is refused with a message naming the problem', (input, message) => {
    const query = parseTopicQuery(input);
    if (message === undefined) expect(query.kind).not.toBe('invalid');
    else expect(query).toEqual({ kind: 'invalid', message: expect.stringContaining(message) });
  });
});

describe('an MQTT topic filter selects exactly the topics MQTT would deliver', () => {
  const filters = [
    'weather/#',
    'weather/+',
    'sensors/+/temp',
    'sensors/+/temp/#',
    'sensors/+/+',
    '+/kitchen/+',
    '+',
    '#',
    '+/+/temp',
    'sensors/a.b/temp',
    'sensors/a.b/#',
    'sensors/a.b/+',
    'Living Room/+',
    '$SYS/#',
  ];
  it.each(filters)('%s', (filter) => {
    const selector = mqttFilterToSelector(filter);
    for (const path of PATHS) {
      expect([path, selects(selector, path)]).toEqual([path, topicMatchesFilter(filter, path)]);
    }
  });
});

describe('plain words select paths containing every word, in any order, ignoring case', () => {
  it.each([
    [
      ['temp'],
      [
        'sensors/kitchen/temp',
        'sensors/hall/temp',
        'sensors/hall/temp/raw',
        'sensors/temp',
        'sensors/a.b/temp',
        'sensors/axb/temp',
      ],
    ],
    [
      ['HALL', 'temp'],
      ['sensors/hall/temp', 'sensors/hall/temp/raw'],
    ],
    [
      ['temp', 'hall'],
      ['sensors/hall/temp', 'sensors/hall/temp/raw'],
    ],
    [['living', 'lamp'], ['Living Room/Lamp']],
    [['a.b'], ['sensors/a.b/temp']],
    [
      ['weather', 'weather'],
      ['weather', 'weather/today', 'weather/today/rain', 'weatherstation'],
    ],
    [['nowhere'], []],
  ])('%j', (words, expected) => {
    const selector = wordsToSelector(words);
    expect(PATHS.filter((path) => selects(selector, path))).toEqual(expected);
  });
});
