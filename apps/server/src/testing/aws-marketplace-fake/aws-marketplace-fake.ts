import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-repo fake of AWS Marketplace's metering and entitlement services (STACK.md "Test peers"): the AWS JSON 1.1
 * protocol the official SDK clients speak, routed on the X-Amz-Target header. It serves ResolveCustomer,
 * BatchMeterUsage, MeterUsage and GetEntitlements with AWS's behaviour for what we use: invalid and expired tokens,
 * at most 25 records a batch, per-record statuses (Success, DuplicateRecord for a customer, dimension and hour
 * already metered, CustomerNotSubscribed) and UnprocessedRecords, entitlements with expiration dates and paging.
 * Tests drive it only through the SDK; these methods set up its state.
 */

interface FakeCustomer {
  customerIdentifier: string;
  productCode: string;
  customerAwsAccountId: string;
  subscribed: boolean;
  /** Entitlement expiration dates (null: no end). */
  entitlements: (Date | null)[];
}

interface JsonUsageRecord {
  CustomerIdentifier?: string;
  Dimension?: string;
  Quantity?: number;
  Timestamp?: number;
}

export interface FakeCall {
  target: string;
  body: Record<string, unknown>;
}

export interface AwsMarketplaceFake {
  readonly endpoint: string;
  readonly calls: FakeCall[];
  /** Metered records by customer|dimension|hour (epoch seconds): quantity and record id. */
  readonly metered: Map<string, { quantity: number; meteringRecordId: string }>;
  addCustomer(
    customer: Omit<FakeCustomer, 'entitlements' | 'subscribed'> & {
      entitlements?: (Date | null)[];
      subscribed?: boolean;
    },
  ): void;
  issueToken(customerIdentifier: string, options?: { expired?: boolean }): string;
  setEntitlements(customerIdentifier: string, entitlements: (Date | null)[]): void;
  setSubscribed(customerIdentifier: string, subscribed: boolean): void;
  /** The next BatchMeterUsage calls leave this many records (from the end) unprocessed, once each. */
  leaveUnprocessed(count: number): void;
  /** The next n calls of any operation answer 500 InternalServiceErrorException. */
  failNext(count: number): void;
  close(): Promise<void>;
}

const PAGE_SIZE = 2;

function awsError(res: http.ServerResponse, status: number, type: string, message: string): void {
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify({ __type: type, message }));
}

function send(res: http.ServerResponse, body: unknown): void {
  res.writeHead(200, {
    'content-type': 'application/x-amz-json-1.1',
    'x-amzn-requestid': randomUUID(),
  });
  res.end(JSON.stringify(body));
}

