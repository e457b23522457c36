import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import {
  publicPageCalls,
  signedInPageCalls,
  USER_CALL,
  USER_FIELDS_NOT_EMBEDDED,
  type PageAnswer,
  type PageAnswers,
  type PageCall,
} from '@herald/contract/api/page-answers';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The answers a page's HTML carries (docs/decisions/029): each call goes through the server's own route with
 * `inject`, carrying the request's cookies (never a Bearer token: a page load has none), so it passes the same session resolution, access checks and
 * workspace membership as the browser's own call would and gets exactly that answer (a session that is not valid gets
 * 401 and nothing else is asked). Nothing is cached: the HTML of a signed-in page is `no-store`.
 */
export async function pageAnswersFor(
  app: FastifyInstance,
  request: FastifyRequest,
  pathname: string,
): Promise<PageAnswers> {
  const session = request.cookies?.[AUTH_COOKIE_NAME];
  // The browser's own Cookie header, as its calls from the page would carry it (parsed the same way there).
  const cookie = session ? request.headers.cookie : undefined;
  const ask = (call: PageCall) => answerOf(app, call, cookie);
  const publicAnswers = Promise.all(publicPageCalls(pathname).map(ask));
  // Without a session cookie the API answers 401 without reading anything: no need to ask.
  const user = session ? await ask(USER_CALL) : { ...USER_CALL, status: 401 };
  const signedInAnswers =
    user.status === 200 ? await Promise.all(signedInPageCalls(pathname).map(ask)) : [];
  return { answers: [withoutCredentials(user), ...(await publicAnswers), ...signedInAnswers] };
}

async function answerOf(
  app: FastifyInstance,
  call: PageCall,
  cookie: string | undefined,
): Promise<PageAnswer> {
  const response = await app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: {
      accept: 'application/json',
      ...(cookie ? { cookie } : {}),
      ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    // The flags' bulk evaluation: an empty context, as the session names the user (modules/flags/targeting-key.ts).
    ...(call.method === 'POST' ? { payload: '{}' } : {}),
  });
  // Only a success carries its body: the app asks any other call again itself and shows that answer.
  if (response.statusCode !== 200) return { ...call, status: response.statusCode };
  return { ...call, status: 200, body: response.json() };
}

function withoutCredentials(answer: PageAnswer): PageAnswer {
  if (answer.body === null || typeof answer.body !== 'object') return answer;
  const body = { ...(answer.body as Record<string, unknown>) };
  for (const field of USER_FIELDS_NOT_EMBEDDED) delete body[field];
  return { ...answer, body };
}
