import type { RouteDefinition } from './define-route';
import { consoleRoutes } from './routes/console';
import { billingRoutes } from './routes/billing';
import { checkoutRoutes } from './routes/checkout';
import { consentRoutes } from './routes/consent';
import { healthRoutes } from './routes/health';
import { identityRoutes } from './routes/identity';
import { kafkaGatewayRoutes } from './routes/kafka-gateway';
import { logRoutes } from './routes/logs';
import { marketplaceRoutes } from './routes/marketplace';
import { memberRoutes } from './routes/members';
import { notificationRoutes } from './routes/notifications';
import { restAdapterRoutes } from './routes/rest-adapter';
import { securityRoutes } from './routes/security';
import { serviceRoutes } from './routes/service';
import { topicRoutes } from './routes/topics';
import { usageRoutes } from './routes/usage';
import { userRoutes } from './routes/user';
import { workspaceRoutes } from './routes/workspace';

/**
 * Every /v3 endpoint (spec section 7, plus health, restart and cancel), by route id. The server
 * registers these, the web client calls them, test handlers mock them (CONVENTIONS section 3).
 * Each area lives in `routes/<area>.ts`.
 */
export const routes = {
  ...healthRoutes,
  ...identityRoutes,
  ...userRoutes,
  ...consentRoutes,
  ...workspaceRoutes,
  ...memberRoutes,
  ...billingRoutes,
  ...checkoutRoutes,
  ...marketplaceRoutes,
  ...serviceRoutes,
  ...topicRoutes,
  ...consoleRoutes,
  ...securityRoutes,
  ...notificationRoutes,
  ...restAdapterRoutes,
  ...kafkaGatewayRoutes,
  ...logRoutes,
  ...usageRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;
