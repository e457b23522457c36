import { Button, useComputedColorScheme } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showToast } from '../../../lib/ui/toast';
import { useRemoveTopicsMutation } from '../api/topic-mutations';
import { DisabledEditButton } from './disabled-edit-button';

/** The selector of exactly one topic (DATA-PLANE "Topic selectors": `>path`, no descendants). */
export function singleTopicSelector(path: string): string {
  return `>${path}`;
}

/** Removes one topic, after asking; the topics below it stay. */
export function RemoveTopicButton({
  serviceId,
  path,
  canEdit,
  onRemoved,
}: {
  serviceId: string;
  path: string;
  canEdit: boolean;
  onRemoved?: (path: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const mutation = useRemoveTopicsMutation(serviceId);
  // red.9 on a dark card is 2.5:1 (axe, issue 25 item 17's dark screenshots); red.4 there passes 4.5:1.
  const danger = useComputedColorScheme('light') === 'dark' ? 'red.4' : 'red.9';

  if (!canEdit) return <DisabledEditButton label="Remove topic" color={danger} variant="outline" />;

  const handleConfirm = () => {
    // The promise, not mutate's callbacks: those are dropped when this button unmounts first, as it does when the
    // removal arrives over the live session and the details refetch the topic (404) before the answer. A failure
    // is told by the app's mutation cache (the hook's meta.context).
    mutation.mutateAsync(singleTopicSelector(path)).then(
      ({ removed }) => {
        setOpened(false);
        showToast(
          removed === 0
            ? {
                variant: 'warning',
                title: 'Nothing removed',
                message: `Topic ${path} was already gone.`,
              }
            : { variant: 'success', message: `Topic ${path} removed.` },
        );
        onRemoved?.(path);
      },
      () => undefined,
    );
  };

  return (
    <>
      <Button color={danger} variant="outline" onClick={() => setOpened(true)}>
        Remove topic
      </Button>
      <ConfirmModal
        opened={opened}
        title="Remove this topic?"
        message={`The topic ${path} and its value are removed for every client. Topics below it stay. This cannot be undone.`}
        confirmLabel="Remove topic"
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
