import { writeSync } from 'node:fs';
import {
  open,
  readFile,
  readdir,
  rename,
  unlink,
  writeFile,
  mkdir,
  type FileHandle,
} from 'node:fs/promises';
import { join } from 'node:path';
import type { TopicType } from '@herald/contract/topics/topic.schema';
import { DEFAULT_TIME_SERIES_RETAINED_RANGE } from '@herald/contract/topics/topic-properties';
import {
  eventsBeyondRange,
  parseTimeSeriesRange,
  type TimeSeriesRange,
} from '@herald/contract/topics/time-series-range';
import type { SecurityModel } from '@herald/contract/security/resolve-permissions';
import { liveRevocations } from '../policy/revocations';
import {
  emptySecurity,
  modelOf,
  removeRole,
  withSecurityDefaults,
  type CustomRoleState,
  type SecurityState,
  type StoredSecurity,
} from './security-state';
import { TopicTree } from './topic-tree';

/**
 * The runtime's durable state: topics (path → type, properties, current value), principals, the security store
 * and authentication settings (security-state.ts), the minimum credential version and the revocations of members'
 * dashboard tokens (policy/revocations.ts). In memory it is a few maps; on disk a snapshot (`state.json`) plus an append-only log
 * (`log-<generation>.jsonl`, one JSON record a line) of every change since that snapshot.
 *
 * Durability contract: `commit(entry, done)` applies the change in memory at once and calls `done` only after
 * the record was written to the log with `write(2)`. A written record is in the OS page cache, so it survives
 * `kill -9` of this process; it does not survive power loss or a kernel crash, because we do not fsync (a decision:
 * fsync per batch would cost about a disk flush per batch). Records queued during one event-loop turn are written
 * together (group commit). Compaction writes a new snapshot (tmp + rename) and starts a new log, so the log does
 * not grow without bound. Recovery loads the snapshot, replays its log and ignores a torn last record.
 *
 * Topics: a TIME_SERIES topic's events are records of their own (`event`), trimmed to its retained range on append
 * and at recovery; its value is its latest event. A topic with PERSISTENT "false" lives in memory only: none of
 * its records are written, and it is left out of snapshots. `tree` indexes the topic paths (topic-tree.ts).
 */
export interface TimeSeriesEventState {
  sequence: number;
  /** Epoch milliseconds. */
  timestamp: number;
  value: Buffer;
}

export interface TopicState {
  type: TopicType;
  properties: Record<string, string>;
  /** The current value (the MQTT retained message); null when the topic has none. */
  value: Buffer | null;
  /** Epoch milliseconds of the last change. */
  updatedAt: number;
  /** TIME_SERIES only: the retained events, oldest first. */
  events?: TimeSeriesEventState[];
  /** TIME_SERIES only: the sequence number of the next event (never reused, even after trimming). */
  nextSequence?: number;
}

export interface PrincipalState {
  name: string;
  /** `scrypt$N$r$p$salt$hash` (base64 parts); never leaves the runtime. */
  passwordHash: string;
  assignedRoles: string[];
  /** When set, only a session of this principal may change or remove this one (absent in old records: null). */
  lockingPrincipal: string | null;
}

export type StateEntry =
  | {
      op: 'topic';
      path: string;
      type: TopicType;
      properties: Record<string, string>;
      value: string | null;
      updatedAt: number;
      /** TIME_SERIES only: so that a series whose events were not on disk (PERSISTENT "false") never reuses one. */
      nextSequence?: number;
    }
  | { op: 'event'; path: string; sequence: number; timestamp: number; value: string }
  | { op: 'removeTopics'; paths: string[] }
  | { op: 'principal'; principal: PrincipalState }
  | { op: 'removePrincipal'; name: string }
  | { op: 'credentialVersion'; value: number }
  | { op: 'dashboardRevocation'; customerId: string; notBefore: number }
  | { op: 'role'; role: CustomRoleState }
  /** Also takes the role out of principals, the default role lists and other roles (replay does the same). */
  | { op: 'removeRole'; name: string }
  | { op: 'defaultRoles'; rolesForNamedSessions: string[]; rolesForAnonymousSessions: string[] }
  | { op: 'isolatedPaths'; paths: string[] }
  | { op: 'anonymousAction'; value: SecurityState['anonymousAction'] }
  | { op: 'trustedProperties'; value: SecurityState['trustedProperties'] };

