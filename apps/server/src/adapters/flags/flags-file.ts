import fs from 'node:fs';
import { FEATURE_FLAGS } from '@herald/contract/flags/flags';
import type { FeatureFlag } from '@herald/contract/flags/flags';
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error';

export class FlagsFileError extends StartupError {
  override name = 'FlagsFileError';
}

const ruleSchema = z.strictObject({
  /** User ids this rule applies to (the evaluation context's targetingKey). */
  targetingKeys: z.array(z.string().min(1)).min(1),
  value: z.boolean(),
});

const flagSchema = z.strictObject({
  defaultValue: z.boolean(),
  /** First matching rule wins. */
  rules: z.array(ruleSchema).default([]),
});

/**
 * `{ "flags": { "<key>": { "defaultValue", "rules": [{ "targetingKeys", "value" }] } } }`. Every flag of the
 * contract must be defined and nothing else may be: a typo in a key would otherwise silently leave the real flag
 * at the SDK's fallback.
 */
export const flagsFileSchema = z.strictObject({
  flags: z.strictObject(
    Object.fromEntries(FEATURE_FLAGS.map((key) => [key, flagSchema])) as Record<
      FeatureFlag,
      typeof flagSchema
    >,
  ),
});

export type FlagsFile = z.output<typeof flagsFileSchema>;
export type FlagDefinition = z.output<typeof flagSchema>;

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      const name = String(part);
      // Flag keys contain dots, so they are quoted to keep the location unambiguous.
      return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)
        ? `${index === 0 ? '' : '.'}${name}`
        : `[${JSON.stringify(name)}]`;
    })
    .join('');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const location = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const where = location ? `${location}: ` : '';
    const isFlagList = issue.path.length === 1 && issue.path[0] === 'flags';
    return isFlagList
      ? `${where}unknown flag ${issue.keys.map((key) => JSON.stringify(key)).join(', ')} (known flags: ${FEATURE_FLAGS.join(', ')})`
      : `${where}unknown key ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
  }
  // Zod leaves `input` out of issues unless asked; its message is the reliable sign of an absent key.
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    return `${location}: is missing`;
  }
  return `${location || '(root)'}: ${issue.message}`;
}

export function parseFlagsFile(text: string, filePath: string): FlagsFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FlagsFileError(
      `Invalid flags file ${filePath}: not valid JSON (${(error as Error).message})`,
    );
  }
  const result = flagsFileSchema.safeParse(json);
  if (!result.success) {
    throw new FlagsFileError(
      `Invalid flags file ${filePath}: ${result.error.issues.map(describeIssue).join('; ')}`,
    );
  }
  return result.data;
}

/** Reads and validates the flags file (FLAGS_FILE) once, at start. */
export function loadFlagsFile(filePath: string): FlagsFile {
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (error) {
    throw new FlagsFileError(
      `Cannot read the flags file ${filePath} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). ` +
        'Set FLAGS_FILE to a flags file, or restore apps/server/config/flags.json.',
    );
  }
  return parseFlagsFile(text, filePath);
}
