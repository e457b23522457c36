import { Button, Modal } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { AddTopicForm } from './add-topic-form';
import { DisabledEditButton } from './disabled-edit-button';

/**
 * "Add topic": opens the add dialog with the path prefilled as the selected branch plus '/'. A User sees the button
 * disabled with the reason.
 */
export function AddTopicButton({
  serviceId,
  parentPath,
  canEdit,
  onCreated,
}: {
  serviceId: string;
  /** The selected branch ('' at the root). */
  parentPath: string;
  canEdit: boolean;
  onCreated?: (path: string) => void;
}) {
  const [opened, setOpened] = useState(false);

  if (!canEdit) {
    return <DisabledEditButton label="Add topic" />;
  }

  return (
    <>
      <Button onClick={() => setOpened(true)}>Add topic</Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Add a topic"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && (
          <AddTopicForm
            serviceId={serviceId}
            initialPath={parentPath === '' ? '' : `${parentPath}/`}
            onCancel={() => setOpened(false)}
            onCreated={(path) => {
              setOpened(false);
              showToast({ variant: 'success', message: `Topic ${path} added.` });
              onCreated?.(path);
            }}
          />
        )}
      </Modal>
    </>
  );
}
