import { describe, expect, it } from 'vitest';
import { buildPath } from './define-route';
import {
  FLAGS_CALL,
  flagValuesOf,
  publicPageCalls,
  serializePageAnswers,
  liveMetricsUrl,
  servicesListWorkspaceId,
  signedInPageCalls,
  statusStreamUrl,
  USER_CALL,
  type PageCall,
} from './page-answers';
import { routes } from './routes';

type RouteTableCall = PageCall & { id: Exclude<PageCall['id'], 'evaluateFlags'> };

/** The URL the web app's query would ask for the call, built from the route table. */
function urlFromRouteTable(call: RouteTableCall): string {
  const route = routes[call.id];
  const query = call.id === 'listWorkspaces' ? '?expandServices=true' : '';
  return buildPath(route.path, call.params) + query;
}

describe('page answers', () => {
  it('asks each call at the path of the route table, with GET', () => {
    const calls = [
      USER_CALL,
      ...publicPageCalls('/'),
      ...signedInPageCalls('/workspace/ws_1'),
      ...signedInPageCalls('/profile'),
    ];
    // The flags' call is OFREP's, outside the /v3 route table: the server's test asks it at its route.
    expect(calls.filter((call) => call.id === 'evaluateFlags')).toEqual([FLAGS_CALL, FLAGS_CALL]);
    for (const call of calls.filter((call): call is RouteTableCall => call !== FLAGS_CALL)) {
      expect(call.method).toBeUndefined();
      expect(routes[call.id].method).toBe('GET');
      expect(call.url).toBe(urlFromRouteTable(call));
    }
  });

  it('knows the status stream and the live metrics at the paths of the route table', () => {
    expect(statusStreamUrl('ws_1')).toBe(
      buildPath(routes.streamWorkspaceServiceStatuses.path, { workspaceId: 'ws_1' }),
    );
    expect(liveMetricsUrl('svc_1')).toBe(
      buildPath(routes.getLiveMetrics.path, { serviceId: 'svc_1' }),
    );
  });

  it('names the workspace of a services list page only', () => {
    expect(servicesListWorkspaceId('/workspace/ws_1')).toBe('ws_1');
    expect(servicesListWorkspaceId('/workspace/ws_1/')).toBe('ws_1');
    expect(servicesListWorkspaceId('/workspace/ws_1/members')).toBeNull();
    expect(servicesListWorkspaceId('/workspace')).toBeNull();
    expect(servicesListWorkspaceId('/workspace/a%2F..%2Fb')).toBeNull();
  });

  it('asks the services list calls only on a workspace page with a well-formed id', () => {
    expect(signedInPageCalls('/workspace/ws_1').map((call) => call.id)).toEqual([
      'evaluateFlags',
      'listWorkspaces',
      'listWorkspaceServices',
      'listWorkspaceServiceStatuses',
      'getMetadata',
    ]);
    expect(signedInPageCalls('/workspace').map((call) => call.id)).toEqual([
      'evaluateFlags',
      'listWorkspaces',
    ]);
    expect(signedInPageCalls('/workspace/a%2F..%2Fb').map((call) => call.id)).toEqual([
      'evaluateFlags',
      'listWorkspaces',
    ]);
    expect(signedInPageCalls('/workspace/ws_1/members').map((call) => call.id)).toEqual([
      'evaluateFlags',
      'listWorkspaces',
    ]);
    expect(signedInPageCalls('/service/s1')).toEqual([FLAGS_CALL]);
    expect(signedInPageCalls('/')).toEqual([FLAGS_CALL]);
  });

  it("reads the flags' values from the OFREP bulk answer, leaving out failures and anything malformed", () => {
    const cases: [unknown, Record<string, boolean>][] = [
      [
        {
          flags: [
            { key: 'dashboard.evaluation', value: true, reason: 'STATIC', variant: 'true' },
            { key: 'dashboard.feedback', value: false, reason: 'STATIC', variant: 'false' },
            { key: 'debug.logs', errorCode: 'GENERAL' },
          ],
        },
        { 'dashboard.evaluation': true, 'dashboard.feedback': false },
      ],
      [{ flags: [{ key: 'x', value: 'yes' }, null, { value: true }] }, {}],
      [{ flags: 'none' }, {}],
      [null, {}],
      [undefined, {}],
    ];
    for (const [body, values] of cases) expect(flagValuesOf(body)).toEqual(values);
  });

  it('asks the login page its connections, and nothing public elsewhere', () => {
    expect(publicPageCalls('/').map((call) => call.id)).toEqual(['listConnections']);
    expect(publicPageCalls('/signup')).toEqual([]);
  });

  it('serializes so the JSON cannot end its script element', () => {
    const text = serializePageAnswers({
      answers: [{ ...USER_CALL, status: 200, body: { name: '</script><!-- \u2028' } }],
    });
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({
      answers: [{ ...USER_CALL, status: 200, body: { name: '</script><!-- \u2028' } }],
    });
  });
});
