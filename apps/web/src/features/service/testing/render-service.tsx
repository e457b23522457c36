import { routes } from '@herald/contract/api/routes';
import type { FeatureFlag } from '@herald/contract/flags/flags';
import { InMemoryProvider, OpenFeature } from '@openfeature/react-sdk';
import { handle } from '../../../testing/api-mock';
import {
  renderServicePage,
  type RenderServicePageOptions,
} from '../../../testing/render-service-page';

export type RenderServiceOptions = RenderServicePageOptions;

/** Turns feature flags on for the next render (the others stay off). */
export async function turnOnFlags(...flags: FeatureFlag[]) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider(
      Object.fromEntries(
        flags.map((flag) => [
          flag,
          { variants: { on: true, off: false }, defaultVariant: 'on', disabled: false },
        ]),
      ),
    ),
  );
}

/** Renders the whole app at a service path, signed in as Ada, with the service's calls answered. */
export function renderService(path: string, options: RenderServiceOptions = {}) {
  return renderServicePage(path, {
    ...options,
    handlers: [
      ...(options.handlers ?? []),
      handle(routes.getLiveMetrics, () => ({
        status: 200,
        body: { sessions: 3, topics: 12, topicsCapacity: 1000 },
      })),
      handle(routes.getMetadata, () => ({
        status: 200,
        body: {
          tiers: [],
          heraldVersions: [{ tag: '6.9.2' }, { tag: '6.10.0' }, { tag: '6.11.1' }],
          adapterVersions: [],
          latestHeraldVersion: '6.11.1',
          regions: ['eu-west-1.aws'],
        },
      })),
    ],
  });
}
