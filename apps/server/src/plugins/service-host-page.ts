import type { ServiceEndpoints } from '@herald/contract/services/service.schema';
import { escapeHtml } from '../lib/escape-html';

/**
 * The page a browser gets at a service host's `/` — where the dashboard's Console entry opens
 * (spec section 2). The service's own web console is not part of this release, so the page says
 * how to reach the service and links back to it in the dashboard; nothing on it is secret (the
 * host already names the service; credentials stay in the dashboard). No script: it lives under
 * the same strict CSP as every other answer (which allows a <style> element, as Mantine needs).
 */
export function serviceHostPage(input: {
  serviceName: string;
  dashboardUrl: string;
  endpoints: ServiceEndpoints;
}): string {
  const name = escapeHtml(input.serviceName);
  const tcp =
    input.endpoints.mqttPort === null
      ? ''
      : `<dt>MQTT over TCP</dt><dd><code>${escapeHtml(input.endpoints.mqttHost)}:${input.endpoints.mqttPort}</code></dd>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · Herald Cloud</title>
<style>
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #f8f9fa; }
main { max-width: 44rem; margin: 3rem auto; padding: 2rem; background: #fff; border: 1px solid #dee2e6; border-radius: 8px; }
h1 { margin-top: 0; overflow-wrap: anywhere; }
dt { font-weight: 600; margin-top: 0.75rem; }
dd { margin: 0.25rem 0 0; }
code { font-size: 0.875rem; background: #f1f3f5; padding: 0.125rem 0.375rem; border-radius: 4px; overflow-wrap: anywhere; }
a { color: #3b5bdb; }
</style>
</head>
<body>
<main>
<h1>${name}</h1>
<p>This is a Herald Cloud messaging service. Connect any MQTT 3.1.1 client with the username <code>token</code> and an access token as the password.</p>
<dl>
<dt>MQTT over WebSocket</dt><dd><code>${escapeHtml(input.endpoints.websocketUrl)}</code></dd>
${tcp}
</dl>
<p>The service's own web console is not available in this release. Credentials, ready-to-run snippets and settings are in the dashboard.</p>
<p><a href="${escapeHtml(input.dashboardUrl)}">Open ${name} in the dashboard</a></p>
</main>
</body>
</html>
`;
}
