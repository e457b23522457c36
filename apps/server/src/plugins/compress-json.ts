import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { negotiateEncoding } from '../lib/accept-encoding';
import type { ResponseEncoding } from '../lib/accept-encoding';

/** Below about one packet compression saves no round trip and only costs CPU (docs/decisions/017). */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// Per-request compression must be cheap: brotli quality 4 is about gzip's speed at a smaller size (quality 11 is
// for the build's precompressed assets only).
const compressors: Record<ResponseEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzip(body, { level: 6 }),
};

/** A complete body in the given coding, as the JSON answers are compressed (also the pages' HTML, plugins/spa.ts). */
export function compressBody(encoding: ResponseEncoding, body: Buffer): Promise<Buffer> {
  return compressors[encoding](body);
}

/** The same codings as streams, for a JSON body passed through as it arrives (sendJsonStream). */
const streamCompressors: Record<ResponseEncoding, () => Transform> = {
  br: () =>
    zlib.createBrotliCompress({
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }),
  gzip: () => zlib.createGzip({ level: 6 }),
};

/**
 * Sends a JSON body that is already serialized (a runtime's large answer, docs/decisions/019) as it arrives,
 * compressed as the hook below would compress it: no parse and no re-serialisation of a body the control plane
 * does not change. An error of the source after the headers went out ends the response early (the client sees
 * a broken body, never a wrong one).
 */
export function sendJsonStream(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Readable,
): FastifyReply {
  reply.type('application/json; charset=utf-8');
  reply.header('vary', appendVary(reply.getHeader('vary')));
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  reply.header('content-encoding', encoding);
  const compressor = streamCompressors[encoding]();
  body.once('error', (error) => compressor.destroy(error));
  return reply.send(body.pipe(compressor));
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/([\w.+-]*\+)?json\b/i.test(contentType);
}

/**
 * Compresses JSON answers (the API, OFREP, the OpenAPI document) above the threshold with the coding the client
 * prefers. Only complete string or Buffer bodies are touched: streams (the static files, which are precompressed,
 * and any text/event-stream) pass through untouched, so an event stream is never held back in a compressor's buffer.
 */
async function compressJson(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!isJson(reply.getHeader('content-type'))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // The answer varies with Accept-Encoding above the threshold, so caches are told even when it is not compressed.
    if (body.length < JSON_COMPRESSION_THRESHOLD_BYTES) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressors[encoding](body);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: unknown): string {
  const value = Array.isArray(current)
    ? current.join(', ')
    : typeof current === 'string'
      ? current
      : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}

export const compressJsonPlugin = fp(compressJson, { name: 'herald-compress-json' });
