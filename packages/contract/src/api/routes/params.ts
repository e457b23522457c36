import { z } from 'zod';
import { idSchema } from '../../common/fields';
import { adapterTypeSchema } from '../../metadata/metadata.schema';
import { stageNameSchema } from '../../tours/progress-record.schema';

/**
 * Path parameter objects. One name per position across all routes (`workspaceId`, `serviceId`,
 * ...) so the server's router sees consistent names; the spec's `{id}` is spelled by what it is.
 */
export const workspaceParamsSchema = z.strictObject({ workspaceId: idSchema });
export const serviceParamsSchema = z.strictObject({ serviceId: idSchema });
export const stageNameParamsSchema = z.strictObject({ stageName: stageNameSchema });
export const campaignParamsSchema = z.strictObject({ campaignId: idSchema });

export const subscriptionParamsSchema = workspaceParamsSchema.extend({ subscriptionId: idSchema });

export const restApiParamsSchema = serviceParamsSchema.extend({ apiId: idSchema });
export const restEndpointParamsSchema = restApiParamsSchema.extend({ endpointId: idSchema });

export const kafkaAdapterParamsSchema = serviceParamsSchema.extend({ adapterId: idSchema });
export const kafkaClusterParamsSchema = kafkaAdapterParamsSchema.extend({ clusterId: idSchema });
export const kafkaPublisherParamsSchema = kafkaClusterParamsSchema.extend({
  publisherId: idSchema,
});
export const kafkaSubscriberParamsSchema = kafkaClusterParamsSchema.extend({
  subscriberId: idSchema,
});
export const adapterUpgradeParamsSchema = kafkaAdapterParamsSchema.extend({
  type: adapterTypeSchema,
});

/**
 * GET /v3/service/{serviceName}/check takes any proposed name: a badly formed one is answered
 * `valid: false` with a reason (section 5), not with a 400.
 */
export const serviceNameParamsSchema = z.strictObject({
  serviceName: z.string().trim().min(1, 'A service name is required').max(200),
});
