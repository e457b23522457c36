import {
  marketplaceSignupRequestSchema,
  marketplaceSignupResponseSchema,
} from '../../marketplace/marketplace.schema';
import { defineRoute } from '../define-route';

const tags = ['marketplace'] as const;

/** The cloud marketplace (issue 13; spec sections 2 and 4; docs/decisions/026). */
export const marketplaceRoutes = {
  marketplaceSignup: defineRoute({
    method: 'POST',
    path: '/v3/marketplace/signup',
    summary:
      'Connect an AWS Marketplace subscription: resolve the registration token and create (or return) its organisation, the caller as Owner',
    tags,
    access: 'user',
    body: marketplaceSignupRequestSchema,
    responses: { 200: marketplaceSignupResponseSchema },
  }),
} as const;
