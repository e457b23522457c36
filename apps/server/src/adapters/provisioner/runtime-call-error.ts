/** A call to a service runtime that failed: refused before sending, timed out, or answered with an error. */
export class RuntimeCallError extends Error {
  override name = 'RuntimeCallError';
  constructor(
    message: string,
    readonly status?: number,
    /** The `message` of the runtime's error body, when it sent one (a person may read it: bad value, not found). */
    readonly runtimeMessage?: string,
  ) {
    super(message);
  }
}
