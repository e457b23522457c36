import {
  Alert,
  Button,
  Group,
  JsonInput,
  Modal,
  NumberInput,
  Stack,
  TextInput,
} from '@mantine/core';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import {
  publisherFormValues,
  publisherRequest,
  type PublisherFormField,
  type PublisherFormValues,
} from '@herald/contract/kafka/kafka-form-values';
import { KAFKA_SERVICE_LIMITS } from '@herald/contract/kafka/kafka-service-defaults';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import type { FormEvent } from 'react';
import { showToast } from '../../../lib/ui/toast';
import { useSavePublisherMutation } from '../api/kafka-config-mutations';
import { ConverterSelect } from './converter-select';
import { DataTypeSelect } from './data-type-select';
import { lastSegmentField, saveFailureErrors } from './form-failure';
import { useFormState } from './use-form-state';

const FIELDS: readonly PublisherFormField[] = [
  'label',
  'heraldTopicSelector',
  'kafkaTopicPattern',
  'keyValue',
  'valueType',
  'updateTimeoutMs',
];
const fieldOf = lastSegmentField(FIELDS, { payloadConverters: 'converters' });

/**
 * Add or edit a publisher (our topics → Kafka, spec section 3): the topic selector, the Kafka topic pattern
 * (`${topic}`: the topic path with `/` as `.`), the key, the value type (lower case in the form), the update timeout
 * and the converter chain.
 */
export function PublisherFormModal({
  serviceId,
  adapterId,
  clusterId,
  publisher,
  opened,
  onClose,
}: {
  serviceId: string;
  adapterId: string;
  clusterId: string;
  publisher: KafkaPublisher | null;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useFormState<PublisherFormValues>(() => publisherFormValues(publisher ?? undefined));
  const save = useSavePublisherMutation(serviceId);
  const { values, errors, set } = form;
  const close = () => {
    form.reset(publisherFormValues(publisher ?? undefined));
    save.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = publisherRequest(values);
    if (!request.ok) {
      form.setErrors(request.errors);
      return;
    }
    save.mutate(
      { adapterId, clusterId, id: publisher?.id ?? null, body: request.value },
      {
        onSuccess: () => {
          showToast({
            variant: 'success',
            message: SUCCESS_MESSAGES.publisherSaved(request.value.label),
          });
          close();
        },
        onError: (error) => form.setErrors(saveFailureErrors(error, fieldOf)),
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={publisher === null ? 'Add a publisher' : `Edit publisher "${publisher.label}"`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {errors.form !== undefined && (
            <Alert color="red" variant="light" role="alert" title="The publisher was not saved">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            data-autofocus
            value={values.label}
            error={errors.label}
            onChange={(event) => set('label', event.currentTarget.value)}
          />
          <TextInput
            label="Topic selector"
            description="The topics whose values go to Kafka, e.g. ?sensors// or >sensors/"
            required
            value={values.heraldTopicSelector}
            error={errors.heraldTopicSelector}
            onChange={(event) => set('heraldTopicSelector', event.currentTarget.value)}
          />
          <TextInput
            label="Kafka topic pattern"
            description="${topic} is the topic path with / turned into ."
            value={values.kafkaTopicPattern}
            error={errors.kafkaTopicPattern}
            onChange={(event) => set('kafkaTopicPattern', event.currentTarget.value)}
          />
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Record key"
              description="Empty: the topic path is the key."
              value={values.keyValue}
              error={errors.keyValue}
              onChange={(event) => set('keyValue', event.currentTarget.value)}
              miw={200}
            />
            <DataTypeSelect
              label="Value type"
              value={values.valueType}
              error={errors.valueType}
              onChange={(type) => set('valueType', type)}
            />
          </Group>
          <NumberInput
            label="Update timeout (ms)"
            description="How long to wait for Kafka to acknowledge a record."
            min={KAFKA_SERVICE_LIMITS.updateTimeoutMs.min}
            max={KAFKA_SERVICE_LIMITS.updateTimeoutMs.max}
            allowDecimal={false}
            value={values.updateTimeoutMs}
            error={errors.updateTimeoutMs}
            onChange={(timeout) => set('updateTimeoutMs', timeout)}
          />
          <ConverterSelect
            value={values.converters}
            error={errors.converters}
            onChange={(names) => set('converters', names)}
          />
          {values.converters.includes('$JSON_to_Avro') && (
            <>
              <JsonInput
                label="Avro schema"
                required
                rows={6}
                formatOnBlur
                value={values.avroSchema}
                error={errors.avroSchema}
                onChange={(text) => set('avroSchema', text)}
              />
              <TextInput
                label="Schema registry subject"
                description="Empty: {Kafka topic}-value."
                value={values.avroSubject}
                onChange={(event) => set('avroSubject', event.currentTarget.value)}
              />
            </>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save publisher
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
