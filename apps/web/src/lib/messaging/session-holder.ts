import { MessagingSessionManager, type SessionManagerOptions } from './session-manager';

/** How long the session stays open after its last user left (a re-render or a quick navigation keeps it). */
export const MESSAGING_RELEASE_GRACE_MS = 2_000;

/**
 * One service layout's lazily made session: the manager exists once a page asks for it, opens while someone uses
 * it and the service is RUNNING, and closes (a requested close) a moment after its last user leaves.
 */
export class MessagingSessionHolder {
  private manager: MessagingSessionManager | null = null;
  private users = 0;
  private isServiceRunning = false;
  private releaseTimer: ReturnType<typeof setTimeout> | null = null;
  private accessToken: string | null;
  private isFetchingToken = false;

  constructor(
    private readonly options: Omit<SessionManagerOptions, 'accessToken'> & {
      accessToken?: string | null;
    },
  ) {
    this.accessToken = options.accessToken ?? null;
  }

  /** The manager, made on first call (making it opens nothing). */
  get session(): MessagingSessionManager {
    this.manager ??= new MessagingSessionManager({
      ...this.options,
      accessToken: this.accessToken,
    });
    return this.manager;
  }

  /** A page started using the session; returns the release function. */
  retain(): () => void {
    this.users += 1;
    this.cancelRelease();
    // A page opened afresh tries a failed session again; a second user of a live session changes nothing.
    this.openIfWanted(this.users === 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.users -= 1;
      if (this.users > 0) return;
      this.cancelRelease();
      this.releaseTimer = setTimeout(() => {
        this.releaseTimer = null;
        if (this.users === 0) this.manager?.close();
      }, MESSAGING_RELEASE_GRACE_MS);
    };
  }

  setServiceRunning(isRunning: boolean): void {
    this.isServiceRunning = isRunning;
    this.openIfWanted();
  }

  setAccessToken(token: string | null | undefined): void {
    if (token === undefined || token === null || token === '') return;
    const hadToken = this.accessToken !== null;
    this.accessToken = token;
    this.manager?.setAccessToken(token);
    if (!hadToken) this.openIfWanted();
  }

  /** The layout left: the session closes now. */
  dispose(): void {
    this.cancelRelease();
    this.manager?.close();
  }

  private openIfWanted(isRetryingFailed = false): void {
    if (this.users === 0 || !this.isServiceRunning) return;
    // The page's first user answer comes without the token (it is never in the HTML, docs/decisions/029): the
    // session asks for one before it starts, rather than starting without one (refused, section 5).
    if (this.accessToken === null) {
      this.fetchTokenThenOpen();
      return;
    }
    const { state } = this.session.getSnapshot();
    // A failed session stays failed (its error says why) until a page using it is opened again.
    if (state === 'idle' || state === 'closed' || (isRetryingFailed && state === 'failed')) {
      this.session.start();
    }
  }

  private fetchTokenThenOpen(): void {
    if (this.isFetchingToken) return;
    this.isFetchingToken = true;
    this.options.fetchAccessToken().then(
      (token) => {
        this.isFetchingToken = false;
        if (token !== null && token !== '') this.setAccessToken(token);
        // No token: the start's own check says so (noAccessToken).
        else if (this.users > 0 && this.isServiceRunning) this.session.start();
      },
      () => {
        this.isFetchingToken = false;
        if (this.users > 0 && this.isServiceRunning) this.session.start();
      },
    );
  }

  private cancelRelease(): void {
    if (this.releaseTimer !== null) clearTimeout(this.releaseTimer);
    this.releaseTimer = null;
  }
}
