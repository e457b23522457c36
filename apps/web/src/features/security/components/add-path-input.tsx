import { Button, Group, TextInput } from '@mantine/core';
import { securityPathSchema } from '@herald/contract/security/security.schema';
import { useState } from 'react';

/** Checks a path to add: the contract's path rule, and not one already there. */
export function checkNewPath(
  path: string,
  existing: readonly string[],
  alreadyThere: string,
): string | undefined {
  const parsed = securityPathSchema.safeParse(path);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Not a topic path';
  if (existing.includes(path)) return `${path} ${alreadyThere}`;
  return undefined;
}

export interface AddPathInputProps {
  label: string;
  placeholder: string;
  buttonLabel: string;
  /** The paths already listed: adding one again is refused. */
  existing: readonly string[];
  /** The end of the refusal for a path already listed ("is already isolated"). */
  alreadyThere: string;
  onAdd: (path: string) => void;
}

/** A topic path to add to a list (Enter or the button), checked before it is added; the input empties once added. */
export function AddPathInput({
  label,
  placeholder,
  buttonLabel,
  existing,
  alreadyThere,
  onAdd,
}: AddPathInputProps) {
  const [newPath, setNewPath] = useState('');
  const [newPathError, setNewPathError] = useState<string>();
  const handleAdd = () => {
    const path = newPath.trim();
    const problem = checkNewPath(path, existing, alreadyThere);
    setNewPathError(problem);
    if (problem !== undefined) return;
    onAdd(path);
    setNewPath('');
  };
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        placeholder={placeholder}
        value={newPath}
        onChange={(event) => {
          setNewPath(event.currentTarget.value);
          setNewPathError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            handleAdd();
          }
        }}
        error={newPathError}
        spellCheck={false}
        autoComplete="off"
        style={{ flex: 1, maxWidth: 360 }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Button variant="default" mt={25} onClick={handleAdd}>
        {buttonLabel}
      </Button>
    </Group>
  );
}
