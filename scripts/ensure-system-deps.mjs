#!/usr/bin/env node
// Installs the Debian packages the test suite drives for real (PostgreSQL server, Chromium, mosquitto, Prometheus,
// and what builds the Kafka test peer) when they are missing. As root it runs apt-get itself; otherwise it stops with the exact
// command to run. Usage: node scripts/ensure-system-deps.mjs postgres chromium
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const checks = {
  postgres: {
    packages: ['postgresql'],
    isPresent: () => findPostgresBin() !== null && userExists('postgres'),
  },
  chromium: {
    packages: ['chromium', 'fonts-liberation'],
    isPresent: () => existsSync('/usr/bin/chromium'),
  },
  mosquitto: {
    packages: ['mosquitto', 'mosquitto-clients'],
    isPresent: () => existsSync('/usr/sbin/mosquitto') && existsSync('/usr/bin/mosquitto_pub'),
  },
  // The Prometheus metrics store's tests start their own server (never the package's system service).
  prometheus: {
    packages: ['prometheus'],
    isPresent: () => existsSync('/usr/bin/prometheus'),
  },
  // The Kafka test peer is librdkafka's mock cluster behind a small C launcher (packages/kafka-mock), compiled
  // on first use: a compiler, pkg-config and librdkafka's headers.
  kafka: {
    packages: ['librdkafka-dev', 'gcc', 'libc6-dev', 'pkg-config'],
    isPresent: () =>
      existsSync('/usr/include/librdkafka/rdkafka_mock.h') &&
      existsSync('/usr/bin/gcc') &&
      existsSync('/usr/bin/pkg-config'),
  },
};

export function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(`${root}/${name}/bin/postgres`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? `${root}/${versions[0]}/bin` : null;
}

function userExists(name) {
  return spawnSync('id', ['-u', name], { stdio: 'ignore' }).status === 0;
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in checks));
if (unknown.length > 0) {
  console.error(`ensure-system-deps: unknown dependency ${unknown.join(', ')}`);
  process.exit(2);
}
const missing = wanted.filter((name) => !checks[name].isPresent());
if (missing.length === 0) process.exit(0);

const packages = missing.flatMap((name) => checks[name].packages);
const command = `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.error(
    `Missing system packages for the tests: ${missing.join(', ')}.\nRun as root:\n  ${command}`,
  );
  process.exit(1);
}
console.log(`Installing ${packages.join(', ')} from Debian (needed by the tests)...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
  stdio: 'inherit',
  env,
});
const stillMissing = missing.filter((name) => !checks[name].isPresent());
if (stillMissing.length > 0) {
  console.error(`Still missing after install: ${stillMissing.join(', ')}. Run: ${command}`);
  process.exit(1);
}