const SECURITY_OPS: ReadonlySet<StateEntry['op']> = new Set([
  'principal',
  'removePrincipal',
  'role',
  'removeRole',
  'defaultRoles',
  'isolatedPaths',
  'anonymousAction',
  'trustedProperties',
]);

interface Snapshot {
  format: 1;
  generation: number;
  credentialVersion: number;
  principals: PrincipalState[];
  /** Absent in snapshots written before revocations existed. */
  dashboardRevocations?: [string, number][];
  /** Absent in snapshots written before the security store existed (docs/decisions/021): defaults then. */
  security?: Partial<StoredSecurity>;
  topics: [string, SnapshotTopic][];
}

type SnapshotTopic = Omit<Extract<StateEntry, { op: 'topic' }>, 'op' | 'path'> & {
  /** TIME_SERIES only: `[sequence, timestamp, base64 value]`, oldest first. */
  events?: [number, number, string][];
  nextSequence?: number;
};

export interface DurableStateOptions {
  dir: string;
  /** Compact once the log holds this many bytes. */
  compactAfterBytes?: number;
  /** Used when the state has never set a credential version. */
  initialCredentialVersion?: number;
  /**
   * false: every topic lives in memory only, as if each had PERSISTENT "false" (a free trial's "no persistence",
   * spec section 9); principals and security stay durable, so credentials survive a restart. Default true.
   */
  persistTopics?: boolean;
}

type Done = (error?: Error | null) => void;

const SNAPSHOT_FILE = 'state.json';
const LOG_FILE_PATTERN = /^log-(\d+)\.jsonl$/;

/** A topic's record; a time series' value is its latest event, so its events carry it. */
export function topicEntry(path: string, topic: TopicState): StateEntry {
  return {
    op: 'topic',
    path,
    type: topic.type,
    properties: topic.properties,
    value:
      topic.value === null || topic.type === 'TIME_SERIES' ? null : topic.value.toString('base64'),
    updatedAt: topic.updatedAt,
    ...(topic.nextSequence === undefined ? {} : { nextSequence: topic.nextSequence }),
  };
}

export function isPersistent(topic: TopicState): boolean {
  return topic.properties.PERSISTENT !== 'false';
}

const ranges = new Map<string, TimeSeriesRange>();

/** The retained range of a time series (parsed once per distinct text; a bad one falls back to the default). */
function retainedRange(topic: TopicState): TimeSeriesRange {
  const text = topic.properties.TIME_SERIES_RETAINED_RANGE ?? DEFAULT_TIME_SERIES_RETAINED_RANGE;
  let range = ranges.get(text);
  if (range === undefined) {
    const parsed = parseTimeSeriesRange(text);
    range = parsed.ok ? parsed.range : { limit: 1000, lastMs: null };
    if (ranges.size < 1000) ranges.set(text, range);
  }
  return range;
}

/** Drops the events of a time series that fall outside its retained range at `now`. */
export function trimEvents(topic: TopicState, now: number): void {
  const events = topic.events;
  if (events === undefined) return;
  const drop = eventsBeyondRange(
    events.length,
    (index) => events[index]?.timestamp ?? 0,
    retainedRange(topic),
    now,
  );
  if (drop > 0) events.splice(0, drop);
}

export class DurableState {
  readonly topics = new Map<string, TopicState>();
  /** The topic paths as a tree, always in step with `topics`. */
  readonly tree = new TopicTree();
  /** Paths of topics with a REMOVAL property (topic-removal-timer.ts checks only these). */
  readonly removalPaths = new Set<string>();
  readonly principals = new Map<string, PrincipalState>();
  /** Customer id → epoch ms: that member's dashboard tokens issued at or before it are refused. */
  readonly dashboardRevocations = new Map<string, number>();
  credentialVersion = 0;
  /** The security store's custom roles and settings and the authentication settings; change it only by commit. */
  readonly security: SecurityState = emptySecurity();
  /** Moves on every change of roles, default roles, isolated paths, principals and authentication settings. */
  securityVersion = 0;
  private model: SecurityModel | null = null;

