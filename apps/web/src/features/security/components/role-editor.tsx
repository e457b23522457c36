import { Alert, Button, Group, MultiSelect, Stack, TextInput, Textarea } from '@mantine/core';
import {
  GLOBAL_PERMISSIONS,
  GLOBAL_PERMISSION_WORDS,
  PATH_PERMISSIONS,
  PATH_PERMISSION_WORDS,
} from '@herald/contract/security/permissions';
import { checkRoleSave } from '@herald/contract/security/role-rules';
import { describeRoleChange } from '@herald/contract/security/security-change';
import {
  roleNameSchema,
  type Role,
  type SecurityStore,
} from '@herald/contract/security/security.schema';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { showToast } from '../../../lib/ui/toast';
import { usePutRoleMutation } from '../api/security-queries';
import { formValuesToDefinition, formValuesToInput, type RoleFormValues } from '../utils/role-form';
import { ChangeReviewModal } from './change-review';
import { PathPermissionsMatrix } from './path-permissions-matrix';
import { PermissionCheckboxes } from './permission-checkboxes';
import { APPLIES_AT_ONCE, disconnectedText } from './security-write-words';

export interface RoleEditorProps {
  serviceId: string;
  store: SecurityStore;
  /** The role as stored; null when creating. */
  role: Role | null;
  initialValues: RoleFormValues;
  readOnly: boolean;
  onSaved: (name: string) => void;
  onCancel?: () => void;
}

type Errors = Partial<
  Record<'name' | 'description' | 'includedRoles' | 'lockingPrincipal' | 'paths', string>
>;

/** Checks the form with the contract's rules, so the user sees what the runtime would refuse before sending. */
function validate(values: RoleFormValues, store: SecurityStore, isNew: boolean): Errors {
  const errors: Errors = {};
  const name = values.name.trim();
  if (isNew) {
    const parsed = roleNameSchema.safeParse(name);
    if (!parsed.success) errors.name = parsed.error.issues[0]?.message;
    else if (store.roles.some((role) => role.name === name))
      errors.name = `A role named ${name} already exists`;
  }
  const check = checkRoleSave(store.roles, formValuesToDefinition(values));
  if (!check.ok) {
    if (check.field === 'roleName') errors.name ??= check.message;
    else errors.includedRoles = check.message;
  }
  if (values.description.trim().length > 500) errors.description = 'At most 500 characters';
  return errors;
}

/** Maps the server's issues onto the editor's fields (pathPermissions.<path> → the matrix). */
function serverErrors(error: unknown): Errors {
  const fields = isApiError(error) ? issuesToFieldErrors(error.issues) : {};
  const errors: Errors = {};
  for (const [field, message] of Object.entries(fields)) {
    if (field.startsWith('pathPermissions')) errors.paths ??= message;
    else if (field === 'roleName') errors.name = message;
    else if (field === 'description' || field === 'includedRoles' || field === 'lockingPrincipal')
      errors[field] = message;
  }
  return errors;
}

/**
 * A role's form (also the create form): description, global permissions, default path permissions, the path
 * matrix, included roles and the locking principal. Save shows the exact changes first, then sends the whole role.
 */
