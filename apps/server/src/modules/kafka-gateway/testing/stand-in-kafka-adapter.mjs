// A stand-in for the Kafka adapter process (packages/kafka-adapter/src/main.ts, another engineer's) in the control
// plane's supervision tests: what the process owes its workload kind and the state call, and nothing more. It reads
// HERALD_KAFKA_ADAPTER_CONFIG as the real one does, connects nowhere, and serves /health, /identity and /state (a
// bearer is required, as the real process verifies one) and /test/config (what it was started with, for the test).
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';

const env = process.env;
const config = JSON.parse(env.HERALD_KAFKA_ADAPTER_CONFIG ?? 'null');
if (!config) {
  console.error('HERALD_KAFKA_ADAPTER_CONFIG is missing');
  process.exit(2);
}

function state() {
  return {
    clusters: config.clusters.map((cluster) => ({ id: cluster.id, connected: true })),
    subscribers: config.services
      .filter((item) => item.type === 'SUBSCRIPTION_SERVICE')
      .map((item) => ({ id: item.id, lag: 0, ratePerSecond: 0, samples: [] })),
    publishers: config.services
      .filter((item) => item.type === 'PUBLISHING_SERVICE')
      .map((item) => ({ id: item.id, produced: 0, failed: 0, buffered: 0, ratePerSecond: 0 })),
  };
}

const server = http.createServer((request, response) => {
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
  if (request.url === '/test/config') {
    return answer(200, {
      config,
      runtimeInfoFile: env.HERALD_RUNTIME_INFO_FILE,
      jwks: env.HERALD_JWKS,
    });
  }
  return answer(404, {});
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  appendFileSync(
    env.HERALD_LOG_FILE,
    `${JSON.stringify({ time: Date.now(), level: 'info', msg: `stand-in member ${config.member} up` })}\n`,
  );
  writeFileSync(
    env.HERALD_READY_FILE,
    JSON.stringify({ pid: process.pid, httpPort: port, mqttPort: 0, version: env.HERALD_VERSION }),
  );
});
process.on('SIGTERM', () => process.exit(0));
