/**
 * A stand-in for the browser's EventSource (happy-dom has none) that a test drives: open it, push events, drop it.
 * The server side of the stream is tested for real in apps/server (status-stream.test.ts) and in e2e.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.get(type)?.delete(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered 200 with text/event-stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch(new Event('open'));
  }

  /** One `event: <type>` with `data: <JSON of data>`. */
  emit(type: string, data: unknown): void {
    this.dispatch(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The connection dropped: the browser reconnects by itself (`closed` false) or gave up (`closed` true). */
  fail(closed = false): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatch(new Event('error'));
  }

  private dispatch(event: Event): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}

/** The open (not closed) fake streams to `path`. */
export function streamsTo(path: string): FakeEventSource[] {
  return FakeEventSource.instances.filter(
    (source) => source.url === path && source.readyState !== FakeEventSource.CLOSED,
  );
}
