import { describe, expect, it } from 'vitest';
import { serviceHostPage } from './service-host-page';

const endpoints = {
  websocketUrl: 'ws://prices.eu-west-1.local.localhost:3000/mqtt',
  mqttHost: 'localhost',
  mqttPort: 21883,
};

describe('serviceHostPage', () => {
  it('names the service, its endpoints and the way back to the dashboard', () => {
    const page = serviceHostPage({
      serviceName: 'prices',
      dashboardUrl: 'http://localhost:3000/service/abc',
      endpoints,
    });
    expect(page).toContain('<title>prices · Herald Cloud</title>');
    expect(page).toContain('<code>ws://prices.eu-west-1.local.localhost:3000/mqtt</code>');
    expect(page).toContain('<code>localhost:21883</code>');
    expect(page).toContain(
      '<a href="http://localhost:3000/service/abc">Open prices in the dashboard</a>',
    );
    expect(page).not.toMatch(/<script|style=/);
  });

  it('escapes a label that carries markup', () => {
    const page = serviceHostPage({
      serviceName: '<img src=x onerror=alert(1)> & "friends"',
      dashboardUrl: 'http://localhost:3000/service/abc',
      endpoints,
    });
    expect(page).not.toContain('<img');
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;friends&quot;');
  });

  it('leaves out the TCP line when the service has no port yet', () => {
    const page = serviceHostPage({
      serviceName: 'prices',
      dashboardUrl: 'http://localhost:3000/service/abc',
      endpoints: { ...endpoints, mqttPort: null },
    });
    expect(page).not.toContain('MQTT over TCP');
  });
});
