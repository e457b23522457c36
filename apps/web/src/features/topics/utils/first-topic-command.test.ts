import { describe, expect, it } from 'vitest';
import { firstTopicCommand } from './first-topic-command';

describe('the first topic command', () => {
  it("publishes a first JSON topic to the service's TCP host and port with a placeholder token", () => {
    expect(firstTopicCommand({ mqttHost: 'localhost', mqttPort: 21883 })).toBe(
      `mosquitto_pub -h localhost -p 21883 -u token -P '<ACCESS_TOKEN>' -t herald/first-topic -m '{"hello":"world"}' -q 1 -r`,
    );
  });

  it('names the port as a placeholder while none is assigned, and quotes an unusual host', () => {
    expect(firstTopicCommand({ mqttHost: "odd host'", mqttPort: null })).toContain(
      `-h 'odd host'\\''' -p '<MQTT_PORT>'`,
    );
  });
});
