import { Group, JsonInput, NumberInput, TextInput } from '@mantine/core';
import type { KafkaPublisher } from '@herald/contract/kafka/kafka-adapter.schema';
import {
  publisherFormValues,
  publisherRequest,
  type PublisherFormField,
} from '@herald/contract/kafka/kafka-form-values';
import { KAFKA_SERVICE_LIMITS } from '@herald/contract/kafka/kafka-service-defaults';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { useSavePublisherMutation } from '../api/kafka-config-mutations';
import { ConverterSelect } from './converter-select';
import { DataTypeSelect } from './data-type-select';
import { lastSegmentField } from '../../../components/form-failure';
import { FormDialog, FormDialogFooter, useFormDialog } from '../../../components/form-dialog';

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
  const save = useSavePublisherMutation(serviceId);
  const { form, close, submit } = useFormDialog({
    initial: () => publisherFormValues(publisher ?? undefined),
    toRequest: publisherRequest,
    save,
    variables: (body) => ({ adapterId, clusterId, id: publisher?.id ?? null, body }),
    savedMessage: (body) => SUCCESS_MESSAGES.publisherSaved(body.label),
    fieldOf,
    onClose,
  });
  const { values, errors, set, text } = form;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={publisher === null ? 'Add a publisher' : `Edit publisher "${publisher.label}"`}
      onSubmit={submit}
      failure={errors.form}
      failureTitle="The publisher was not saved"
    >
      <TextInput label="Name" required data-autofocus {...text('label')} />
      <TextInput
        label="Topic selector"
        description="The topics whose values go to Kafka, e.g. ?sensors// or >sensors/"
        required
        {...text('heraldTopicSelector')}
      />
      <TextInput
        label="Kafka topic pattern"
        description="${topic} is the topic path with / turned into ."
        {...text('kafkaTopicPattern')}
      />
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Record key"
          description="Empty: the topic path is the key."
          {...text('keyValue')}
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
      <FormDialogFooter onCancel={close} saving={save.isPending} saveLabel="Save publisher" />
    </FormDialog>
  );
}
