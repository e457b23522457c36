import { EXPLAIN_SUBJECT_PATTERN } from '@herald/contract/security/security.schema';
import { Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/query-states';
import { isApiError } from '../../../lib/api/api-error';
import { useAuthentication, useExplain } from '../api/authentication-queries';
import { ExplainResult } from './explain-result';
import { FIXED_SUBJECTS } from './explain-words';
import { TableSkeleton } from './principals-skeleton';

/** Typing settles for this long before the runtime is asked (one call per pause, not per keystroke). */
const TYPING_PAUSE_MS = 300;

/** The explainer's subject choices: every principal, then the other kinds of session. */
function subjectOptions(principalNames: readonly string[], current: string | null) {
  const principals = principalNames.map((name) => ({ value: `principal:${name}`, label: name }));
  // A linked principal that is not (or no longer) in the store stays pickable: the answer says it cannot connect.
  if (current?.startsWith('principal:') && !principals.some((option) => option.value === current)) {
    principals.push({ value: current, label: current.slice('principal:'.length) });
  }
  return [
    { group: 'Principals', items: principals },
    { group: 'Other sessions', items: [...FIXED_SUBJECTS] },
  ];
}

/** The target's problem as the runtime put it (a 400 names the field), for under the field; null otherwise. */
function targetError(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 400) return null;
  return error.issues?.[0]?.message ?? error.serverMessage;
}

/**
 * Roles → Explain access (issue 11 item 6): pick who and type where; the runtime answers with the same functions it
 * enforces with, so what this shows is what an MQTT client of that kind meets. `?subject=` and `?target=` make each
 * answer linkable.
 */
export function ExplainAccessPage({ serviceId }: { serviceId: string }) {
  useDocumentTitle('Explain access · Roles · Herald Cloud');
  const [searchParams, setSearchParams] = useSearchParams();
  const subjectParam = searchParams.get('subject');
  // An Owner's dashboard session is an Admin's (both ADMINISTRATOR): a linked `member:Owner` shows that choice.
  const subject =
    subjectParam === 'member:Owner'
      ? 'member:Admin'
      : subjectParam !== null && EXPLAIN_SUBJECT_PATTERN.test(subjectParam)
        ? subjectParam
        : null;
  const [target, setTarget] = useState(searchParams.get('target') ?? '');
  const [settledTarget] = useDebouncedValue(target.trim(), TYPING_PAUSE_MS);
  const authentication = useAuthentication(serviceId);

  // The settled target goes into the address (replacing the entry: typing is not navigation).
  useEffect(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settledTarget === '') next.delete('target');
        else next.set('target', settledTarget);
        return next;
      },
      { replace: true },
    );
  }, [settledTarget, setSearchParams]);

  const query =
    subject !== null && settledTarget !== '' ? { subject, target: settledTarget } : null;
  const explanation = useExplain(serviceId, query);
  const fieldError = explanation.isError ? targetError(explanation.error) : null;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          Explain access
        </Title>
        <Text size="sm" maw={720}>
          Pick a kind of session and type a topic path, an MQTT filter (such as sensors/+/temp or #)
          or a topic selector (such as ?sensors/.*): the service answers what such a session can do
          there, and why.
        </Text>
      </Stack>
      <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label="Who"
          placeholder={authentication.isPending ? 'Loading principals' : 'Pick a session'}
          data={subjectOptions(
            authentication.data?.principals.map((principal) => principal.name) ?? [],
            subject,
          )}
          value={subject}
          onChange={(value) =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (value === null) next.delete('subject');
                else next.set('subject', value);
                return next;
              },
              { replace: true },
            )
          }
          searchable
          miw={240}
        />
        <TextInput
          label="Where"
          placeholder="sensors/room1/temp"
          value={target}
          onChange={(event) => setTarget(event.currentTarget.value)}
          error={fieldError}
          autoComplete="off"
          spellCheck={false}
          miw={240}
        />
      </Group>
      {authentication.isError && (
        <Text size="sm">
          The principals could not be listed; the other sessions can still be explained.
        </Text>
      )}
      {query === null ? (
        <Text size="sm" data-testid="explain-prompt">
          {subject === null ? 'Pick who the session is.' : 'Type a topic path, filter or selector.'}
        </Text>
      ) : explanation.isPending ? (
        <TableSkeleton label="Asking the service" rows={5} />
      ) : explanation.isError ? (
        fieldError === null && (
          <LoadFailed
            title="The service could not explain this"
            error={explanation.error}
            onRetry={() => explanation.refetch()}
          />
        )
      ) : (
        <ExplainResult explanation={explanation.data} />
      )}
    </Stack>
  );
}
