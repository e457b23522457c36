import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

/** A fetch double that answers with a fixed response and records exactly what was sent. */
export function mockFetch(respond: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      // Header names compared in lower case, as HTTP treats them.
      headers: Object.fromEntries(
        [...new Headers(init?.headers).entries()].map(([name, value]) => [
          name.toLowerCase(),
          value,
        ]),
      ),
      body: typeof init?.body === 'string' ? init.body : undefined,
      credentials: init?.credentials,
    };
    requests.push(request);
    return respond(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}
