import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import { BootFallback } from '../components/boot-fallback';
import { NOT_FOUND_ROUTE_ID } from './not-found-route-id';
import { RootErrorElement, RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';
import {
  rootLoader,
  serviceLoader,
  signedInLandingPrefetch,
  topicsLoader,
  workspaceLoader,
} from './route-loaders';
import { provideRouteQueryClient } from '../lib/queries/route-prefetch';
import { provideSignInPrefetch } from '../lib/queries/sign-in-prefetch';

const blankPage = { hideBreadcrumbs: true } satisfies RouteHandle;

/** Service pages whose issues are still to come: a placeholder inside the service layout. */
const servicePlaceholderRoutes: RouteObject[] = (
  [
    ['metrics/configure/*', 'Metrics'],
    ['remote-servers/*', 'Remote Servers'],
    ['topic-views/*', 'Views'],
  ] as const
).map(([path, crumb]) => ({
  path,
  lazy: async () => ({
    Component: (await import('./routes/service-placeholder')).ServicePlaceholderRoute,
  }),
  handle: { crumb } satisfies RouteHandle,
}));

/*
 * Pages and layouts load lazily so the entry chunk holds only the shell (bundle budget,
 * scripts/check-bundle-budget.mjs). Each `lazy` resolves to the route's `Component`.
 * Route `handle`s carry breadcrumb metadata (RouteHandle). Every route renders behind the
 * onboarding gate of the root (spec section 4; see onboarding-gate.tsx).
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    // Mantine and the root's own components arrive in a chunk of their own, beside the page's (app/root-route.tsx).
    element: <RootRoute />,
    errorElement: <RootErrorElement />,
    HydrateFallback: BootFallback,
    // Loaders start each page's queries at once and in parallel, without holding up navigation.
    loader: rootLoader,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/blank-layout')).BlankLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
            handle: blankPage,
          },
          {
            path: 'signup',
            lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }),
            handle: blankPage,
          },
          {
            path: 'reset-password',
            lazy: async () => ({
              Component: (await import('./routes/reset-password')).ResetPasswordRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'login/callback',
            lazy: async () => ({
              Component: (await import('./routes/login-callback')).LoginCallbackRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'login/email-verified',
            lazy: async () => ({
              Component: (await import('./routes/email-verified')).EmailVerifiedRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'onboarding/verify-email',
            lazy: async () => ({
              Component: (await import('./routes/verify-email')).VerifyEmailRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'onboarding/details',
            lazy: async () => ({
              Component: (await import('./routes/onboarding-details')).OnboardingDetailsRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'onboarding/consider-invite',
            lazy: async () => ({
              Component: (await import('./routes/consider-invite')).ConsiderInviteRoute,
            }),
            handle: blankPage,
          },
          {
            path: 'track/events',
            lazy: async () => ({
              Component: (await import('./routes/track-events')).TrackEventsRoute,
            }),
            handle: blankPage,
          },
          {
            // Spec section 2: the cloud marketplace's signup and expired subscription (issue 13, docs/decisions/026).
            path: 'aws/signup',
            lazy: async () => ({ Component: (await import('./routes/aws-signup')).AwsSignupRoute }),
            handle: blankPage,
          },
          {
            path: 'aws/expired',
            lazy: async () => ({
              Component: (await import('./routes/aws-expired')).AwsExpiredRoute,
            }),
            handle: blankPage,
          },
        ],
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/default-layout')).DefaultLayout }),
        children: [
          {
            path: 'workspace',
            loader: workspaceLoader,
            children: [
              {
                index: true,
                lazy: async () => ({
                  Component: (await import('./routes/workspace-index')).WorkspaceIndexRoute,
                }),
              },
              {
                // Spec section 2: the pages of one workspace; an unknown id shows the 404 page.
                path: ':workspaceId',
                lazy: async () => ({
                  Component: (await import('./routes/workspace-guard')).WorkspaceGuardRoute,
                }),
                children: [
                  {
                    index: true,
                    lazy: async () => ({
                      Component: (await import('./routes/workspace')).WorkspaceRoute,
                    }),
                    handle: { crumb: 'Services' } satisfies RouteHandle,
                  },
                  {
                    path: 'members',
                    lazy: async () => ({
                      Component: (await import('./routes/members')).MembersRoute,
                    }),
                    handle: { crumb: 'Members' } satisfies RouteHandle,
                  },
                  {
                    // The guide itself is a later issue: an honest placeholder until then.
                    path: 'evaluation/*',
                    lazy: async () => ({
                      Component: (await import('./routes/not-yet-available')).EvaluationRoute,
                    }),
                    handle: { crumb: 'Evaluation guide' } satisfies RouteHandle,
                  },
                  {
                    path: 'billing',
                    lazy: async () => ({
                      Component: (await import('./routes/billing')).BillingRoute,
                    }),
                    handle: { crumb: 'Billing' } satisfies RouteHandle,
                  },
                ],
              },
            ],
          },
          {
            path: 'profile',
            lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
            handle: { crumb: 'Profile' } satisfies RouteHandle,
          },
          {
            // Spec section 2: the payment provider's callbacks (issue 13).
            path: 'checkout/success',
            lazy: async () => ({
              Component: (await import('./routes/checkout')).CheckoutSuccessRoute,
            }),
            handle: { crumb: 'Checkout' } satisfies RouteHandle,
          },
          {
            path: 'checkout/failure',
            lazy: async () => ({
              Component: (await import('./routes/checkout')).CheckoutFailureRoute,
            }),
            handle: { crumb: 'Checkout' } satisfies RouteHandle,
          },
        ],
      },
      {
        // Spec section 2: the pages of one service; `/service` alone goes to /workspace.
        path: 'service/:serviceId?',
        loader: serviceLoader,
        lazy: async () => ({ Component: (await import('./layouts/service-layout')).ServiceLayout }),
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./routes/service-overview')).ServiceOverviewRoute,
            }),
          },
          {
            path: 'settings',
            lazy: async () => ({
              Component: (await import('./routes/service-settings')).ServiceSettingsRoute,
            }),
            handle: { crumb: 'Settings' } satisfies RouteHandle,
          },
          {
            path: 'api-token',
            lazy: async () => ({
              Component: (await import('./routes/service-api-token')).ServiceApiTokenRoute,
            }),
            handle: { crumb: 'API Token' } satisfies RouteHandle,
          },
          {
            path: 'sdk-api/:language?',
            lazy: async () => ({
              Component: (await import('./routes/service-sdk-api')).ServiceSdkApiRoute,
            }),
            handle: { crumb: 'SDKs & API' } satisfies RouteHandle,
          },
          {
            // The URL after `topics/` is the selected topic path (spec section 2).
            path: 'topics/*',
            loader: topicsLoader,
            lazy: async () => ({
              Component: (await import('./routes/service-topics')).ServiceTopicsRoute,
            }),
            handle: { crumb: 'Topics' } satisfies RouteHandle,
          },
          {
            // Spec section 2: roles/{roleName?}, default-roles, isolated-paths; the default is roles. `explain`
            // is ours (issue 11, docs/decisions/021).
            path: 'roles',
            lazy: async () => ({
              Component: (await import('./routes/service-roles')).ServiceRolesLayoutRoute,
            }),
            handle: { crumb: 'Roles' } satisfies RouteHandle,
            children: [
              { index: true, element: <Navigate to="roles" replace /> },
              {
                path: 'roles/:roleName?',
                lazy: async () => ({
                  Component: (await import('./routes/service-roles')).RolesRoute,
                }),
              },
              {
                path: 'default-roles',
                lazy: async () => ({
                  Component: (await import('./routes/service-roles')).DefaultRolesRoute,
                }),
              },
              {
                path: 'isolated-paths',
                lazy: async () => ({
                  Component: (await import('./routes/service-roles')).IsolatedPathsRoute,
                }),
              },
              {
                path: 'explain',
                lazy: async () => ({
                  Component: (await import('./routes/service-explain-access')).ExplainAccessRoute,
                }),
              },
            ],
          },
          {
            // Spec section 2: anonymous-sessions, principals/{principalName?}, trusted-properties; the default is
            // principals.
            path: 'authentication',
            lazy: async () => ({
              Component: (await import('./routes/service-authentication'))
                .ServiceAuthenticationLayoutRoute,
            }),
            handle: { crumb: 'Auth' } satisfies RouteHandle,
            children: [
              { index: true, element: <Navigate to="principals" replace /> },
              {
                path: 'principals/:principalName?',
                lazy: async () => ({
                  Component: (await import('./routes/service-authentication')).PrincipalsRoute,
                }),
              },
              {
                path: 'anonymous-sessions',
                lazy: async () => ({
                  Component: (await import('./routes/service-authentication'))
                    .AnonymousSessionsRoute,
                }),
              },
              {
                path: 'trusted-properties',
                lazy: async () => ({
                  Component: (await import('./routes/service-authentication'))
                    .TrustedPropertiesRoute,
                }),
              },
            ],
          },
          {
            // Spec section 2: events, rest, service, kafka/{kafkaAdapterId?}; the default is service.
            path: 'logs',
            lazy: async () => ({
              Component: (await import('./routes/service-logs')).ServiceLogsLayoutRoute,
            }),
            handle: { crumb: 'Logs' } satisfies RouteHandle,
            children: [
              { index: true, element: <Navigate to="service" replace /> },
              {
                path: 'service',
                lazy: async () => ({
                  Component: (await import('./routes/service-logs')).RuntimeLogsRoute,
                }),
              },
              {
                path: 'events',
                lazy: async () => ({
                  Component: (await import('./routes/service-logs')).EventLogsRoute,
                }),
              },
              {
                path: 'rest',
                lazy: async () => ({
                  Component: (await import('./routes/service-logs')).RestAdapterLogsRoute,
                }),
              },
              {
                path: 'kafka/:kafkaAdapterId?',
                lazy: async () => ({
                  Component: (await import('./routes/service-logs')).KafkaAdapterLogsRoute,
                }),
              },
            ],
          },
          {
            // The usage metrics screen is the metrics area's index (issue 12); metrics/configure is a placeholder.
            path: 'metrics',
            lazy: async () => ({
              Component: (await import('./routes/service-usage')).ServiceUsageRoute,
            }),
            handle: { crumb: 'Usage' } satisfies RouteHandle,
          },
          {
            // Spec section 2: kafka and kafka/{kafkaAdapterName}; the adapter is named by its id (names may repeat).
            path: 'kafka/:kafkaAdapterId?',
            lazy: async () => ({
              Component: (await import('./routes/service-kafka')).ServiceKafkaRoute,
            }),
            handle: { crumb: 'Kafka' } satisfies RouteHandle,
          },
          {
            // Spec section 2: rest and rest/{restAdapterName}; one API is named by its id (labels may repeat).
            path: 'rest/:apiId?',
            lazy: async () => ({
              Component: (await import('./routes/service-rest')).ServiceRestRoute,
            }),
            handle: { crumb: 'REST APIs' } satisfies RouteHandle,
          },
          ...servicePlaceholderRoutes,
          {
            // An unknown page of the service: the 404 inside its frame, the service menu kept (issue 25).
            path: '*',
            lazy: async () => ({
              Component: (await import('./routes/service-page-not-found')).ServicePageNotFoundRoute,
            }),
            handle: { crumb: 'Page not found' } satisfies RouteHandle,
          },
        ],
      },
      {
        // Outside the layouts: it picks its own (the frame when signed in, blank otherwise). The error page renders
        // it too.
        id: NOT_FOUND_ROUTE_ID,
        path: '*',
        lazy: async () => ({
          Component: (await import('./routes/not-found-route')).NotFoundRoute,
        }),
        handle: blankPage,
      },
    ],
  },
];

export function AppRouter() {
  // Created on mount, not at import, so tests can import appRoutes without a browser router.
  const queryClient = useQueryClient();
  const [router] = useState(() => {
    provideRouteQueryClient(queryClient);
    provideSignInPrefetch(signedInLandingPrefetch);
    return createBrowserRouter(appRoutes);
  });
  return <RouterProvider router={router} />;
}
