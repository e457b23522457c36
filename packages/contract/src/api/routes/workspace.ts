import { z } from 'zod';
import { queryBooleanSchema } from '../../common/fields';
import { metadataSchema } from '../../metadata/metadata.schema';
import { creditSchema, serviceSchema } from '../../services/service.schema';
import { serviceStatusEventSchema } from '../../services/service-status-events';
import {
  createWorkspaceRequestSchema,
  createWorkspaceResponseSchema,
  workspaceSchema,
  workspaceServiceStatusSchema,
} from '../../workspaces/workspace.schema';
import { defineRoute } from '../define-route';
import { workspaceParamsSchema } from './params';

const tags = ['workspace'] as const;

/** Spec section 7 "Workspace". */
export const workspaceRoutes = {
  listWorkspaces: defineRoute({
    method: 'GET',
    path: '/v3/workspaces',
    summary: "The signed-in user's workspaces, with Service objects when expandServices=true",
    tags,
    access: 'user',
    query: z.strictObject({ expandServices: queryBooleanSchema.optional() }),
    responses: { 200: z.array(workspaceSchema) },
  }),
  createWorkspace: defineRoute({
    method: 'POST',
    path: '/v3/workspace',
    summary: 'Create a team; the caller becomes its Owner',
    tags,
    access: 'user',
    body: createWorkspaceRequestSchema,
    responses: { 201: createWorkspaceResponseSchema },
  }),
  listWorkspaceServices: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/services',
    summary: "The workspace's services",
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    responses: { 200: z.array(serviceSchema) },
  }),
  listWorkspaceServiceStatuses: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/services/status',
    summary: "The status of each of the workspace's services",
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    responses: { 200: z.array(workspaceServiceStatusSchema) },
  }),
  streamWorkspaceServiceStatuses: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/services/events',
    summary:
      "Server-sent events: each status change of the workspace's services, as it happens (the 10 s status poll is the fallback)",
    tags,
    access: 'workspace',
    params: workspaceParamsSchema,
    stream: 'text/event-stream',
    responses: { 200: serviceStatusEventSchema },
  }),
  getWorkspaceCredit: defineRoute({
    method: 'GET',
    path: '/v3/workspace/{workspaceId}/credit',
    summary: "The workspace's available credit (section 6: fetched only with create-service)",
    tags,
    access: 'workspace',
    permission: 'create-service',
    params: workspaceParamsSchema,
    responses: { 200: creditSchema },
  }),
  getMetadata: defineRoute({
    method: 'GET',
    path: '/v3/metadata',
    summary: 'Tiers, versions, adapter versions and regions offered',
    tags,
    access: 'user',
    responses: { 200: metadataSchema },
  }),
} as const;
