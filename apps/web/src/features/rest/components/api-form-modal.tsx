import { PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import {
  REST_AUTHENTICATION_TYPES,
  type RestApi,
  type RestAuthentication,
} from '@herald/contract/rest-adapters/rest-api.schema';
import {
  restApiFormValues,
  restApiRequest,
  type RestApiFormField,
} from '@herald/contract/rest-adapters/rest-form-values';
import { FormDialog, FormDialogFooter, useFormDialog } from '../../../components/form-dialog';
import { lastSegmentField } from '../../../components/form-failure';
import { useSaveRestApiMutation } from '../api/rest-mutations';
import { KeyValueRows } from './key-value-rows';

const FIELDS: readonly RestApiFormField[] = [
  'label',
  'baseUrl',
  'baseTopicPath',
  'headers',
  'queryParameters',
  'username',
  'password',
  'token',
];
// The server names `headers.0.name`: the rows' field, not "name".
const fieldOf = lastSegmentField(FIELDS, {
  headers: 'headers',
  queryParameters: 'queryParameters',
  authentication: 'authType',
});
const fieldOfRequestPath = (path: string) => {
  const [first, second] = path.split('.');
  if (
    first === 'authentication' &&
    (second === 'password' || second === 'token' || second === 'username')
  ) {
    return second;
  }
  return fieldOf(path);
};

const AUTH_LABELS = {
  none: 'None',
  basic: 'Basic',
  bearer: 'Bearer token',
} as const satisfies Record<RestAuthentication['type'], string>;

const KEEP_SECRET = {
  basic: 'Leave empty to keep the stored password',
  bearer: 'Leave empty to keep the stored token',
} as const;

/**
 * Add or edit a REST API (spec section 3): label, base URL, base topic path (only with the flag
 * rest.adapter.base.topic.path, section 2), headers and query parameters as rows, and the authentication whose
 * secret is write-only: on edit its field is empty and kept unless typed.
 */
export function ApiFormModal({
  serviceId,
  api,
  showBaseTopicPath,
  opened,
  onClose,
}: {
  serviceId: string;
  /** null: a new API. */
  api: RestApi | null;
  showBaseTopicPath: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveRestApiMutation(serviceId);
  const storedAuthType = api?.authentication.type ?? null;
  const { form, close, submit } = useFormDialog({
    initial: () => restApiFormValues(api ?? undefined),
    toRequest: (values) => restApiRequest(values, storedAuthType),
    save,
    variables: (body) => ({ apiId: api?.id ?? null, body }),
    savedMessage: () => (api === null ? SUCCESS_MESSAGES.apiAdded : SUCCESS_MESSAGES.apiUpdated),
    fieldOf: fieldOfRequestPath,
    onClose,
  });
  const { values, errors, set, text } = form;
  const keepsSecret = storedAuthType === values.authType;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={api === null ? 'Add a REST API' : `Edit API "${api.label}"`}
      onSubmit={submit}
      failure={errors.form}
      failureTitle="The API was not saved"
    >
      <TextInput label="Label" required data-autofocus {...text('label')} />
      <TextInput
        label="Base URL"
        description="Each endpoint's path is added to it, e.g. https://api.example.com/v1"
        placeholder="https://api.example.com/v1"
        required
        inputMode="url"
        {...text('baseUrl')}
      />
      {showBaseTopicPath && (
        <TextInput
          label="Base topic path"
          description="The endpoints' topics go under it; empty: at the root."
          placeholder="prices"
          {...text('baseTopicPath')}
        />
      )}
      <KeyValueRows
        legend="Headers"
        noun="header"
        rows={values.headers}
        error={errors.headers}
        onChange={(rows) => set('headers', rows)}
      />
      <KeyValueRows
        legend="Query parameters"
        noun="query parameter"
        rows={values.queryParameters}
        error={errors.queryParameters}
        onChange={(rows) => set('queryParameters', rows)}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="rest-auth-label">
          Authentication
        </Text>
        <SegmentedControl
          aria-labelledby="rest-auth-label"
          data={REST_AUTHENTICATION_TYPES.map((type) => ({
            value: type,
            label: AUTH_LABELS[type],
          }))}
          value={values.authType}
          onChange={(type) => set('authType', type as RestAuthentication['type'])}
          fullWidth
        />
        {errors.authType !== undefined && (
          <Text size="sm" role="alert">
            {errors.authType}
          </Text>
        )}
      </Stack>
      {values.authType === 'basic' && (
        <>
          <TextInput label="Username" required autoComplete="off" {...text('username')} />
          <PasswordInput
            label="Password"
            required={!keepsSecret}
            autoComplete="new-password"
            description={keepsSecret ? KEEP_SECRET.basic : undefined}
            {...text('password')}
          />
        </>
      )}
      {values.authType === 'bearer' && (
        <PasswordInput
          label="Token"
          required={!keepsSecret}
          autoComplete="off"
          description={keepsSecret ? KEEP_SECRET.bearer : undefined}
          {...text('token')}
        />
      )}
      <FormDialogFooter
        onCancel={close}
        saving={save.isPending}
        saveLabel={api === null ? 'Add API' : 'Save API'}
      />
    </FormDialog>
  );
}
