import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { RestAdapterState } from '@herald/contract/rest-adapters/rest-adapter-state';
import type { RestApi } from '@herald/contract/rest-adapters/rest-api.schema';
import { endpointStatusWords } from '@herald/contract/rest-adapters/rest-status-words';
import { Link } from 'react-router';
import classes from '../../../components/stacked-table.module.css';
import { EndpointStatus } from './rest-status';

/**
 * The service's REST APIs (issue 28 item 5): label, base URL, number of endpoints and each endpoint's last poll in
 * words; stacked rows on a phone (stacked-table.module.css).
 */
export function RestApisTable({
  serviceId,
  apis,
  state,
  now,
}: {
  serviceId: string;
  apis: readonly RestApi[];
  state: RestAdapterState | undefined;
  now: number;
}) {
  return (
    <Table.ScrollContainer minWidth={800} className={classes.scroll}>
      <Table verticalSpacing="sm" className={classes.table} aria-label="REST APIs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>API</Table.Th>
            <Table.Th>Base URL</Table.Th>
            <Table.Th>Endpoints</Table.Th>
            <Table.Th>Last polls</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apis.map((api) => (
            <Table.Tr key={api.id} data-api-id={api.id}>
              <Table.Td data-label="API">
                <Anchor
                  component={Link}
                  to={`/service/${serviceId}/rest/${encodeURIComponent(api.id)}`}
                  fw={600}
                  underline="always"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {api.label}
                </Anchor>
              </Table.Td>
              <Table.Td data-label="Base URL">
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {api.baseUrl}
                </Text>
              </Table.Td>
              <Table.Td data-label="Endpoints">
                <Text size="sm">{api.endpoints.length}</Text>
              </Table.Td>
              <Table.Td data-label="Last polls">
                {api.endpoints.length === 0 ? (
                  <Text size="sm" c="dimmed" component="span">
                    No endpoint yet
                  </Text>
                ) : (
                  <Stack
                    gap={4}
                    component="ul"
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {api.endpoints.map((endpoint) => (
                      <li key={endpoint.id} data-endpoint-id={endpoint.id}>
                        <Text
                          size="xs"
                          ff="monospace"
                          c="dimmed"
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {endpoint.path}
                        </Text>
                        <EndpointStatus
                          status={endpointStatusWords(
                            state?.endpoints.find(
                              (item) => item.apiId === api.id && item.endpointId === endpoint.id,
                            ),
                            now,
                          )}
                        />
                      </li>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
