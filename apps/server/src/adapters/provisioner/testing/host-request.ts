import http from 'node:http';

/**
 * An HTTP request to the server on loopback with a chosen Host header (fetch does not let one set it), optionally
 * a WebSocket upgrade to `/mqtt`'s subprotocol: how the tests reach a service host through the server's port. An
 * upgrade answers with its status (101: routed to the runtime) and an empty body.
 */
export function hostRequest(
  port: number,
  options: { host: string; path: string; upgrade?: boolean },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: '127.0.0.1',
      port,
      path: options.path,
      headers: {
        host: options.host,
        ...(options.upgrade && {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          'sec-websocket-protocol': 'mqtt',
        }),
      },
    });
    outgoing.once('error', reject);
    outgoing.once('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    outgoing.once('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.end();
  });
}