  private generation = 0;
  private log: FileHandle | null = null;
  private logBytes = 0;
  /**
   * Changes waiting for the next write, in order. A topic's newer value replaces its older one still waiting
   * (delete + set moves it to the end, after any removal queued before it), so a hot topic costs one record per
   * batch; every waiting callback still runs after the write.
   */
  private queue = new Map<
    string,
    StateEntry | { op: 'topicState'; path: string; topic: TopicState }
  >();
  private queueSequence = 0;
  /**
   * Counts records other than topic records; part of a topic record's queue key, so a newer topic record replaces
   * an older one only when no removal or event was queued in between (replay order stays the order of changes).
   */
  private barrier = 0;
  private waiting: Done[] = [];
  private isWriting = false;
  private isCompacting = false;
  private isScheduled = false;
  private isAfterWriteError = false;
  private idle: (() => void)[] = [];
  private readonly compactAfterBytes: number;

  private constructor(
    private readonly dir: string,
    compactAfterBytes: number,
    private readonly persistTopics: boolean,
  ) {
    this.compactAfterBytes = compactAfterBytes;
  }

  /** Whether a topic's records are written: its PERSISTENT property, unless this state keeps no topics at all. */
  private persists(topic: TopicState): boolean {
    return this.persistTopics && isPersistent(topic);
  }

  static async open(options: DurableStateOptions): Promise<DurableState> {
    await mkdir(options.dir, { recursive: true });
    const state = new DurableState(
      options.dir,
      options.compactAfterBytes ?? 64 * 1024 * 1024,
      options.persistTopics ?? true,
    );
    state.credentialVersion = options.initialCredentialVersion ?? 0;
    await state.recover();
    // Start every run on a fresh snapshot and an empty log: this also drops a torn last record.
    await state.compact();
    return state;
  }

  /** The number of records recovered from the log at open (for logs and tests). */
  recoveredRecords = 0;
  /** Lines of the log that were not whole records. */
  skippedRecords = 0;