export async function startAwsMarketplaceFake(): Promise<AwsMarketplaceFake> {
  const customers = new Map<string, FakeCustomer>();
  const tokens = new Map<string, { customerIdentifier: string; expired: boolean }>();
  const metered = new Map<string, { quantity: number; meteringRecordId: string }>();
  const calls: FakeCall[] = [];
  let unprocessedNext = 0;
  let failures = 0;

  function meter(productCode: unknown, record: JsonUsageRecord) {
    const customer = customers.get(record.CustomerIdentifier ?? '');
    if (!customer || customer.productCode !== productCode || !customer.subscribed) {
      return { UsageRecord: record, Status: 'CustomerNotSubscribed' };
    }
    const hour = Math.floor((record.Timestamp ?? 0) / 3600) * 3600;
    const key = `${customer.customerIdentifier}|${record.Dimension ?? ''}|${hour}`;
    const existing = metered.get(key);
    if (existing) {
      return {
        UsageRecord: record,
        MeteringRecordId: existing.meteringRecordId,
        Status: 'DuplicateRecord',
      };
    }
    const entry = { quantity: record.Quantity ?? 0, meteringRecordId: randomUUID() };
    metered.set(key, entry);
    return { UsageRecord: record, MeteringRecordId: entry.meteringRecordId, Status: 'Success' };
  }

  const handlers: Record<
    string,
    (body: Record<string, unknown>, res: http.ServerResponse) => void
  > = {
    'AWSMPMeteringService.ResolveCustomer': (body, res) => {
      const token = tokens.get(String(body.RegistrationToken ?? ''));
      if (!token) return awsError(res, 400, 'InvalidTokenException', 'Invalid registration token');
      if (token.expired) {
        return awsError(res, 400, 'ExpiredTokenException', 'Registration token expired');
      }
      const customer = customers.get(token.customerIdentifier);
      if (!customer) return awsError(res, 400, 'InvalidTokenException', 'Unknown customer');
      send(res, {
        CustomerIdentifier: customer.customerIdentifier,
        ProductCode: customer.productCode,
        CustomerAWSAccountId: customer.customerAwsAccountId,
      });
    },
    'AWSMPMeteringService.BatchMeterUsage': (body, res) => {
      const records = Array.isArray(body.UsageRecords)
        ? (body.UsageRecords as JsonUsageRecord[])
        : [];
      if (records.length === 0 || records.length > 25) {
        return awsError(res, 400, 'ValidationException', 'UsageRecords must hold 1 to 25 records');
      }
      const leave = Math.min(unprocessedNext, records.length);
      unprocessedNext = 0;
      const processed = records.slice(0, records.length - leave);
      send(res, {
        Results: processed.map((record) => meter(body.ProductCode, record)),
        UnprocessedRecords: records.slice(records.length - leave),
      });
    },
    'AWSMPMeteringService.MeterUsage': (body, res) => {
      const customer = [...customers.values()].find(
        (candidate) => candidate.productCode === body.ProductCode,
      );
      if (!customer) return awsError(res, 400, 'InvalidProductCodeException', 'Unknown product');
      const result = meter(body.ProductCode, {
        CustomerIdentifier: customer.customerIdentifier,
        Dimension: String(body.UsageDimension ?? ''),
        Quantity: Number(body.UsageQuantity ?? 0),
        Timestamp: Number(body.Timestamp ?? 0),
      });
      if (result.Status === 'DuplicateRecord') {
        return awsError(res, 400, 'DuplicateRequestException', 'Duplicate request');
      }
      if (result.Status !== 'Success') {
        return awsError(res, 400, 'CustomerNotEntitledException', 'Customer not entitled');
      }
      send(res, { MeteringRecordId: result.MeteringRecordId });
    },
    'AWSMPEntitlementService.GetEntitlements': (body, res) => {
      const filter = (body.Filter ?? {}) as Record<string, string[] | undefined>;
      const wanted = filter.CUSTOMER_IDENTIFIER ?? [];
      const all = [...customers.values()]
        .filter((customer) => customer.productCode === body.ProductCode)
        .filter((customer) => wanted.length === 0 || wanted.includes(customer.customerIdentifier))
        .flatMap((customer) =>
          customer.entitlements.map((expiration) => ({
            ProductCode: customer.productCode,
            Dimension: 'billed_messages',
            CustomerIdentifier: customer.customerIdentifier,
            CustomerAWSAccountId: customer.customerAwsAccountId,
            Value: { BooleanValue: true },
            ...(expiration && { ExpirationDate: expiration.getTime() / 1000 }),
          })),
        );
      const start = Number(body.NextToken ?? 0);
      const page = all.slice(start, start + PAGE_SIZE);
      send(res, {
        Entitlements: page,
        ...(start + PAGE_SIZE < all.length && { NextToken: String(start + PAGE_SIZE) }),
      });
    },
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<
          string,
          unknown
        >;
      } catch {
        return awsError(res, 400, 'SerializationException', 'Malformed JSON');
      }
      calls.push({ target, body });
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
        return awsError(res, 403, 'MissingAuthenticationTokenException', 'Missing signature');
      }
      if (failures > 0) {
        failures -= 1;
        return awsError(res, 500, 'InternalServiceErrorException', 'Internal error');
      }
      const handler = handlers[target];
      if (!handler) return awsError(res, 400, 'UnknownOperationException', `Unknown ${target}`);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    metered,
    addCustomer(customer) {
      customers.set(customer.customerIdentifier, {
        ...customer,
        subscribed: customer.subscribed ?? true,
        entitlements: customer.entitlements ?? [null],
      });
    },
    issueToken(customerIdentifier, options = {}) {
      const token = `${randomUUID()}${randomUUID()}`.replaceAll('-', '');
      tokens.set(token, { customerIdentifier, expired: options.expired ?? false });
      return token;
    },
    setEntitlements(customerIdentifier, entitlements) {
      const customer = customers.get(customerIdentifier);
      if (customer) customer.entitlements = entitlements;
    },
    setSubscribed(customerIdentifier, subscribed) {
      const customer = customers.get(customerIdentifier);
      if (customer) customer.subscribed = subscribed;
    },
    leaveUnprocessed(count) {
      unprocessedNext = count;
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
