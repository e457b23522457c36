import {
  GLOBAL_PERMISSION_WORDS,
  PATH_PERMISSION_WORDS,
} from '@herald/contract/security/permissions';
import type { Explanation } from '@herald/contract/security/security.schema';
import { Card, List, Stack, Table, Text, Title } from '@mantine/core';
import classes from '../../../components/stacked-table.module.css';
import { ExplainDecision } from './explain-decision';
import { pathSourceWords, roleChainWords, TARGET_KIND_WORDS } from './explain-words';

const permissionList = (permissions: readonly string[]) =>
  permissions.length === 0
    ? 'none'
    : permissions
        .map(
          (permission) =>
            PATH_PERMISSION_WORDS[permission as keyof typeof PATH_PERMISSION_WORDS]?.label ??
            permission,
        )
        .join(', ');

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The runtime's answer, part by part: outcomes first (what people ask), then why. */
export function ExplainResult({ explanation }: { explanation: Explanation }) {
  const { subject, target, mqtt, prefixPermissions } = explanation;
  const isPath = target.kind === 'path';
  const prefixWords = target.prefix === '' ? 'the root' : `"${target.prefix}"`;
  return (
    <Stack gap="md" data-testid="explanation">
      <Section
        title={`What ${subject.label} can do on ${TARGET_KIND_WORDS[target.kind]} "${target.text}"`}
      >
        <ExplainDecision label="Can connect" decision={subject.canConnect} />
        <ExplainDecision label="Can subscribe" decision={mqtt.canSubscribe} />
        <ExplainDecision label="Receives values" decision={mqtt.receivesValues} />
        <ExplainDecision label="Can publish" decision={mqtt.canPublish} />
        <ExplainDecision label="Can create" decision={mqtt.canCreate} />
        {!isPath && (
          <Text size="sm">
            A subscription is decided on the {TARGET_KIND_WORDS[target.kind]}&apos;s literal prefix,{' '}
            {prefixWords}.
          </Text>
        )}
      </Section>

      <Section title="Roles held">
        {explanation.roles.length === 0 ? (
          <Text size="sm">No roles: such a session may do nothing.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {explanation.roles.map((role) => (
              <List.Item key={role.name}>
                <Text span fw={600}>
                  {role.name}
                </Text>{' '}
                — {roleChainWords(role, subject.roleOrigins)}
                {!role.exists && ' (no such role: it grants nothing)'}
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title="Global permissions">
        {explanation.globalPermissions.length === 0 ? (
          <Text size="sm">None.</Text>
        ) : (
          <List size="sm" spacing={4}>
            {explanation.globalPermissions.map(({ permission, grantedBy }) => (
              <List.Item key={permission}>
                <Text span fw={600}>
                  {GLOBAL_PERMISSION_WORDS[permission].label}
                </Text>{' '}
                — granted by {grantedBy.join(', ')}
              </List.Item>
            ))}
          </List>
        )}
      </Section>

      <Section title={`Path permissions on ${prefixWords}`}>
        <Text size="sm">
          Together:{' '}
          <Text span fw={600}>
            {permissionList(prefixPermissions.permissions)}
          </Text>
          .
        </Text>
        {prefixPermissions.sources.length > 0 && (
          <Table.ScrollContainer minWidth={560} className={classes.scroll}>
            <Table className={classes.table} aria-label="Path permissions by role">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Permissions</Table.Th>
                  <Table.Th>Where they come from</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {prefixPermissions.sources.map((source) => (
                  <Table.Tr key={source.role}>
                    <Table.Td data-label="Role" fw={600}>
                      {source.role}
                      {source.via.length > 0 && (
                        <Text span size="xs">
                          {' '}
                          (included by {source.via.at(-1)})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label="Permissions">
                      {permissionList(source.permissions)}
                    </Table.Td>
                    <Table.Td data-label="From">
                      {pathSourceWords(source, prefixPermissions.path)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>

      {!isPath && (
        <Section title="Matching topics">
          {explanation.matchingTopicCount === 0 ? (
            <Text size="sm">No existing topic matches.</Text>
          ) : (
            <>
              <Text size="sm">
                {explanation.matchingTopics.length < explanation.matchingTopicCount
                  ? `The first ${explanation.matchingTopics.length} of ${explanation.matchingTopicCount} matching topics.`
                  : `${explanation.matchingTopicCount} matching ${explanation.matchingTopicCount === 1 ? 'topic' : 'topics'}.`}
              </Text>
              <Table.ScrollContainer minWidth={480} className={classes.scroll}>
                <Table className={classes.table} aria-label="Matching topics">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Topic</Table.Th>
                      <Table.Th>Receives values</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {explanation.matchingTopics.map((topic) => (
                      <Table.Tr key={topic.path}>
                        <Table.Td data-label="Topic" style={{ overflowWrap: 'anywhere' }}>
                          {topic.path}
                        </Table.Td>
                        <Table.Td data-label="Receives">
                          <Text span size="sm" fw={600}>
                            {topic.receives.allowed ? 'Yes' : 'No'}
                          </Text>{' '}
                          <Text span size="sm">
                            — {topic.receives.reason}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Section>
      )}
    </Stack>
  );
}
