import { Button, Code, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { toUserError } from '@herald/contract/api/error-text';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import type { RestApi, RestEndpoint } from '@herald/contract/rest-adapters/rest-api.schema';
import {
  derivedTopicPath,
  restEndpointTarget,
} from '@herald/contract/rest-adapters/rest-endpoint-target';
import {
  REST_POLL_INTERVAL_LIMITS_SECONDS,
  restEndpointFieldOfRequestPath,
  restEndpointFormValues,
  restEndpointRequest,
  restPreviewRequest,
} from '@herald/contract/rest-adapters/rest-form-values';
import { previewPointer } from '@herald/contract/rest-adapters/rest-status-words';
import { parseValuePointer } from '@herald/contract/rest-adapters/value-pointer';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { FormDialog, FormDialogFooter, useFormDialog } from '../../../components/form-dialog';
import { usePreviewRestEndpointMutation, useSaveRestEndpointMutation } from '../api/rest-mutations';
import { PollResult } from './poll-result';

/** The topic the endpoint would feed, as typed (restEndpointTarget); null while the path cannot make one. */
function typedTopic(api: RestApi, path: string, topicPath: string): string | null {
  try {
    return restEndpointTarget({
      baseUrl: api.baseUrl,
      baseTopicPath: api.baseTopicPath,
      queryParameters: api.queryParameters,
      endpoint: {
        path: path.trim() === '' ? '/' : path.trim(),
        topicPath: topicPath.trim() || null,
      },
    }).topicPath;
  } catch {
    return null;
  }
}

/**
 * Add or edit an endpoint (issue 28 items 5 and 6): path, topic path (empty: derived from the path), poll interval in
 * seconds and the value pointer, with "Preview": the endpoint polled once as typed, its body shown and the pointer
 * applied to it here as the person types, the pointer's parse error at its field.
 */
export function EndpointFormModal({
  serviceId,
  api,
  endpoint,
  opened,
  onClose,
}: {
  serviceId: string;
  api: RestApi;
  /** null: a new endpoint. */
  endpoint: RestEndpoint | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveRestEndpointMutation(serviceId);
  const preview = usePreviewRestEndpointMutation(serviceId);
  const { form, close, submit } = useFormDialog({
    initial: () => restEndpointFormValues(endpoint ?? undefined),
    toRequest: restEndpointRequest,
    save,
    variables: (body) => ({ apiId: api.id, endpointId: endpoint?.id ?? null, body }),
    // Section 8 names no update message: ours, worded as its siblings (docs/decisions/053).
    savedMessage: () =>
      endpoint === null ? SUCCESS_MESSAGES.endpointAdded : SUCCESS_MESSAGES.endpointUpdated,
    fieldOf: restEndpointFieldOfRequestPath,
    onReset: () => preview.reset(),
    onClose,
  });
  const { values, errors, set, text } = form;
  const pointerText = values.valuePointer.trim();
  const pointerParse = pointerText === '' ? null : parseValuePointer(pointerText);
  const pointerError =
    errors.valuePointer ?? (pointerParse?.ok === false ? pointerParse.error : undefined);
  const topic = typedTopic(api, values.path, values.topicPath);
  const runPreview = () => {
    const request = restPreviewRequest(values);
    if (!request.ok) {
      form.setErrors(request.errors);
      return;
    }
    preview.mutate({ apiId: api.id, body: request.value });
  };
  const pointed =
    preview.data === undefined ? null : previewPointer(values.valuePointer, preview.data.body);
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={endpoint === null ? 'Add an endpoint' : `Edit endpoint ${endpoint.path}`}
      onSubmit={submit}
      failure={errors.form}
      failureTitle="The endpoint was not saved"
    >
      <TextInput
        label="Path"
        description={`Added to ${api.baseUrl}`}
        placeholder="/v1/prices?currency=eur"
        required
        data-autofocus
        {...text('path')}
      />
      <TextInput
        label="Topic path"
        description={topic === null ? 'Empty: derived from the path.' : `Publishes to ${topic}`}
        placeholder={derivedTopicPath(values.path)}
        {...text('topicPath')}
      />
      <NumberInput
        label="Poll interval (seconds)"
        description={`From ${REST_POLL_INTERVAL_LIMITS_SECONDS.min} s to ${REST_POLL_INTERVAL_LIMITS_SECONDS.max.toLocaleString('en-US')} s (a day)`}
        min={REST_POLL_INTERVAL_LIMITS_SECONDS.min}
        max={REST_POLL_INTERVAL_LIMITS_SECONDS.max}
        required
        value={values.pollIntervalSeconds}
        error={errors.pollIntervalSeconds}
        onChange={(seconds) => set('pollIntervalSeconds', seconds)}
      />
      <TextInput
        label="Value pointer"
        description="Optional: the part of a JSON answer the topic carries, e.g. $.data.price or $.items[0]"
        placeholder="$.data.price"
        autoComplete="off"
        spellCheck={false}
        value={values.valuePointer}
        error={pointerError}
        onChange={(event) => set('valuePointer', event.currentTarget.value)}
      />
      <Stack gap="xs" aria-live="polite">
        {preview.isError && (
          <Text size="sm" c={DANGER_TEXT} role="alert">
            Could not preview: {toUserError(preview.error).message}
          </Text>
        )}
        {preview.data !== undefined && (
          <PollResult
            serviceId={serviceId}
            result={preview.data}
            title="Preview"
            showValue={false}
          />
        )}
        {pointed?.kind === 'value' && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              The pointer picks
            </Text>
            <Code
              block
              tabIndex={0}
              aria-label="The pointer picks"
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {pointed.text}
            </Code>
          </Stack>
        )}
        {pointed?.kind === 'missing' && (
          <Text size="sm" c={DANGER_TEXT}>
            The pointer picks nothing: {pointed.words}
          </Text>
        )}
      </Stack>
      <FormDialogFooter
        onCancel={close}
        saving={save.isPending}
        saveLabel={endpoint === null ? 'Add endpoint' : 'Save endpoint'}
        start={
          <Button variant="default" onClick={runPreview} loading={preview.isPending}>
            Preview
          </Button>
        }
      />
    </FormDialog>
  );
}
