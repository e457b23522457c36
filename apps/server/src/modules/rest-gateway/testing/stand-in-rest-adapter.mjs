// A stand-in for the REST adapter process (packages/rest-adapter, another engineer's) in the control plane's
// supervision tests: what the process owes its workload kind and the control plane's calls, and nothing more. It reads
// HERALD_REST_ADAPTER_CONFIG as the real one does, polls nothing, and serves /health, /identity, /state (each endpoint
// not polled yet), /poll and /preview (a `failed` poll result naming the stand-in: it fetches nothing) — a bearer is
// required, as the real process verifies one — and /test/config and /test/last (what it was started with and the
// last body it was sent, for the test).
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

const env = process.env;
const config = JSON.parse(env.HERALD_REST_ADAPTER_CONFIG ?? 'null');
if (!config) {
  console.error('HERALD_REST_ADAPTER_CONFIG is missing');
  process.exit(2);
}
let last = null;

function state() {
  return {
    endpoints: config.apis.flatMap((api) =>
      api.endpoints.map((endpoint) => ({
        apiId: api.id,
        endpointId: endpoint.id,
        topicPath: endpoint.topicPath ?? endpoint.path.slice(1),
        lastPollAt: null,
        lastOutcome: null,
        lastStatus: null,
        lastDurationMs: null,
        lastError: null,
        lastValue: null,
        lastValueAt: null,
        consecutiveFailures: 0,
        nextPollAt: null,
      })),
    ),
  };
}

const result = (apiId, endpointId) => ({
  apiId,
  endpointId,
  url: 'stand-in',
  topicPath: 'stand-in',
  outcome: 'failed',
  status: null,
  contentType: null,
  durationMs: 0,
  body: null,
  value: null,
  published: false,
  error: 'The stand-in adapter polls nothing',
  at: Date.now(),
});

async function bodyOf(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text);
}

const server = http.createServer(async (request, response) => {
  const answer = (status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.url === '/health') return answer(200, { status: 'ok' });
  if (!request.headers.authorization?.startsWith('Bearer ')) return answer(401, {});
  if (request.url === '/identity') {
    return answer(200, { workloadId: env.HERALD_WORKLOAD_ID, pid: process.pid });
  }
  if (request.url === '/state') return answer(200, state());
  if (request.method === 'POST' && request.url === '/poll') {
    last = await bodyOf(request);
    return answer(200, result(last.apiId, last.endpointId));
  }
  if (request.method === 'POST' && request.url === '/preview') {
    last = await bodyOf(request);
    return answer(200, result(last.api.id, null));
  }
  if (request.url === '/test/last') return answer(200, { last });
  if (request.url === '/test/config') {
    return answer(200, {
      config,
      allowedHosts: env.REST_ADAPTER_ALLOWED_HOSTS,
      runtimeInfoFile: env.HERALD_RUNTIME_INFO_FILE,
      jwks: env.HERALD_JWKS,
      credentialVersion: env.HERALD_CREDENTIAL_VERSION,
      mqttUsername: env.HERALD_MQTT_USERNAME,
    });
  }
  return answer(404, {});
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  appendFileSync(
    env.HERALD_LOG_FILE,
    `${JSON.stringify({ time: Date.now(), level: 'info', msg: `stand-in REST adapter up with ${config.apis.length} APIs` })}\n`,
  );
  writeFileSync(
    env.HERALD_READY_FILE,
    JSON.stringify({ pid: process.pid, httpPort: port, mqttPort: 0, version: env.HERALD_VERSION }),
  );
});
process.on('SIGTERM', () => process.exit(0));
