import { ensureKafkaMockBinary } from './kafka-mock-binary';

/** Builds the launcher before any test file starts one (the first build may install Debian packages). */
export default async function setup(): Promise<void> {
  await ensureKafkaMockBinary();
}
