import {
  createTestSigner as createSigner,
  startTestRuntime as startRuntime,
  type TestSigner,
} from '@herald/adapter-kit/testing/test-runtime';

/** The Kafka adapter's test service: the shared test runtime (adapter-kit) under this service's id. */
export const TEST_SERVICE_ID = 'svc-kafka-test';
const SERVICE = { serviceId: TEST_SERVICE_ID, name: 'kafka-test' };

export const createTestSigner = () => createSigner(SERVICE);
export const startTestRuntime = (signer: TestSigner) => startRuntime(signer, SERVICE);
export {
  freePort,
  timeSeriesValues,
  type TestRuntime,
  type TestSigner,
} from '@herald/adapter-kit/testing/test-runtime';
