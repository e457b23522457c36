import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { USAGE_METRIC_KINDS, counterIncrease } from '@herald/contract/usage/usage-aggregate';
import { zeroFilledSeries, type UsagePoint } from '@herald/contract/usage/usage-periods';
import type { UsageMetric, UsageQueryType } from '@herald/contract/usage/usage.schema';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { metricsScrapeState, usageSample } from '../../db/schema/usage';
import type { MetricsStore, RuntimeScrape, UsageQuestion } from './metrics-store';

export interface DatabaseMetricsStoreOptions {
  db: Database;
  config: Pick<Config, 'metricsRetentionDays'>;
  clock: () => Date;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
/** Minute rows older than this are folded into hour rows (docs/decisions/022). */
export const MINUTE_ROWS_KEPT_SECONDS = DAY;

/** The stored columns of each metric: a counter's increase, or a gauge's highest and lowest value. */
const COLUMNS = {
  billed_messages_total: { max: sql.raw('billed_messages'), min: sql.raw('billed_messages') },
  messages_in_total: { max: sql.raw('messages_in'), min: sql.raw('messages_in') },
  adapter_billed_messages_total: {
    max: sql.raw('adapter_billed_messages'),
    min: sql.raw('adapter_billed_messages'),
  },
  bytes_total: { max: sql.raw('bytes'), min: sql.raw('bytes') },
  sessions: { max: sql.raw('sessions_max'), min: sql.raw('sessions_min') },
  topics: { max: sql.raw('topics_max'), min: sql.raw('topics_min') },
} as const satisfies Record<UsageMetric, unknown>;

type Rows<T> = { rows: T[] };

async function query<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

/** bigint sums arrive as strings (numeric): every figure is read through Number. */
function toNumber(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

type UsageAnswer = number | UsagePoint[];

function isCounter(metric: UsageMetric): boolean {
  return USAGE_METRIC_KINDS[metric] === 'counter';
}

/** A histogram is the series; a counter's peak and low are the highest and lowest zero-filled step. */
function stepAnswer(queryType: UsageQueryType, series: UsagePoint[]): UsageAnswer {
  if (queryType === 'histogram') return series;
  const values = series.map((point) => point.value);
  if (queryType === 'peak') return values.reduce((highest, value) => Math.max(highest, value), 0);
  // reduce, not Math.min(...values): up to 10,000 steps would be a large spread.
  return values.length === 0 ? 0 : values.reduce((lowest, value) => Math.min(lowest, value));
}

/** One figure over the rows in range, as an aggregate of the scan (contract aggregateUsage). */
function totalExpression(metric: UsageMetric, queryType: UsageQueryType, inRange: SQL): SQL {
  const { max, min } = COLUMNS[metric];
  if (isCounter(metric)) return sql`coalesce(sum(${max}), 0)`;
  switch (queryType) {
    case 'peak':
      return sql`greatest(coalesce(max(${max}), 0), 0)`;
    case 'low':
      return sql`coalesce(min(${min}), 0)`;
    case 'sum':
      // Session-minutes: each row's peak times the minutes it covers (an hour row counts 60).
      return sql`coalesce(sum(${max}::bigint * greatest(1, round(seconds / 60.0))), 0)`;
    case 'increase':
      // The last row's peak minus the first's (by start): two index lookups beside the scan.
      return sql`coalesce(
        (select ${max} from usage_sample where ${inRange} order by start desc limit 1)
        - (select ${max} from usage_sample where ${inRange} order by start asc limit 1), 0)`;
    case 'histogram':
      throw new Error('a histogram is answered by steps');
  }
}

/**
 * The database metrics store (docs/decisions/022): the scraper's readings become minute rows of `usage_sample`
 * (counters as increases, gauges as highest/lowest), folded into hour rows after a day. Every answer is SQL that
 * computes contract `aggregateUsage` over the rows that start in [from, to) (database-metrics-store.test.ts checks
 * both agree on random rows): the database reduces a month of minute rows to one figure or one row per step, and
 * only that small result crosses to the process.
 */
export function createDatabaseMetricsStore(options: DatabaseMetricsStoreOptions): MetricsStore {
  const { db, config } = options;

  async function recordScrape(serviceId: string, scrape: RuntimeScrape, at: Date): Promise<void> {
    const minute = Math.floor(at.getTime() / 1000 / MINUTE) * MINUTE;
    await db.transaction(async (tx) => {
      // FOR UPDATE: two scrapes of one service (two control planes on one database) never both count one rise.
      const [previous] = await tx
        .select()
        .from(metricsScrapeState)
        .where(eq(metricsScrapeState.serviceId, serviceId))
        .for('update');
      const reading = (value: number) => ({ value, startedAt: scrape.startedAt });
      // A runtime never seen before: all it counted since it started is usage nobody recorded yet.
      const billedMessages = counterIncrease(
        previous ? { value: previous.billedMessages, startedAt: previous.runtimeStartedAt } : null,
        reading(scrape.billedMessages),
      );
      // A state from before messages in were recorded (null) has no reading of them: the same runtime's count so
      // far was published before, and counting it now would lump it into this minute.
      const messagesIn = counterIncrease(
        previous?.messagesIn != null
          ? { value: previous.messagesIn, startedAt: previous.runtimeStartedAt }
          : null,
        reading(scrape.messagesIn),
        !previous || previous.runtimeStartedAt !== scrape.startedAt,
      );
      // As messages in: a state from before migration 0010 (null) counts no lump of the runtime's count so far.
      const adapterBilledMessages = counterIncrease(
        previous?.adapterBilledMessages != null
          ? { value: previous.adapterBilledMessages, startedAt: previous.runtimeStartedAt }
          : null,
        reading(scrape.adapterBilledMessages),
        !previous || previous.runtimeStartedAt !== scrape.startedAt,
      );
      const bytes = counterIncrease(
        previous ? { value: previous.bytes, startedAt: previous.runtimeStartedAt } : null,
        reading(scrape.bytes),
      );
      await tx
        .insert(usageSample)
        .values({
          serviceId,
          seconds: MINUTE,
          start: minute,
          billedMessages,
          messagesIn,
          adapterBilledMessages,
          bytes,
          sessionsMax: scrape.sessions,
          sessionsMin: scrape.sessions,
          topicsMax: scrape.topics,
          topicsMin: scrape.topics,
        })
        .onConflictDoUpdate({
          target: [usageSample.serviceId, usageSample.seconds, usageSample.start],
          set: {
            billedMessages: sql`${usageSample.billedMessages} + excluded.billed_messages`,
            messagesIn: sql`${usageSample.messagesIn} + excluded.messages_in`,
            adapterBilledMessages: sql`${usageSample.adapterBilledMessages} + excluded.adapter_billed_messages`,
            bytes: sql`${usageSample.bytes} + excluded.bytes`,
            sessionsMax: sql`greatest(${usageSample.sessionsMax}, excluded.sessions_max)`,
            sessionsMin: sql`least(${usageSample.sessionsMin}, excluded.sessions_min)`,
            topicsMax: sql`greatest(${usageSample.topicsMax}, excluded.topics_max)`,
            topicsMin: sql`least(${usageSample.topicsMin}, excluded.topics_min)`,
          },
        });
      const state = {
        runtimeStartedAt: scrape.startedAt,
        billedMessages: scrape.billedMessages,
        messagesIn: scrape.messagesIn,
        adapterBilledMessages: scrape.adapterBilledMessages,
        bytes: scrape.bytes,
        scrapedAt: at,
      };
      await tx
        .insert(metricsScrapeState)
        .values({ serviceId, ...state })
        .onConflictDoUpdate({ target: metricsScrapeState.serviceId, set: state });
    });
  }

  /**
   * The answers of one usage call (same service, query type and window; one question per metric) in at most two
   * scans of the window's rows, whatever the number of metrics: one grouped by step (histograms, and a counter's
   * peak and low, which compare steps) and one for single figures.
   */
  async function answerMany(questions: readonly UsageQuestion[]): Promise<UsageAnswer[]> {
    const [first] = questions;
    if (!first) return [];
    const { serviceId, queryType, from, to, step } = first;
    const isSameCall = questions.every(
      (question) =>
        question.serviceId === serviceId &&
        question.queryType === queryType &&
        question.from === from &&
        question.to === to &&
        question.step === step,
    );
    if (!isSameCall) {
      return Promise.all(questions.map(async (question) => (await answerMany([question]))[0]!));
    }
    const metrics = [...new Set(questions.map((question) => question.metric))];
    const bySteps = metrics.filter(
      (metric) =>
        queryType === 'histogram' ||
        (isCounter(metric) && queryType !== 'sum' && queryType !== 'increase'),
    );
    const byTotals = metrics.filter((metric) => !bySteps.includes(metric));
    const inRange = sql`service_id = ${serviceId} and start >= ${from} and start < ${to}`;
    const answers = new Map<UsageMetric, UsageAnswer>();

    if (bySteps.length > 0) {
      // Per step: a counter's increase (sum) or a gauge's peak (max).
      const columns = bySteps.map((metric, index) =>
        isCounter(metric)
          ? sql`sum(${COLUMNS[metric].max}) as ${sql.raw(`v${index}`)}`
          : sql`max(${COLUMNS[metric].max}) as ${sql.raw(`v${index}`)}`,
      );
      const rows = await query<Record<string, unknown>>(
        db,
        sql`select (start - ${from}) / ${step} as step_index, ${sql.join(columns, sql`, `)}
            from usage_sample where ${inRange} group by 1`,
      );
      bySteps.forEach((metric, index) => {
        const series = zeroFilledSeries(
          rows.map((row) => ({
            timestamp: from + toNumber(row.step_index) * step,
            // A gauge's step peak starts from 0 (contract peakPerStep); counters are never negative.
            value: Math.max(0, toNumber(row[`v${index}`])),
          })),
          { from, to, stepSeconds: step },
        );
        answers.set(metric, stepAnswer(queryType, series));
      });
    }

    if (byTotals.length > 0) {
      const columns = byTotals.map(
        (metric, index) =>
          sql`${totalExpression(metric, queryType, inRange)} as ${sql.raw(`v${index}`)}`,
      );
      const [row] = await query<Record<string, unknown>>(
        db,
        // count(*) keeps it one row even when the only figure is a gauge's increase (subqueries, no aggregate).
        sql`select count(*) as row_count, ${sql.join(columns, sql`, `)} from usage_sample where ${inRange}`,
      );
      byTotals.forEach((metric, index) => answers.set(metric, toNumber(row?.[`v${index}`])));
    }
    return questions.map((question) => answers.get(question.metric)!);
  }

  async function maintain(now: Date): Promise<void> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    // Whole hours only, so an hour row never meets a later minute row of the same hour.
    const foldBefore = Math.floor((nowSeconds - MINUTE_ROWS_KEPT_SECONDS) / HOUR) * HOUR;
    const hour = sql.raw(String(HOUR));
    // One statement (so one transaction): the minute rows leave and their hour rows grow, or neither happens.
    const folded = await query<{ count: unknown }>(
      db,
      sql`with moved as (
            delete from usage_sample where seconds = ${sql.raw(String(MINUTE))} and start < ${foldBefore}
            returning service_id, start, billed_messages, messages_in, adapter_billed_messages, bytes, sessions_max,
                      sessions_min, topics_max, topics_min
          ), hours as (
            insert into usage_sample as sample
              (service_id, seconds, start, billed_messages, messages_in, adapter_billed_messages, bytes, sessions_max,
               sessions_min, topics_max, topics_min)
            select service_id, ${hour}, start - start % ${hour}, sum(billed_messages), sum(messages_in),
                   sum(adapter_billed_messages), sum(bytes),
                   max(sessions_max), min(sessions_min), max(topics_max), min(topics_min)
            from moved group by service_id, start - start % ${hour}
            on conflict (service_id, seconds, start) do update set
              billed_messages = sample.billed_messages + excluded.billed_messages,
              messages_in = sample.messages_in + excluded.messages_in,
              adapter_billed_messages = sample.adapter_billed_messages + excluded.adapter_billed_messages,
              bytes = sample.bytes + excluded.bytes,
              sessions_max = greatest(sample.sessions_max, excluded.sessions_max),
              sessions_min = least(sample.sessions_min, excluded.sessions_min),
              topics_max = greatest(sample.topics_max, excluded.topics_max),
              topics_min = least(sample.topics_min, excluded.topics_min)
            returning 1
          )
          select count(*) as count from moved`,
    );
    const keepFrom = nowSeconds - config.metricsRetentionDays * DAY;
    const expired = await query<{ count: unknown }>(
      db,
      sql`with gone as (delete from usage_sample where start < ${keepFrom} returning 1)
          select count(*) as count from gone`,
    );
    const foldedRows = toNumber(folded[0]?.count);
    const expiredRows = toNumber(expired[0]?.count);
    if (foldedRows > 0 || expiredRows > 0) {
      options.logger.info({ foldedRows, expiredRows }, 'usage samples maintained');
    }
  }

  return {
    kind: 'database',
    recordScrape,
    async answer(question) {
      return (await answerMany([question]))[0]!;
    },
    answerMany,
    maintain,
    async close() {
      // The database belongs to the app; nothing of the store's own to release.
    },
  };
}
