import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Service, ServiceApiDetails } from '@herald/contract/services/service.schema';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useApiDetailsQuery } from '../api/api-details-query';
import {
  useRevealApiDetailsMutation,
  useRotateApiSecretMutation,
} from '../api/api-details-mutations';
import { curlSnippet } from '../utils/snippets';
import { ConfirmModal } from '../../../components/confirm-modal';
import { InlineLoader, LoadFailed } from '../../../components/query-states';
import { CopyValue } from './copy-value';
import { SnippetBlock } from '../../../components/snippet-block';
import { DANGER_TEXT } from '../../../components/danger-colour';

/**
 * `/service/{serviceId}/api-token` (flag dashboard.token-page): the service API's credentials,
 * masked until revealed (needs configure-service-console), the secret rotation and the token call.
 */
export function ApiTokenPage({ service, canManage }: { service: Service; canManage: boolean }) {
  const details = useApiDetailsQuery(service.serviceId);
  const reveal = useRevealApiDetailsMutation(service.serviceId);
  const rotate = useRotateApiSecretMutation(service.serviceId);
  const [isRotateOpen, { open: openRotate, close: closeRotate }] = useDisclosure(false);
  const [revealed, setRevealed] = useState<ServiceApiDetails | null>(null);
  const shown = revealed ?? details.data;
  // GET answers the secret and the headers masked; only a reveal or a rotation shows them.
  const isMasked = revealed === null;

  const handleReveal = () => reveal.mutate(undefined, { onSuccess: setRevealed });
  const handleRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: (fresh) => {
        setRevealed(fresh);
        closeRotate();
        showToast({
          variant: 'success',
          message: 'Client secret rotated. Tokens issued before no longer work.',
        });
      },
    });

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1}>API Token</Title>
      {details.isPending ? (
        <InlineLoader label="Loading the credentials" />
      ) : shown === undefined ? (
        <LoadFailed
          title="The credentials could not be loaded"
          error={details.error}
          onRetry={() => details.refetch()}
        />
      ) : (
        <>
          <Card withBorder radius="md" component="section" aria-label="Credentials">
            <Stack gap="sm">
              <CopyValue label="Client ID" value={shown.client_id} />
              <CopyValue label="Client secret" value={shown.client_secret} masked={isMasked} />
              <CopyValue label="Authentication URL" value={shown.authentication_url} />
              <CopyValue label="Service API URL" value={shown.service_api_url} />
              <CopyValue
                label="Authorization header"
                value={shown.authorization_header}
                masked={isMasked}
              />
              <CopyValue
                label="Read-only authorization header"
                value={shown.read_only_authorization_header}
                masked={isMasked}
              />
              <Group gap="sm">
                <Button
                  onClick={handleReveal}
                  disabled={!canManage || revealed !== null}
                  loading={reveal.isPending}
                >
                  Reveal credentials
                </Button>
                <Button
                  color={DANGER_TEXT}
                  variant="outline"
                  onClick={openRotate}
                  disabled={!canManage}
                >
                  Rotate secret
                </Button>
              </Group>
              {!canManage && (
                <Text size="sm" c="dimmed">
                  Only an Admin or Owner of the organisation can reveal or rotate the credentials.
                </Text>
              )}
            </Stack>
          </Card>
          <SnippetBlock
            title="Token request (curl)"
            testId="snippet-curl"
            code={curlSnippet({
              ...service.endpoints,
              authenticationUrl: shown.authentication_url,
              clientId: shown.client_id,
              clientSecret: revealed?.client_secret ?? null,
            })}
          />
        </>
      )}
      <ConfirmModal
        opened={isRotateOpen}
        title="Rotate the client secret?"
        message="A new client secret is issued. The old secret and every token issued with it stop working."
        confirmLabel="Rotate secret"
        loading={rotate.isPending}
        onClose={closeRotate}
        onConfirm={handleRotate}
      />
    </Stack>
  );
}