  private async recover(): Promise<void> {
    let snapshot: Snapshot | null = null;
    try {
      snapshot = JSON.parse(await readFile(join(this.dir, SNAPSHOT_FILE), 'utf8')) as Snapshot;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (snapshot !== null) {
      this.generation = snapshot.generation;
      this.credentialVersion = Math.max(this.credentialVersion, snapshot.credentialVersion);
      for (const principal of snapshot.principals) this.apply({ op: 'principal', principal });
      withSecurityDefaults(this.security, snapshot.security);
      for (const [customerId, notBefore] of snapshot.dashboardRevocations ?? []) {
        this.apply({ op: 'dashboardRevocation', customerId, notBefore });
      }
      for (const [path, topic] of snapshot.topics) this.loadSnapshotTopic(path, topic);
    }
    const logPath = join(this.dir, `log-${this.generation}.jsonl`);
    let text = '';
    try {
      text = await readFile(logPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const lines = text.split('\n');
    // The last element is '' after a complete record, or a torn record written when the process died.
    lines.pop();
    for (const line of lines) {
      let entry: StateEntry;
      try {
        entry = JSON.parse(line) as StateEntry;
      } catch (_error) {
        // A fragment left by a failed write; the records after it were written whole (see flush).
        this.skippedRecords += 1;
        continue;
      }
      this.apply(entry);
      this.recoveredRecords += 1;
    }
    // Without topic persistence a runtime starts with no topics, whatever an earlier run left on disk.
    if (!this.persistTopics && this.topics.size > 0) {
      this.apply({ op: 'removeTopics', paths: [...this.topics.keys()] });
    }
    // The retained range holds at recovery too: events that aged out while the runtime was down go.
    const now = Date.now();
    for (const topic of this.topics.values()) {
      if (topic.events === undefined) continue;
      trimEvents(topic, now);
      topic.value = topic.events.at(-1)?.value ?? null;
    }
  }

  private loadSnapshotTopic(path: string, topic: SnapshotTopic): void {
    const { events, nextSequence, ...rest } = topic;
    this.apply({ op: 'topic', path, ...rest });
    const loaded = this.topics.get(path);
    if (loaded?.type !== 'TIME_SERIES') return;
    loaded.events = (events ?? []).map(([sequence, timestamp, value]) => ({
      sequence,
      timestamp,
      value: Buffer.from(value, 'base64'),
    }));
    loaded.nextSequence = nextSequence ?? (loaded.events.at(-1)?.sequence ?? -1) + 1;
    loaded.value = loaded.events.at(-1)?.value ?? null;
  }

  private setTopic(path: string, topic: TopicState): void {
    const previous = this.topics.get(path);
    this.topics.set(path, topic);
    if (previous === undefined || previous.type !== topic.type) this.tree.add(path, topic.type);
    if (topic.properties.REMOVAL !== undefined) this.removalPaths.add(path);
    else if (previous?.properties.REMOVAL !== undefined) this.removalPaths.delete(path);
  }

  private apply(entry: StateEntry): void {
    switch (entry.op) {
      case 'topic': {
        if (entry.type !== 'TIME_SERIES') {
          this.setTopic(entry.path, {
            type: entry.type,
            properties: entry.properties,
            value: entry.value === null ? null : Buffer.from(entry.value, 'base64'),
            updatedAt: entry.updatedAt,
          });
          break;
        }
        // A time series keeps its events when its record is written again (its properties changed).
        const existing = this.topics.get(entry.path);
        const kept = existing?.type === 'TIME_SERIES' ? existing : undefined;
        const events = kept?.events ?? [];
        this.setTopic(entry.path, {
          type: entry.type,
          properties: entry.properties,
          value: events.at(-1)?.value ?? null,
          updatedAt: entry.updatedAt,
          events,
          nextSequence: Math.max(kept?.nextSequence ?? 0, entry.nextSequence ?? 0),
        });
        break;
      }
      case 'event': {
        const topic = this.topics.get(entry.path);
        if (topic?.events === undefined) break;
        const value = Buffer.from(entry.value, 'base64');
        topic.events.push({ sequence: entry.sequence, timestamp: entry.timestamp, value });
        topic.nextSequence = Math.max(topic.nextSequence ?? 0, entry.sequence + 1);
        topic.value = value;
        topic.updatedAt = entry.timestamp;
        trimEvents(topic, Date.now());
        break;
      }
      case 'removeTopics':
        for (const path of entry.paths) {
          this.topics.delete(path);
          this.tree.remove(path);
          this.removalPaths.delete(path);
        }
        break;
      case 'principal':
        this.principals.set(entry.principal.name, {
          ...entry.principal,
          lockingPrincipal: entry.principal.lockingPrincipal ?? null,
        });
        break;
      case 'removePrincipal':
        this.principals.delete(entry.name);
        break;
      case 'role':
        this.security.roles.set(entry.role.name, entry.role);
        break;
      case 'removeRole':
        removeRole(this.security, this.principals, entry.name);
        break;
      case 'defaultRoles':
        this.security.rolesForNamedSessions = entry.rolesForNamedSessions;
        this.security.rolesForAnonymousSessions = entry.rolesForAnonymousSessions;
        break;
      case 'isolatedPaths':
        this.security.isolatedPaths = entry.paths;
        break;
      case 'anonymousAction':
        this.security.anonymousAction = entry.value;
        break;
      case 'trustedProperties':
        this.security.trustedProperties = entry.value;
        break;
      case 'credentialVersion':
        this.credentialVersion = entry.value;
        break;
      case 'dashboardRevocation':
        // Only ever later: replaying an older push after a newer one must not shorten a revocation.
        this.dashboardRevocations.set(
          entry.customerId,
          Math.max(this.dashboardRevocations.get(entry.customerId) ?? -Infinity, entry.notBefore),
        );
        break;
    }
    if (SECURITY_OPS.has(entry.op)) {
      this.securityVersion += 1;
      this.model = null;
    }
  }

  /** The built-in roles and the custom ones with the isolated paths, as the contract's rule reads them (cached). */
  securityModel(): SecurityModel {
    this.model ??= modelOf(this.security);
    return this.model;
  }

  /** Applies the change now and calls `done` once its record is written (see the class comment). */
  commit(entry: StateEntry, done?: Done): void {
    const before =
      entry.op === 'topic' || entry.op === 'event' ? this.topics.get(entry.path) : undefined;
    this.apply(entry);
    if (
      (entry.op === 'topic' || entry.op === 'event') &&
      !this.isOnDisk(entry.path, before, done)
    ) {
      return;
    }
    const nextSequence =
      entry.op === 'topic' ? this.topics.get(entry.path)?.nextSequence : undefined;
    const written = nextSequence === undefined ? entry : { ...entry, nextSequence };
    this.enqueue(this.keyOf(written), written, done);
  }

  /** The same as committing `topicEntry(path, topic)`, without encoding the value until it is written. */
  commitTopic(path: string, topic: TopicState, done?: Done): void {
    const before = this.topics.get(path);
    this.setTopic(path, topic);
    if (!this.isOnDisk(path, before, done)) return;
    this.enqueue(`t:${this.barrier}:${path}`, { op: 'topicState', path, topic }, done);
  }

  /**
   * Appends an event to a time series (its value becomes the event's), trims the events to the retained range,
   * and calls `done` once the event is written. Returns the event, or null (and `done` gets an error) when the
   * path is no time series.
   */
  appendEvent(path: string, value: Buffer, done?: Done): TimeSeriesEventState | null {
    const topic = this.topics.get(path);
    if (topic?.events === undefined) {
      done?.(new Error(`topic "${path}" is not a time series`));
      return null;
    }
    const event = { sequence: topic.nextSequence ?? 0, timestamp: Date.now(), value };
    this.commit(
      {
        op: 'event',
        path,
        sequence: event.sequence,
        timestamp: event.timestamp,
        value: value.toString('base64'),
      },
      done,
    );
    return event;
  }

  private keyOf(entry: StateEntry): string {
    if (entry.op === 'topic') return `t:${this.barrier}:${entry.path}`;
    this.barrier += 1;
    return `o:${(this.queueSequence += 1)}`;
  }

  /**
   * Whether a topic's record goes to the log. A topic with PERSISTENT "false" stays in memory only; if it was on
   * disk before (its property just changed), a removal record takes it off, so it is gone after a restart.
   */
  private isOnDisk(path: string, before: TopicState | undefined, done: Done | undefined): boolean {
    const after = this.topics.get(path);
    if (after === undefined || this.persists(after)) return true;
    if (before !== undefined && this.persists(before)) {
      this.enqueue(
        this.keyOf({ op: 'removeTopics', paths: [path] }),
        { op: 'removeTopics', paths: [path] },
        done,
      );
    } else if (done !== undefined) {
      setImmediate(() => done(null));
    }
    return false;
  }

  private enqueue(
    key: string,
    entry: StateEntry | { op: 'topicState'; path: string; topic: TopicState },
    done: Done | undefined,
  ): void {
    this.queue.delete(key);
    this.queue.set(key, entry);
    if (done !== undefined) this.waiting.push(done);
    this.schedule();
  }

  commitAsync(entry: StateEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.commit(entry, (error) => (error ? reject(error) : resolve()));
    });
  }

  private schedule(): void {
    if (this.isScheduled || this.isWriting || this.isCompacting) return;
    this.isScheduled = true;
    setImmediate(() => {
      this.isScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.isWriting || this.isCompacting) return;
    if (this.queue.size === 0) {
      this.notifyIdle();
      return;
    }
    const log = this.log;
    if (log === null) return;
    // After a failed write the log may end in a fragment: start on a new line so the next record stays whole.
    let text = this.isAfterWriteError ? '\n' : '';
    for (const entry of this.queue.values()) {
      text += `${JSON.stringify(entry.op === 'topicState' ? topicEntry(entry.path, entry.topic) : entry)}\n`;
    }
    const batch = Buffer.from(text, 'utf8');
    const waiting = this.waiting;
    this.queue = new Map();
    this.waiting = [];
    this.isWriting = true;
    // A synchronous write: it only copies the batch into the page cache (tens of microseconds), and saves the
    // thread-pool round trip that would otherwise delay every acknowledgement.
    let error: Error | null = null;
    try {
      let offset = 0;
      while (offset < batch.length)
        offset += writeSync(log.fd, batch, offset, batch.length - offset);
    } catch (caught) {
      error = caught instanceof Error ? caught : new Error(String(caught));
    }
    this.isAfterWriteError = error !== null;
    this.afterWrite(error === null ? batch.length : 0, waiting, error);
  }

  private afterWrite(bytes: number, waiting: Done[], error: Error | null): void {
    this.isWriting = false;
    this.logBytes += bytes;
    for (const done of waiting) done(error);
    if (this.logBytes >= this.compactAfterBytes) {
      this.compact().catch(() => {});
      return;
    }
    if (this.queue.size > 0) this.schedule();
    else this.notifyIdle();
  }

  private notifyIdle(): void {
    if (this.isWriting || this.isCompacting || this.queue.size > 0) return;
    const idle = this.idle;
    this.idle = [];
    for (const resolve of idle) resolve();
  }

  /** Resolves once every queued record is written. */
  flushed(): Promise<void> {
    if (!this.isWriting && !this.isCompacting && this.queue.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idle.push(resolve);
      this.schedule();
    });
  }

  /**
   * Snapshot the state in memory (tmp + rename), then switch to an empty log of the next generation and delete
   * the old ones. Records queued meanwhile wait and go to the new log; their callbacks run only after that write,
   * so an acknowledged change is always in the snapshot or in the log that recovery replays.
   */
  async compact(): Promise<void> {
    if (this.isCompacting) return;
    this.isCompacting = true;
    try {
      const generation = this.generation + 1;
      const snapshot: Snapshot = {
        format: 1,
        generation,
        credentialVersion: this.credentialVersion,
        principals: [...this.principals.values()],
        dashboardRevocations: liveRevocations(this.dashboardRevocations, Date.now()),
        security: {
          roles: [...this.security.roles.values()],
          rolesForNamedSessions: this.security.rolesForNamedSessions,
          rolesForAnonymousSessions: this.security.rolesForAnonymousSessions,
          isolatedPaths: this.security.isolatedPaths,
          anonymousAction: this.security.anonymousAction,
          trustedProperties: this.security.trustedProperties,
        },
        topics: [...this.topics]
          .filter(([, topic]) => this.persists(topic))
          .map(([path, topic]): [string, SnapshotTopic] => {
            const {
              op: _op,
              path: _path,
              ...rest
            } = topicEntry(path, topic) as Extract<StateEntry, { op: 'topic' }>;
            if (topic.events === undefined) return [path, rest];
            return [
              path,
              {
                ...rest,
                events: topic.events.map((event) => [
                  event.sequence,
                  event.timestamp,
                  event.value.toString('base64'),
                ]),
                nextSequence: topic.nextSequence ?? 0,
              },
            ];
          }),
      };
      const tmp = join(this.dir, `${SNAPSHOT_FILE}.tmp`);
      await writeFile(tmp, JSON.stringify(snapshot));
      await rename(tmp, join(this.dir, SNAPSHOT_FILE));
      const log = await open(join(this.dir, `log-${generation}.jsonl`), 'a');
      await this.log?.close();
      this.log = log;
      this.generation = generation;
      this.logBytes = 0;
      for (const name of await readdir(this.dir)) {
        const match = LOG_FILE_PATTERN.exec(name);
        if (match !== null && Number(match[1]) !== generation) {
          await unlink(join(this.dir, name)).catch(() => {});
        }
      }
    } finally {
      this.isCompacting = false;
      if (this.queue.size > 0) this.schedule();
      else this.notifyIdle();
    }
  }

  /** Writes what is queued, compacts, and closes the log. */
  async close(): Promise<void> {
    await this.flushed();
    await this.compact();
    await this.log?.close();
    this.log = null;
  }
}
