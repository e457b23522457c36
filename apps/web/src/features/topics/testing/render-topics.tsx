import {
  renderServicePage,
  type RenderServicePageOptions,
} from '../../../testing/render-service-page';

export type RenderTopicsOptions = RenderServicePageOptions;

/** Renders the whole app at a topics path inside the service layout, signed in as Ada. */
export function renderTopics(path: string, options: RenderTopicsOptions = {}) {
  return renderServicePage(path, options);
}
