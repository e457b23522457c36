import { describe, expect, it } from 'vitest';
import { mqttTcpAddress } from './service-address';

describe('the MQTT/TCP address', () => {
  it('is the host and its port once a port is assigned', () => {
    expect(mqttTcpAddress({ mqttHost: 'localhost', mqttPort: 21883 })).toBe('localhost:21883');
  });

  it('is missing, not a bare host, while no port is assigned', () => {
    expect(mqttTcpAddress({ mqttHost: 'localhost', mqttPort: null })).toBeNull();
  });
});
