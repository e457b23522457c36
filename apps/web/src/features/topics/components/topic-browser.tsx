import { Card, Grid, Group, Tabs, Text } from '@mantine/core';
import type { Service } from '@herald/contract/services/service.schema';
import { useCallback, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { LiveSession } from '../hooks/live-session';
import { useLiveSubscriptions, useLiveValueStore } from '../hooks/use-live-subscriptions';
import { topicBrowserUrl, topicPathFromSplat } from '../utils/topic-url';
import { AddTopicButton } from './add-topic-button';
import { RemoveBySelectorButton } from './remove-by-selector-button';
import { TopicDetails } from './topic-details';
import { TopicSearch } from './topic-search';
import { TopicTree } from './topic-tree';

export interface TopicBrowserProps {
  service: Service;
  canEdit: boolean;
  /** The dashboard's messaging session (null while there is none): live values of what is in view. */
  session: LiveSession | null;
  /** Shown in place of the tree when the service has no topic yet. */
  emptyState: ReactNode;
  /** Actions in the header row beside the tabs (connection state, remove by selector). */
  headerActions?: ReactNode;
}

/**
 * The tree and the selected topic side by side (stacked on a phone). The URL after `topics/` is the selected path,
 * so selecting navigates and a bookmark reopens the same topic. Live values flow for the rows in view and the
 * selected topic only.
 */
export function TopicBrowser({
  service,
  canEdit,
  session,
  emptyState,
  headerActions,
}: TopicBrowserProps) {
  const { serviceId } = service;
  const selectedPath = topicPathFromSplat(useParams()['*']);
  const navigate = useNavigate();
  const store = useLiveValueStore();
  const [visiblePaths, setVisiblePaths] = useState<string[]>([]);
  const [tab, setTab] = useState<string | null>('browse');

  const select = useCallback(
    (path: string) => void navigate(topicBrowserUrl(serviceId, path)),
    [navigate, serviceId],
  );
  useLiveSubscriptions(
    session,
    selectedPath === '' ? visiblePaths : [...visiblePaths, selectedPath],
    store,
  );

  return (
    <Tabs
      value={tab}
      onChange={(next) => {
        setTab(next);
        // The tree is not mounted on the Search tab: its rows are no longer in view.
        if (next !== 'browse') setVisiblePaths([]);
      }}
      keepMounted={false}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="md">
        <Tabs.List>
          <Tabs.Tab value="browse">Browse</Tabs.Tab>
          <Tabs.Tab value="search">Search</Tabs.Tab>
        </Tabs.List>
        <Group gap="xs" wrap="wrap">
          {headerActions}
          <RemoveBySelectorButton serviceId={serviceId} canEdit={canEdit} />
          <AddTopicButton
            serviceId={serviceId}
            parentPath={selectedPath}
            canEdit={canEdit}
            onCreated={select}
          />
        </Group>
      </Group>
      <Tabs.Panel value="browse">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TopicTree
              serviceId={serviceId}
              selectedPath={selectedPath}
              onSelect={select}
              store={store}
              onVisiblePathsChange={setVisiblePaths}
              emptyState={emptyState}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <TopicDetails
              serviceId={serviceId}
              path={selectedPath}
              store={store}
              canEdit={canEdit}
              onSelect={select}
            />
          </Grid.Col>
        </Grid>
      </Tabs.Panel>
      <Tabs.Panel value="search">
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed" mb="sm">
            Find topics by MQTT filter, words or selector; pick one to open it in the tree.
          </Text>
          <TopicSearch
            serviceId={serviceId}
            onSelect={(path) => {
              setTab('browse');
              select(path);
            }}
          />
        </Card>
      </Tabs.Panel>
    </Tabs>
  );
}
