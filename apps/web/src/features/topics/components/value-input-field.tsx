import { Button, Group, Text, Textarea, TextInput } from '@mantine/core';
import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { VALUE_INPUT_EXAMPLES, valueTypeOf } from '@herald/contract/topics/value-input';
import type { JsonSyntaxError } from '@herald/contract/topics/json-syntax';
import { useRef } from 'react';

export interface ValueInputFieldProps {
  type: TopicType;
  properties: TopicProperties;
  label: string;
  value: string;
  onChange: (text: string) => void;
  error?: string | undefined;
  /** Set for a JSON syntax error: offers to put the caret where the error is. */
  syntaxError?: JsonSyntaxError | undefined;
  description?: string;
}

/**
 * The text a topic value is typed as: for JSON (and JSON time series) a monospace editor whose syntax error, with
 * its line and column, shows under it as you type; one line for the other types, with an example of the format.
 */
export function ValueInputField({
  type,
  properties,
  label,
  value,
  onChange,
  error,
  syntaxError,
  description,
}: ValueInputFieldProps) {
  const valueType = valueTypeOf(type, properties);
  const editorRef = useRef<HTMLTextAreaElement>(null);

  const goToError = () => {
    const editor = editorRef.current;
    if (!editor || !syntaxError) return;
    editor.focus();
    editor.setSelectionRange(syntaxError.offset, syntaxError.offset + 1);
  };

  if (valueType === 'JSON') {
    return (
      <div>
        <Textarea
          ref={editorRef}
          label={label}
          description={description}
          placeholder={VALUE_INPUT_EXAMPLES.JSON}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          rows={8}
          resize="vertical"
          spellCheck={false}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {syntaxError && (
          <Group mt={4}>
            <Button size="compact-xs" variant="subtle" onClick={goToError}>
              Go to line {syntaxError.line}, column {syntaxError.column}
            </Button>
          </Group>
        )}
      </div>
    );
  }

  return (
    <div>
      <TextInput
        label={label}
        description={description}
        placeholder={VALUE_INPUT_EXAMPLES[valueType]}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        spellCheck={false}
        autoComplete="off"
        inputMode={valueType === 'INT64' || valueType === 'DOUBLE' ? 'decimal' : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {valueType === 'BINARY' && (
        <Text size="xs" c="dimmed" mt={4}>
          Binary values are typed as base64.
        </Text>
      )}
    </div>
  );
}
