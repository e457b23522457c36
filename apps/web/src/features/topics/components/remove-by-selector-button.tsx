import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { parseTopicSelector } from '@herald/contract/topics/topic-selector';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { SelectorPlayground } from '../../../components/selector-playground';
import { inlineErrorText } from '../../../lib/api/error-text';
import { showToast } from '../../../lib/ui/toast';
import { useRemoveTopicsMutation } from '../api/topic-mutations';
import { topicCountQuery } from '../api/topic-queries';
import { topicSelectorSource } from '../api/topic-selector-source';
import { DisabledEditButton } from './disabled-edit-button';

const countFormat = new Intl.NumberFormat('en-US');

export function topicsText(count: number): string {
  return count === 1 ? '1 topic' : `${countFormat.format(count)} topics`;
}

type Step = { kind: 'choose' } | { kind: 'confirm'; selector: string; count: number };

/**
 * Remove by selector: type a selector (with the playground to see what it matches), then a confirmation that names
 * the selector and says exactly how many topics will go, counted afresh when asked; the toast says how many went.
 */
export function RemoveBySelectorButton({
  serviceId,
  canEdit,
}: {
  serviceId: string;
  canEdit: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [selector, setSelector] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [counting, setCounting] = useState(false);
  const [countError, setCountError] = useState<string>();
  const queryClient = useQueryClient();
  const mutation = useRemoveTopicsMutation(serviceId);
  const source = useMemo(() => topicSelectorSource(serviceId), [serviceId]);

  if (!canEdit) return <DisabledEditButton label="Remove by selector" variant="default" />;

  const trimmed = selector.trim();
  const isValid = trimmed !== '' && parseTopicSelector(trimmed).ok;

  const close = () => {
    setOpened(false);
    setStep({ kind: 'choose' });
    setCountError(undefined);
  };

  // The count in the confirmation is fetched now, not taken from the playground's cache.
  const handleReview = async () => {
    setCounting(true);
    setCountError(undefined);
    try {
      const { count } = await queryClient.fetchQuery({
        ...topicCountQuery(serviceId, trimmed),
        staleTime: 0,
      });
      setStep({ kind: 'confirm', selector: trimmed, count });
    } catch (error) {
      setCountError(inlineErrorText(error));
    } finally {
      setCounting(false);
    }
  };

  const handleRemove = (chosen: string) => {
    mutation.mutate(chosen, {
      onSuccess: ({ removed }) => {
        close();
        setSelector('');
        showToast({ variant: 'success', message: `${topicsText(removed)} removed.` });
      },
    });
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Remove by selector
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={step.kind === 'choose' ? 'Remove topics by selector' : 'Remove these topics?'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {step.kind === 'choose' ? (
          <Stack gap="md">
            <SelectorPlayground
              {...source}
              value={selector}
              onChange={setSelector}
              data-autofocus
            />
            {countError !== undefined && (
              <Alert color="red" variant="light" role="alert" title="Could not count the topics">
                {countError}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color="red.9"
                disabled={!isValid}
                loading={counting}
                onClick={() => void handleReview()}
              >
                Remove matching topics…
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            {step.count === 0 ? (
              <Text size="sm">
                No topic matches <Code>{step.selector}</Code>: there is nothing to remove.
              </Text>
            ) : (
              <Text size="sm" data-testid="remove-by-selector-confirmation">
                {topicsText(step.count)} matching <Code>{step.selector}</Code> will be removed, with
                their values, for every client. This cannot be undone.
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setStep({ kind: 'choose' })}>
                Back
              </Button>
              {step.count > 0 && (
                <Button
                  color="red.9"
                  loading={mutation.isPending}
                  onClick={() => handleRemove(step.selector)}
                >
                  Remove {topicsText(step.count)}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
