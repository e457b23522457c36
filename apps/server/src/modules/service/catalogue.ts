import fs from 'node:fs';
import {
  adapterVersionSchema,
  heraldVersionEntrySchema,
  tierSchema,
} from '@herald/contract/metadata/metadata.schema';
import type { Metadata, Tier } from '@herald/contract/metadata/metadata.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error';

/**
 * CATALOGUE_FILE: the tiers, versions and regions this installation offers (GET /v3/metadata). Tiers carry the
 * server-only `topicsCapacity` (the live metrics' limit), which GET /v3/metadata leaves out. Validated at start: a
 * bad file stops the server with a message naming the file and the field.
 */
export const catalogueTierSchema = tierSchema.extend({
  topicsCapacity: z.number().int().nonnegative(),
});
export type CatalogueTier = z.infer<typeof catalogueTierSchema>;

export const catalogueSchema = z
  .object({
    tiers: z.array(catalogueTierSchema).min(1, 'must list at least one tier'),
    heraldVersions: z.array(heraldVersionEntrySchema).min(1, 'must list at least one version'),
    adapterVersions: z.array(adapterVersionSchema),
    latestHeraldVersion: z.string().min(1),
    regions: z.array(z.string().min(1)).min(1, 'must list at least one region'),
  })
  .superRefine((value, ctx) => {
    if (!value.heraldVersions.some((entry) => entry.tag === value.latestHeraldVersion)) {
      ctx.addIssue({
        code: 'custom',
        path: ['latestHeraldVersion'],
        message: `'${value.latestHeraldVersion}' is not one of heraldVersions`,
      });
    }
    const plans = value.tiers.map((tier) => tier.billingPlan);
    const duplicate = plans.find((plan, index) => plans.indexOf(plan) !== index);
    if (duplicate !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['tiers'],
        message: `billingPlan '${duplicate}' appears twice`,
      });
    }
  });

export interface Catalogue {
  readonly tiers: readonly CatalogueTier[];
  readonly heraldVersions: readonly { tag: string }[];
  readonly latestHeraldVersion: string;
  readonly regions: readonly string[];
  /** GET /v3/metadata: the catalogue without server-only fields. */
  readonly metadata: Metadata;
  tierOf(billingPlan: string): CatalogueTier | undefined;
  hasVersion(version: string): boolean;
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

export function parseCatalogue(file: string, text: string): Catalogue {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new StartupError(`CATALOGUE_FILE ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = catalogueSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? fieldPath(issue.path) || '(root)' : '(root)';
    throw new StartupError(
      `CATALOGUE_FILE ${file}: field '${field}' ${issue?.message ?? 'is invalid'}`,
    );
  }
  const data = parsed.data;
  const tiers: Tier[] = data.tiers.map(({ topicsCapacity: _server, ...tier }) => tier);
  return {
    tiers: data.tiers,
    heraldVersions: data.heraldVersions,
    latestHeraldVersion: data.latestHeraldVersion,
    regions: data.regions,
    metadata: {
      tiers,
      heraldVersions: data.heraldVersions,
      adapterVersions: data.adapterVersions,
      latestHeraldVersion: data.latestHeraldVersion,
      regions: data.regions,
    },
    tierOf: (billingPlan) => data.tiers.find((tier) => tier.billingPlan === billingPlan),
    hasVersion: (version) => data.heraldVersions.some((entry) => entry.tag === version),
  };
}

const loaded = new Map<string, Catalogue>();

/** Reads and validates the catalogue file once per path (a StartupError names the file and the field). */
export function loadCatalogue(file: string): Catalogue {
  const cached = loaded.get(file);
  if (cached) return cached;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new StartupError(
      `CATALOGUE_FILE ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const catalogue = parseCatalogue(file, text);
  loaded.set(file, catalogue);
  return catalogue;
}

/** The app's catalogue (loaded when the service routes register, so a bad file stops the start). */
export function catalogueOf(app: FastifyInstance): Catalogue {
  return loadCatalogue(app.config.catalogueFile);
}
