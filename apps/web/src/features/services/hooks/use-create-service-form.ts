import { useForm } from '@mantine/form';
import { sortTiersByPrice } from '@herald/contract/billing/money';
import type { Metadata, Tier } from '@herald/contract/metadata/metadata.schema';
import { createServiceRequestSchema } from '@herald/contract/services/service.schema';
import { useMemo } from 'react';
import { zodResolver } from '../../../lib/forms/zod-resolver';
import {
  buildCreateServiceRequest,
  summariseCheckout,
  type CreateServiceValues,
} from '../utils/checkout';

export interface CreateServiceFormOptions {
  workspaceId: string;
  metadata: Metadata;
  initialServiceName: string;
  isFreeTrialAvailable: boolean;
  /** A resumed checkout's choices (spec section 3 resumeCheckout): the form starts from them. */
  resumedValues?: Partial<CreateServiceValues> | undefined;
}

/**
 * The create-service form: its values, the tiers by price and what the choices imply (nodes,
 * free trial, estimate). Validation is the contract's createServiceRequestSchema, run on exactly
 * the body that would be sent (CONVENTIONS section 7).
 */
export function useCreateServiceForm({
  workspaceId,
  metadata,
  initialServiceName,
  isFreeTrialAvailable,
  resumedValues,
}: CreateServiceFormOptions) {
  const tiers = useMemo(() => sortTiersByPrice(metadata.tiers), [metadata.tiers]);
  const tierOf = (billingPlan: string): Tier | undefined =>
    tiers.find((tier) => tier.billingPlan === billingPlan);
  const summarise = (values: CreateServiceValues) =>
    summariseCheckout(values, tierOf(values.billingPlan), isFreeTrialAvailable, new Date());
  const toRequest = (values: CreateServiceValues) =>
    buildCreateServiceRequest(workspaceId, values, summarise(values));

  const form = useForm<CreateServiceValues>({
    initialValues: {
      serviceName: initialServiceName,
      label: '',
      region: metadata.regions[0] ?? '',
      heraldVersion: metadata.latestHeraldVersion,
      billingPlan: tiers[0]?.billingPlan ?? '',
      highAvailability: false,
      freeTrial: false,
      sensitiveData: false,
      ...resumedValues,
    },
    validate: (values) => zodResolver(createServiceRequestSchema)(toRequest(values)),
  });

  return {
    form,
    tiers,
    selectedTier: tierOf(form.values.billingPlan),
    summary: summarise(form.values),
    toRequest,
  };
}
