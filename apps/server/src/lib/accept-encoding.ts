/** The content codings the server compresses with, best first (brotli is smaller at a similar cost). */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

/**
 * Picks the coding of a response from an `Accept-Encoding` header (RFC 9110 §12.5.3): the highest q-value wins, ties
 * go to our order; `q=0` refuses a coding, `*` stands for any coding not named. Undefined means identity.
 */
export function negotiateEncoding(header: string | undefined): ResponseEncoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    const qParam = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(name, Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0);
  }
  let best: { encoding: ResponseEncoding; q: number } | undefined;
  for (const encoding of RESPONSE_ENCODINGS) {
    const q = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}
