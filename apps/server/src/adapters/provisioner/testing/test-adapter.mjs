// A stand-in adapter package for the provisioner's tests: what every adapter process owes its workload kind
// (workloads/adapter-kind.ts) and nothing more. It connects nowhere; it serves /health (the driver's readiness
// check) and /identity (the kind's re-attach proof: its workload id and pid, asked with its own credential), and
// writes its ready file once it listens.
import { writeFileSync } from 'node:fs';
import http from 'node:http';

const env = process.env;
const server = http.createServer((request, response) => {
  // The kind asks with a credential it signs for each proof (no secret here to check it against): one is required.
  if (request.url === '/identity' && !request.headers.authorization?.startsWith('Bearer ')) {
    response.writeHead(401).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify(
      request.url === '/identity'
        ? { workloadId: env.HERALD_WORKLOAD_ID, pid: process.pid, mqttUrl: env.HERALD_MQTT_URL }
        : { status: 'ok' },
    ),
  );
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  writeFileSync(env.HERALD_LOG_FILE, `test adapter ${env.HERALD_ADAPTER_ID} up\n`, { flag: 'a' });
  writeFileSync(
    env.HERALD_READY_FILE,
    JSON.stringify({ pid: process.pid, httpPort: port, mqttPort: 0, version: env.HERALD_VERSION }),
  );
});
process.on('SIGTERM', () => process.exit(0));
