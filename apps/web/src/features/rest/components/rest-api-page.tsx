import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { RestApi, RestEndpoint } from '@herald/contract/rest-adapters/rest-api.schema';
import { restAdapterStatusWords } from '@herald/contract/rest-adapters/rest-status-words';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { listedItemStates } from '../../../components/listed-item-states';
import { useNow } from '../../../lib/ui/use-now';
import { useDeleteRestApiMutation, useDeleteRestEndpointMutation } from '../api/rest-mutations';
import { useRestAdapterState, useRestApis } from '../api/rest-queries';
import { ApiFormModal } from './api-form-modal';
import { EndpointCard } from './endpoint-card';
import { EndpointFormModal } from './endpoint-form-modal';
import { RestApiSkeleton } from './rest-skeletons';
import { RestAdapterBadge } from './rest-status';

export interface RestApiPageProps {
  serviceId: string;
  apiId: string;
  showBaseTopicPath: boolean;
}

/** `/service/{serviceId}/rest/{apiId}`: one REST API, its settings and its endpoints with their last polls. */
export function RestApiPage(props: RestApiPageProps) {
  const apis = useRestApis(props.serviceId);
  const api = apis.data?.find((item) => item.id === props.apiId);
  useDocumentTitle(`${api?.label ?? 'REST API'} · REST APIs · Herald Cloud`);
  const { back, state } = listedItemStates({
    query: apis,
    item: api,
    listPath: `/service/${props.serviceId}/rest`,
    listLabel: 'All REST APIs',
    skeleton: <RestApiSkeleton />,
    failedTitle: 'The REST APIs could not be loaded',
    notFoundTitle: 'REST API not found',
    notFoundText: `This service has no REST API with the id ${props.apiId}.`,
  });
  if (state !== null || api === undefined) return state;
  return <ApiDetail {...props} api={api} back={back} />;
}

type Editing = { kind: 'api' } | { kind: 'endpoint'; endpoint: RestEndpoint | null };

type Deleting = { kind: 'api' } | { kind: 'endpoint'; endpoint: RestEndpoint };

const AUTH_WORDS = { none: 'None', basic: 'Basic', bearer: 'Bearer token' } as const;

function ApiDetail({
  serviceId,
  showBaseTopicPath,
  api,
  back,
}: RestApiPageProps & { api: RestApi; back: React.ReactNode }) {
  const state = useRestAdapterState(serviceId);
  const now = useNow(1_000);
  const navigate = useNavigate();
  const deleteApi = useDeleteRestApiMutation(serviceId, () => {
    void navigate(`/service/${serviceId}/rest`);
  });
  const deleteEndpoint = useDeleteRestEndpointMutation(serviceId);
  const [editing, setEditing] = useState<Editing | null>(null);
  // Each dialog is mounted afresh for what it edits, so its form starts from that record.
  const [editKey, setEditKey] = useState(0);
  const edit = (next: Editing) => {
    setEditKey((key) => key + 1);
    setEditing(next);
  };
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const confirmDelete = () => {
    if (deleting === null) return;
    if (deleting.kind === 'api') deleteApi.mutate(api.id);
    else
      deleteEndpoint.mutate(
        { apiId: api.id, endpointId: deleting.endpoint.id },
        { onSuccess: () => setDeleting(null) },
      );
  };
  const pairs = (items: RestApi['headers']) =>
    items.length === 0 ? 'None' : items.map((item) => item.name).join(', ');
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="md">
          {back}
          <Anchor
            component={Link}
            to={`/service/${serviceId}/logs/rest`}
            size="sm"
            underline="always"
          >
            The REST adapter&apos;s log
          </Anchor>
        </Group>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {api.label}
              </Title>
              <RestAdapterBadge
                status={
                  state.isError
                    ? { tone: 'checking', words: 'Status unknown' }
                    : restAdapterStatusWords(state.data)
                }
              />
            </Group>
            <Text size="sm" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {api.baseUrl}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => edit({ kind: 'api' })}>
              Edit API
            </Button>
            <Button
              variant="default"
              style={{ color: DANGER_TEXT }}
              onClick={() => setDeleting({ kind: 'api' })}
            >
              Delete API
            </Button>
          </Group>
        </Group>
      </Stack>
      <Card withBorder radius="md" component="section" aria-label="Settings">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Setting
            label="Base topic path"
            value={api.baseTopicPath === '' ? 'None: the root' : api.baseTopicPath}
          />
          <Setting
            label="Authentication"
            value={`${AUTH_WORDS[api.authentication.type]}${api.authentication.username === undefined ? '' : ` as ${api.authentication.username}`}`}
          />
          <Setting label="Headers" value={pairs(api.headers)} />
          <Setting label="Query parameters" value={pairs(api.queryParameters)} />
        </SimpleGrid>
      </Card>
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3">
          Endpoints
        </Title>
        <Button onClick={() => edit({ kind: 'endpoint', endpoint: null })}>Add endpoint</Button>
      </Group>
      {api.endpoints.length === 0 ? (
        <Text>
          No endpoint yet. Add one: its answers are published to a topic at the interval you choose.
        </Text>
      ) : (
        api.endpoints.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            serviceId={serviceId}
            api={api}
            endpoint={endpoint}
            state={state.data?.endpoints.find(
              (item) => item.apiId === api.id && item.endpointId === endpoint.id,
            )}
            now={now}
            onEdit={() => edit({ kind: 'endpoint', endpoint })}
            onDelete={() => setDeleting({ kind: 'endpoint', endpoint })}
          />
        ))
      )}
      {editing?.kind === 'api' && (
        <ApiFormModal
          key={editKey}
          serviceId={serviceId}
          api={api}
          showBaseTopicPath={showBaseTopicPath}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'endpoint' && (
        <EndpointFormModal
          key={editKey}
          serviceId={serviceId}
          api={api}
          endpoint={editing.endpoint}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={
          deleting?.kind === 'endpoint'
            ? `Delete the endpoint ${deleting.endpoint.path}?`
            : `Delete the API "${api.label}"?`
        }
        message={
          deleting?.kind === 'endpoint'
            ? 'The endpoint is no longer polled. Its topic and last value stay.'
            : 'The API and its endpoints are no longer polled. Their topics and last values stay.'
        }
        confirmLabel="Delete"
        loading={deleteApi.isPending || deleteEndpoint.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
