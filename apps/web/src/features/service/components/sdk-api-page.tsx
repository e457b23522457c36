import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PORT_PENDING_TEXT, mqttTcpAddress } from '@herald/contract/services/service-address';
import type { Service } from '@herald/contract/services/service.schema';
import { useNavigate } from 'react-router';
import { useApiDetailsQuery } from '../api/api-details-query';
import { useRevealApiDetailsMutation } from '../api/api-details-mutations';
import {
  SNIPPET_LANGUAGES,
  SNIPPET_LANGUAGE_INFO,
  mosquittoSubSnippet,
  snippetFor,
  type SnippetInput,
  type SnippetLanguage,
} from '../utils/snippets';
import { SnippetBlock } from '../../../components/snippet-block';

const AUTHENTICATION_URL_PLACEHOLDER = '<AUTHENTICATION_URL>';

/**
 * `/service/{serviceId}/sdk-api/{language}`: snippets filled with this service's host, ports
 * and, for users who may reveal them (configure-service-console), real credentials.
 */
export function SdkApiPage({
  service,
  language,
  canRevealCredentials,
}: {
  service: Service;
  language: SnippetLanguage;
  canRevealCredentials: boolean;
}) {
  useDocumentTitle(`SDKs & API · ${service.label ?? service.serviceName} · Herald Cloud`);
  const navigate = useNavigate();
  const details = useApiDetailsQuery(service.serviceId);
  const reveal = useRevealApiDetailsMutation(service.serviceId);
  const revealed = reveal.data;
  const input: SnippetInput = {
    ...service.endpoints,
    authenticationUrl:
      revealed?.authentication_url ??
      details.data?.authentication_url ??
      AUTHENTICATION_URL_PLACEHOLDER,
    accessToken: revealed?.access_token ?? null,
    clientId: revealed?.client_id ?? details.data?.client_id ?? null,
    clientSecret: revealed?.client_secret ?? null,
  };
  const info = SNIPPET_LANGUAGE_INFO[language];
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>SDKs & API</Title>
        <Text c="dimmed">
          Connect to {service.label ?? service.serviceName} with MQTT: over WebSocket at{' '}
          {service.endpoints.websocketUrl}, or over TCP at{' '}
          {mqttTcpAddress(service.endpoints) ??
            `${service.endpoints.mqttHost} (${PORT_PENDING_TEXT.toLowerCase()})`}
          . The username is <code>token</code> and the password is an access token.
        </Text>
      </Stack>
      {canRevealCredentials ? (
        <Group>
          <Button
            onClick={() => reveal.mutate()}
            loading={reveal.isPending}
            disabled={revealed !== undefined}
          >
            Fill in my credentials
          </Button>
          {revealed !== undefined && (
            <Text size="sm" c="dimmed">
              The snippets hold your credentials and an access token valid for a day. Keep them
              secret.
            </Text>
          )}
        </Group>
      ) : (
        <Alert variant="light" color="gray">
          The snippets show placeholders: an Admin or Owner of the organisation can fill in the
          credentials.
        </Alert>
      )}
      <Tabs
        value={language}
        onChange={(next) => {
          if (next !== null) void navigate(`/service/${service.serviceId}/sdk-api/${next}`);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Languages">
          {SNIPPET_LANGUAGES.map((item) => (
            <Tabs.Tab key={item} value={item}>
              {SNIPPET_LANGUAGE_INFO[item].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={language} pt="md">
          <Stack gap="md">
            <Text size="sm">
              {info.intro}
              {info.install !== null && (
                <>
                  {' '}
                  Install: <code>{info.install}</code>
                </>
              )}
            </Text>
            {language === 'mosquitto' && (
              <SnippetBlock
                title="Mosquitto subscribe snippet (run first, in another terminal)"
                code={mosquittoSubSnippet(input)}
                testId="snippet-mosquitto-sub"
              />
            )}
            <SnippetBlock
              title={`${info.label} snippet`}
              code={snippetFor(language, input)}
              testId={`snippet-${language}`}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
