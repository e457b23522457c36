import {
  FlagNotFoundError,
  StandardResolutionReasons,
  TypeMismatchError,
} from '@openfeature/server-sdk';
import type {
  EvaluationContext,
  JsonValue,
  Provider,
  ResolutionDetails,
} from '@openfeature/server-sdk';
import type { FlagsFile } from './flags-file';

/**
 * An OpenFeature provider over the validated flags file: per-user rules first, then the flag's default.
 * Herald's flags are all boolean; asking for another type is a caller bug and says so.
 */
export class FlagsFileProvider implements Provider {
  readonly metadata = { name: 'herald-flags-file' } as const;
  readonly runsOn = 'server' as const;

  constructor(private readonly file: FlagsFile) {}

  async resolveBooleanEvaluation(
    flagKey: string,
    _defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    const flag = Object.hasOwn(this.file.flags, flagKey)
      ? this.file.flags[flagKey as keyof FlagsFile['flags']]
      : undefined;
    if (!flag) throw new FlagNotFoundError(`Flag '${flagKey}' is not defined in the flags file`);

    const targetingKey = context.targetingKey;
    if (targetingKey !== undefined) {
      const rule = flag.rules.find((candidate) => candidate.targetingKeys.includes(targetingKey));
      if (rule)
        return {
          value: rule.value,
          variant: variantOf(rule.value),
          reason: StandardResolutionReasons.TARGETING_MATCH,
        };
    }
    return {
      value: flag.defaultValue,
      variant: variantOf(flag.defaultValue),
      // STATIC: nothing about the caller can change the value; DEFAULT: rules exist but none matched.
      reason:
        flag.rules.length === 0
          ? StandardResolutionReasons.STATIC
          : StandardResolutionReasons.DEFAULT,
    };
  }

  async resolveStringEvaluation(flagKey: string): Promise<ResolutionDetails<string>> {
    throw new TypeMismatchError(`Flag '${flagKey}' is boolean`);
  }

  async resolveNumberEvaluation(flagKey: string): Promise<ResolutionDetails<number>> {
    throw new TypeMismatchError(`Flag '${flagKey}' is boolean`);
  }

  async resolveObjectEvaluation<T extends JsonValue>(
    flagKey: string,
  ): Promise<ResolutionDetails<T>> {
    throw new TypeMismatchError(`Flag '${flagKey}' is boolean`);
  }
}

function variantOf(value: boolean): 'on' | 'off' {
  return value ? 'on' : 'off';
}