export function RoleEditor({
  serviceId,
  store,
  role,
  initialValues,
  readOnly,
  onSaved,
  onCancel,
}: RoleEditorProps) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Errors>({});
  const [changes, setChanges] = useState<string[] | null>(null);
  const mutation = usePutRoleMutation(serviceId);
  const isNew = role === null;
  const set = <K extends keyof RoleFormValues>(key: K, value: RoleFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
  };

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate(values, store, isNew);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const after = {
      ...formValuesToDefinition(values),
      description: values.description.trim() || null,
    };
    setChanges(describeRoleChange(role, after, store.isolatedPaths));
  };

  const handleConfirm = () => {
    const name = values.name.trim();
    mutation.mutate(
      { name, body: formValuesToInput(values) },
      {
        onSuccess: (saved) => {
          setChanges(null);
          showToast({
            variant: 'success',
            title: saved.created ? 'Role created' : 'Role saved',
            message: `${name} is saved and applies at once.`,
            detail: disconnectedText(saved.disconnected),
          });
          onSaved(name);
        },
        onError: (error) => {
          setChanges(null);
          const fieldErrors = serverErrors(error);
          setErrors(fieldErrors);
          if (Object.keys(fieldErrors).length === 0)
            showToast({
              variant: 'danger',
              message: 'The role was not saved',
              detail: inlineErrorText(error),
            });
        },
      },
    );
  };

  const otherRoles = store.roles
    .map((candidate) => candidate.name)
    .filter((name) => name !== values.name.trim());
  const lockingPrincipal = values.lockingPrincipal.trim();

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={isNew ? 'Create a role' : `Role ${role.name}`}
    >
      <Stack gap="lg">
        {isNew && (
          <TextInput
            label="Name"
            description='Letters, digits, "_", "-" or "."; it cannot be changed later'
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={errors.name}
            required
            data-autofocus
            spellCheck={false}
            autoComplete="off"
            maw={420}
          />
        )}
        {!isNew && errors.name !== undefined && (
          <Alert color="red" variant="light" role="alert">
            {errors.name}
          </Alert>
        )}
        <Textarea
          label="Description"
          value={values.description}
          onChange={(event) => set('description', event.currentTarget.value)}
          error={errors.description}
          readOnly={readOnly}
          rows={2}
          maw={640}
        />
        <PermissionCheckboxes
          label="Global permissions"
          description="What the role may do on the service as a whole."
          permissions={GLOBAL_PERMISSIONS}
          words={GLOBAL_PERMISSION_WORDS}
          value={values.globalPermissions}
          onChange={(next) => set('globalPermissions', next)}
          readOnly={readOnly}
        />
        <PermissionCheckboxes
          label="Default path permissions"
          description="What the role may do on every path that has no permissions of its own below."
          permissions={PATH_PERMISSIONS}
          words={PATH_PERMISSION_WORDS}
          value={values.defaultPathPermissions}
          onChange={(next) => set('defaultPathPermissions', next)}
          readOnly={readOnly}
        />
        <PathPermissionsMatrix
          rows={values.pathRows}
          onChange={(rows) => set('pathRows', rows)}
          readOnly={readOnly}
          error={errors.paths}
        />
        <MultiSelect
          label="Included roles"
          description="The role also grants everything these roles grant."
          data={otherRoles}
          value={values.includedRoles}
          onChange={(next) => set('includedRoles', next)}
          error={errors.includedRoles}
          readOnly={readOnly}
          disabled={readOnly}
          searchable
          clearable={!readOnly}
          maw={640}
        />
        <Stack gap={6} maw={640}>
          <TextInput
            label="Locking principal (optional)"
            description="Only sessions of this principal may change or remove the role."
            value={values.lockingPrincipal}
            onChange={(event) => set('lockingPrincipal', event.currentTarget.value)}
            error={errors.lockingPrincipal}
            readOnly={readOnly}
            spellCheck={false}
            autoComplete="off"
          />
          {!readOnly && lockingPrincipal !== '' && (
            <Alert color="yellow" variant="light">
              Once saved, the dashboard can no longer change or remove this role: only a session of{' '}
              {lockingPrincipal} can.
            </Alert>
          )}
        </Stack>
        {!readOnly && (
          <Group justify="flex-end">
            {onCancel !== undefined && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit">{isNew ? 'Create role' : 'Save role'}</Button>
          </Group>
        )}
      </Stack>
      <ChangeReviewModal
        opened={changes !== null}
        title={isNew ? 'Create the role?' : 'Save the role?'}
        lines={changes ?? []}
        warning={APPLIES_AT_ONCE}
        confirmLabel={isNew ? 'Create role' : 'Save role'}
        loading={mutation.isPending}
        onConfirm={handleConfirm}
        onClose={() => setChanges(null)}
      />
    </form>
  );
}
