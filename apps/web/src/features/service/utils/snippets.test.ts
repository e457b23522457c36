import { describe, expect, it } from 'vitest';
import {
  SNIPPET_LANGUAGES,
  SNIPPET_PLACEHOLDERS,
  curlSnippet,
  isSnippetLanguage,
  javascriptSnippet,
  mosquittoPubSnippet,
  mosquittoSubSnippet,
  snippetFor,
  type SnippetInput,
} from './snippets';

const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln';

const service: SnippetInput = {
  websocketUrl: 'ws://prices.eu-west-1.aws.localhost:3000/mqtt',
  mqttHost: 'localhost',
  mqttPort: 21883,
  authenticationUrl: 'http://localhost:3000/v3/service-api/token',
};
const withCredentials: SnippetInput = {
  ...service,
  accessToken: TOKEN,
  clientId: 'cli_123',
  clientSecret: 'sec_456',
};

describe('the connection snippets', () => {
  it('connect mqtt.js over WebSocket in a browser and over TCP in Node.js, with the token as password', () => {
    expect(javascriptSnippet(withCredentials)).toBe(`import mqtt from 'mqtt';

// A browser connects over WebSocket; Node.js over TCP.
const url = typeof window === 'undefined' ? 'mqtt://localhost:21883' : 'ws://prices.eu-west-1.aws.localhost:3000/mqtt';
const client = mqtt.connect(url, { username: 'token', password: '${TOKEN}' });
client.on('connect', () => {
  client.subscribe('herald/#');
  client.publish('herald/hello', JSON.stringify({ hello: 'world' }), { qos: 1 });
});
client.on('message', (topic, payload) => {
  console.log(topic, payload.toString());
  client.end();
});
`);
  });

  it('publish and subscribe with mosquitto over TCP', () => {
    expect(mosquittoPubSnippet(withCredentials)).toBe(
      `mosquitto_pub -h localhost -p 21883 -u token -P '${TOKEN}' -t herald/hello -m 'Hello from mosquitto' -q 1`,
    );
    expect(mosquittoSubSnippet(withCredentials)).toBe(
      `mosquitto_sub -h localhost -p 21883 -u token -P '${TOKEN}' -t 'herald/#' -v -C 1`,
    );
  });

  it('ask for a token with the client-credentials grant', () => {
    expect(curlSnippet(withCredentials)).toBe(
      'curl -s -X POST http://localhost:3000/v3/service-api/token -d grant_type=client_credentials -u cli_123:sec_456',
    );
  });

  it.each(SNIPPET_LANGUAGES.filter((language) => language !== 'curl' && language !== 'javascript'))(
    'fill the %s snippet with the TCP host, port and token',
    (language) => {
      const snippet = snippetFor(language, withCredentials);
      expect(snippet).toContain('localhost');
      expect(snippet).toContain('21883');
      expect(snippet).toContain(TOKEN);
      expect(snippet).toContain('token');
      for (const placeholder of Object.values(SNIPPET_PLACEHOLDERS)) {
        expect(snippet).not.toContain(placeholder);
      }
    },
  );

  it.each(SNIPPET_LANGUAGES)(
    'use placeholders in the %s snippet without credentials',
    (language) => {
      const snippet = snippetFor(language, service);
      expect(snippet).toContain(
        language === 'curl' ? SNIPPET_PLACEHOLDERS.clientId : SNIPPET_PLACEHOLDERS.accessToken,
      );
    },
  );

  it('quote placeholders for the shell so the command stays one command', () => {
    expect(curlSnippet(service)).toBe(
      "curl -s -X POST http://localhost:3000/v3/service-api/token -d grant_type=client_credentials -u '<CLIENT_ID>:<CLIENT_SECRET>'",
    );
  });

  it('shows a port placeholder while no MQTT port is assigned', () => {
    expect(mosquittoPubSnippet({ ...service, mqttPort: null })).toContain("-p '<MQTT_PORT>'");
  });

  it.each([
    ['javascript', true],
    ['csharp', true],
    ['ruby', false],
    [undefined, false],
  ])('knows %j as a language: %s', (value, expected) => {
    expect(isSnippetLanguage(value)).toBe(expected);
  });
});
