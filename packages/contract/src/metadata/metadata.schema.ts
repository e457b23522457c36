import { z } from 'zod';
import { centsSchema } from '../common/fields';

/** Adapter types (spec section 3 adapterVersions.type); also the `{type}` of adapter upgrade paths. */
export const ADAPTER_TYPES = ['kafka-gateway', 'rest-gateway'] as const;
export type AdapterType = (typeof ADAPTER_TYPES)[number];
export const adapterTypeSchema = z.enum(ADAPTER_TYPES);

/** A service tier (size) offered at checkout, spec section 3 metadata.tiers. */
export const tierSchema = z.object({
  displayName: z.string(),
  billingPlan: z.string(),
  /**
   * Price per node per month in cents; tiers are shown sorted by it (section 9). `perMillionMessages` (ours, issue
   * 13): cents per million billed messages, charged on the monthly invoice; absent means usage is not charged.
   */
  pricing: z.object({
    perNode: centsSchema,
    perMillionMessages: centsSchema.nonnegative().optional(),
  }),
  /** Memory of one node, e.g. `2Gi`. */
  nodeSpec: z.object({ memory: z.string() }),
  /** Nodes of the high-availability cluster; 1 node without high availability (section 9). */
  ha: z.object({ clusterSize: z.number().int().positive() }),
});
export type Tier = z.infer<typeof tierSchema>;

export const heraldVersionEntrySchema = z.object({ tag: z.string() });
export type HeraldVersionEntry = z.infer<typeof heraldVersionEntrySchema>;

/** An adapter release and the herald versions it runs with (section 5: selection respects both). */
export const adapterVersionSchema = z.object({
  tag: z.string(),
  type: adapterTypeSchema,
  /** True once the release is end-of-life: it stays listed but is not offered for new upgrades. */
  eol: z.boolean(),
  minHeraldVersion: z.string(),
  /** Null: no upper bound. */
  maxHeraldVersion: z.string().nullable(),
});
export type AdapterVersion = z.infer<typeof adapterVersionSchema>;

/**
 * GET /v3/metadata, spec section 3 "Metadata". `regions` is a list of region ids such as
 * `eu-west-1.aws` (the spec's "region string").
 */
export const metadataSchema = z.object({
  tiers: z.array(tierSchema),
  heraldVersions: z.array(heraldVersionEntrySchema),
  adapterVersions: z.array(adapterVersionSchema),
  latestHeraldVersion: z.string(),
  regions: z.array(z.string()),
});
export type Metadata = z.infer<typeof metadataSchema>;
