import { describe, expect, it } from 'vitest';
import { mqttTcpAddress, serviceConnectHost, serviceHostOf } from './service-address';

describe('the MQTT/TCP address', () => {
  it('is the host and its port once a port is assigned', () => {
    expect(mqttTcpAddress({ mqttHost: 'localhost', mqttPort: 21883 })).toBe('localhost:21883');
  });

  it('is missing, not a bare host, while no port is assigned', () => {
    expect(mqttTcpAddress({ mqttHost: 'localhost', mqttPort: null })).toBeNull();
  });
});

describe('the host a client connects to (issue 25, item 20)', () => {
  it('is the service name and region under the service domain', () => {
    const cases: [string, string, string, string][] = [
      [
        'weather-station',
        'eu-west-1.local',
        'localhost',
        'weather-station.eu-west-1.local.localhost',
      ],
      ['prices', 'eu-west-1.aws', 'herald.example', 'prices.eu-west-1.aws.herald.example'],
    ];
    for (const [serviceName, region, domain, host] of cases) {
      expect(serviceConnectHost({ serviceName, region }, domain)).toBe(host);
    }
  });

  it('is read back from the WebSocket URL the API returns, without scheme, port or path', () => {
    const cases: [string, string | null][] = [
      [
        'ws://weather-station.eu-west-1.local.localhost:3301/mqtt',
        'weather-station.eu-west-1.local.localhost',
      ],
      ['wss://prices.eu-west-1.aws.herald.example/mqtt', 'prices.eu-west-1.aws.herald.example'],
      ['WSS://Prices.EU-west-1.aws.herald.example:443/mqtt', 'prices.eu-west-1.aws.herald.example'],
      [' ws://a.b.localhost ', 'a.b.localhost'],
      ['http://a.b.localhost/mqtt', null],
      ['', null],
    ];
    for (const [websocketUrl, host] of cases) expect(serviceHostOf({ websocketUrl })).toBe(host);
  });
});
