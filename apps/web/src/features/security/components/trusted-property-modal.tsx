import {
  PROPERTY_NAME_PATTERN,
  trustedPropertyRuleSchema,
  type TrustedPropertyRule,
} from '@herald/contract/security/security.schema';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { readOnlyInputProps } from '../../../components/read-only-input';

export interface TrustedPropertyDraft {
  name: string;
  rule: TrustedPropertyRule;
}

export interface TrustedPropertyModalProps {
  /** The property being edited, a new one ({name: ''}), or null when closed. */
  editing: TrustedPropertyDraft | null;
  /** Names already trusted (a new property may not take one). */
  existingNames: readonly string[];
  onClose: () => void;
  onReview: (draft: TrustedPropertyDraft) => void;
}

/** Add or edit one trusted property: its name and the rule a proposed value must meet. */
export function TrustedPropertyModal({
  editing,
  existingNames,
  onClose,
  onReview,
}: TrustedPropertyModalProps) {
  const isNew = editing?.name === '';
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={isNew ? 'Trust a property' : `Edit "${editing?.name ?? ''}"`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {editing !== null && (
        <PropertyForm
          key={editing.name}
          draft={editing}
          isNew={isNew}
          existingNames={existingNames}
          onCancel={onClose}
          onReview={onReview}
        />
      )}
    </Modal>
  );
}

function PropertyForm({
  draft,
  isNew,
  existingNames,
  onCancel,
  onReview,
}: {
  draft: TrustedPropertyDraft;
  isNew: boolean;
  existingNames: readonly string[];
  onCancel: () => void;
  onReview: (draft: TrustedPropertyDraft) => void;
}) {
  const [name, setName] = useState(draft.name);
  const [type, setType] = useState<TrustedPropertyRule['type']>(draft.rule.type);
  const [values, setValues] = useState<string[]>(
    draft.rule.type === 'values' ? draft.rule.values : [],
  );
  const [regex, setRegex] = useState(draft.rule.type === 'regex' ? draft.rule.regex : '');
  const [errors, setErrors] = useState<{ name?: string; rule?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const found: { name?: string; rule?: string } = {};
    if (isNew) {
      if (!PROPERTY_NAME_PATTERN.test(trimmed)) {
        found.name = 'A property name is a letter, then up to 63 letters, digits, "_" or "-"';
      } else if (existingNames.includes(trimmed)) {
        found.name = `"${trimmed}" is already trusted: edit it instead`;
      }
    }
    const rule = trustedPropertyRuleSchema.safeParse(
      type === 'values' ? { type, values } : { type, regex },
    );
    if (!rule.success) {
      const issue = rule.error.issues[0];
      found.rule =
        type === 'values'
          ? 'Give at least one value (up to 100, each up to 256 characters)'
          : issue?.code === 'too_small'
            ? 'Give a regular expression'
            : 'A regular expression is up to 256 characters';
    }
    setErrors(found);
    if (found.name === undefined && found.rule === undefined && rule.success) {
      onReview({ name: trimmed, rule: rule.data });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Property name"
          description="As clients propose it, e.g. Department"
          required
          {...readOnlyInputProps(!isNew)}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus={isNew || undefined}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="trusted-rule-label">
            A proposed value is kept when it is
          </Text>
          <SegmentedControl
            aria-labelledby="trusted-rule-label"
            value={type}
            onChange={(next) => setType(next as TrustedPropertyRule['type'])}
            data={[
              { value: 'values', label: 'One of these values' },
              { value: 'regex', label: 'Matched by a regex' },
            ]}
          />
        </Stack>
        {type === 'values' ? (
          <TagsInput
            label="Allowed values"
            description="Press Enter after each value"
            value={values}
            onChange={setValues}
            error={errors.rule}
            clearable
          />
        ) : (
          <TextInput
            label="Regular expression"
            description="The whole value must match; no look-arounds or back-references"
            value={regex}
            onChange={(event) => setRegex(event.currentTarget.value)}
            error={errors.rule}
            ff="monospace"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Review</Button>
        </Group>
      </Stack>
    </form>
  );
}
