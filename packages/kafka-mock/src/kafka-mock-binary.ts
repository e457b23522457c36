import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const KAFKA_MOCK_PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const KAFKA_MOCK_SOURCE = join(KAFKA_MOCK_PACKAGE_DIR, 'src', 'kafka-mock.c');
/** Built binaries, one per source hash (gitignored like every dist/). */
export const KAFKA_MOCK_BUILD_DIR = join(KAFKA_MOCK_PACKAGE_DIR, 'dist');
const ENSURE_SYSTEM_DEPS = fileURLToPath(
  new URL('../../../scripts/ensure-system-deps.mjs', import.meta.url),
);
/** What the repository's installer does when the build tools are missing (as root it runs apt-get itself). */
export const KAFKA_MOCK_INSTALL_COMMAND = 'node scripts/ensure-system-deps.mjs kafka';
const COMPILER_FLAGS = ['-O2', '-Wall', '-Wextra'];

function buildToolsPresent(): boolean {
  return (
    existsSync('/usr/include/librdkafka/rdkafka_mock.h') &&
    existsSync('/usr/bin/gcc') &&
    existsSync('/usr/bin/pkg-config')
  );
}

async function ensureBuildTools(): Promise<void> {
  if (buildToolsPresent()) return;
  try {
    // Debian's librdkafka-dev, gcc and pkg-config (scripts/ensure-system-deps.mjs "kafka").
    await run(process.execPath, [ENSURE_SYSTEM_DEPS, 'kafka'], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const output = error as { stderr?: string; stdout?: string };
    throw new Error(
      `The Kafka test peer needs librdkafka-dev, gcc and pkg-config, and installing them failed. ` +
        `Run as root: ${KAFKA_MOCK_INSTALL_COMMAND}\n${output.stderr ?? output.stdout ?? String(error)}`,
    );
  }
}

let pending: Promise<string> | undefined;

/**
 * The path of the compiled launcher (src/kafka-mock.c), built on first use: the Debian packages are installed when
 * missing, then gcc links it against the system's librdkafka. A binary is named by the hash of its source, compiler
 * flags and librdkafka version, so it is rebuilt only when one of them changes; a build is written to a temporary
 * name and renamed, so two test projects building at once never run half a file.
 */
export function ensureKafkaMockBinary(): Promise<string> {
  pending ??= buildIfMissing().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function buildIfMissing(): Promise<string> {
  await ensureBuildTools();
  const [source, { stdout: flags }, { stdout: version }] = await Promise.all([
    readFile(KAFKA_MOCK_SOURCE),
    run('pkg-config', ['--cflags', '--libs', 'rdkafka']),
    run('pkg-config', ['--modversion', 'rdkafka']),
  ]);
  const linkFlags = flags.trim().split(/\s+/).filter(Boolean);
  const hash = createHash('sha256')
    .update(source)
    .update(JSON.stringify([COMPILER_FLAGS, linkFlags, version.trim()]))
    .digest('hex')
    .slice(0, 16);
  const binary = join(KAFKA_MOCK_BUILD_DIR, `kafka-mock-${hash}`);
  if (existsSync(binary)) return binary;

  await mkdir(KAFKA_MOCK_BUILD_DIR, { recursive: true });
  const temporary = `${binary}.${process.pid}.tmp`;
  try {
    await run('gcc', [
      ...COMPILER_FLAGS,
      '-o',
      temporary,
      KAFKA_MOCK_SOURCE,
      ...linkFlags,
      '-lpthread',
    ]);
  } catch (error) {
    await rm(temporary, { force: true });
    const output = error as { stderr?: string };
    throw new Error(`Compiling the Kafka test peer failed:\n${output.stderr ?? String(error)}`);
  }
  await rename(temporary, binary);
  // Binaries of older sources are never run again.
  for (const name of await readdir(KAFKA_MOCK_BUILD_DIR)) {
    if (
      name.startsWith('kafka-mock-') &&
      !name.endsWith('.tmp') &&
      join(KAFKA_MOCK_BUILD_DIR, name) !== binary
    ) {
      await rm(join(KAFKA_MOCK_BUILD_DIR, name), { force: true });
    }
  }
  return binary;
}
