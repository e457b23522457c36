import { parse as parseQueryString } from 'node:querystring';
import { routes } from '@herald/contract/api/routes';
import {
  MARKETPLACE_SIGNUP_PATH,
  MARKETPLACE_TOKEN_FORM_FIELD,
  MARKETPLACE_TOKEN_QUERY_PARAM,
  registrationTokenSchema,
} from '@herald/contract/marketplace/marketplace.schema';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../plugins/route-registry';
import { actorOf } from '../workspace/workspace.service';
import { connectSubscription } from './marketplace.service';

/**
 * POST /aws/signup: the fulfilment URL AWS Marketplace posts its form to (field x-amzn-marketplace-token). A
 * cross-site form post is what this landing is for, so neither the /v3 origin check nor the JSON-only rule applies
 * here, and it is safe: it reads no cookie, changes nothing, and only hands the token on to the SPA page with a 303
 * (POST → GET). The signed-in user's own JSON call, POST /v3/marketplace/signup, does the work under the usual CSRF
 * rules (docs/decisions/026).
 */
async function signupLanding(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      const parsed = parseQueryString(body as string);
      const value = parsed[MARKETPLACE_TOKEN_FORM_FIELD];
      done(null, { token: Array.isArray(value) ? value[0] : value });
    },
  );
  // A page of the site, not an API call: kept out of the OpenAPI document.
  app.post(MARKETPLACE_SIGNUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const body = request.body as { token?: unknown } | undefined;
    const token = registrationTokenSchema.safeParse(body?.token);
    const location = token.success
      ? `${MARKETPLACE_SIGNUP_PATH}?${new URLSearchParams({ [MARKETPLACE_TOKEN_QUERY_PARAM]: token.data }).toString()}`
      : MARKETPLACE_SIGNUP_PATH;
    reply.header('cache-control', 'no-store');
    return reply.redirect(location, 303);
  });
}

/** The cloud marketplace (issue 13; spec sections 2 and 4; docs/decisions/026). */
export async function marketplaceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(signupLanding);

  registerRoute(app, routes.marketplaceSignup, async (request) => {
    const actor = await actorOf(app, request);
    return connectSubscription(app, request.body.registrationToken, actor);
  });
}
