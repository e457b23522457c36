import { describeRecord, type RecordRef } from './payload';

/**
 * A converter's failure on one record: the message says which converter, which record and what failed, in words
 * (never a stack trace). The underlying error is kept as `cause` for the log.
 */
export class PayloadConversionError extends Error {
  override readonly name = 'PayloadConversionError';

  constructor(
    readonly converter: string,
    readonly record: RecordRef,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${converter} could not convert ${describeRecord(record)}: ${reason}`, options);
  }
}

/** A chain that cannot be built (unknown converter, bad parameters, no schema registry): the problems in words. */
export class ConverterChainError extends Error {
  override readonly name = 'ConverterChainError';

  constructor(readonly problems: readonly string[]) {
    super(problems.join('; '));
  }
}

/** The message of anything thrown, for a reason in words. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Thrown by a single converter with the reason only; the chain adds the converter's name and the record. */
export class ConversionFailure extends Error {
  override readonly name = 'ConversionFailure';
}
