import {
  Checkbox,
  Fieldset,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  KAFKA_PERSISTENCE_POLICIES,
  type KafkaPersistencePolicy,
  type KafkaSubscriber,
} from '@herald/contract/kafka/kafka-adapter.schema';
import {
  subscriberFormValues,
  subscriberRequest,
  type SubscriberFormField,
} from '@herald/contract/kafka/kafka-form-values';
import { KAFKA_SERVICE_LIMITS } from '@herald/contract/kafka/kafka-service-defaults';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { useSaveSubscriberMutation } from '../api/kafka-config-mutations';
import { ConverterSelect } from './converter-select';
import { DataTypeSelect } from './data-type-select';
import { lastSegmentField } from '../../../components/form-failure';
import { FormDialog, FormDialogFooter, useFormDialog } from '../../../components/form-dialog';

const FIELDS: readonly SubscriberFormField[] = [
  'label',
  'kafkaTopics',
  'consumerGroupId',
  'consumerCount',
  'keyType',
  'valueType',
  'heraldTopicPattern',
  'pollTimeout',
  'publicationRetries',
  'retryIntervalMs',
  'persistencePolicy',
  'timeSeriesRetainedRange',
  'timeSeriesSubscriptionRange',
];
const fieldOf = lastSegmentField(FIELDS, {
  payloadConverters: 'converters',
  kafkaTopics: 'kafkaTopics',
});

const PERSISTENCE_WORDS: Record<KafkaPersistencePolicy, string> = {
  NONE: 'In memory only',
  SESSION: 'While the adapter is connected',
  SERVER: 'Kept by the service (survives a restart)',
};

/**
 * Add or edit a subscriber (Kafka → our topics, spec section 3): Kafka topics comma-separated (or one regex), the
 * consumer group, key and value types (lower case in the form), the topic pattern with its placeholders, the
 * created topics' properties, retries and the converter chain with `$CSV_to_JSON`'s headers comma-separated.
 */
export function SubscriberFormModal({
  serviceId,
  adapterId,
  clusterId,
  subscriber,
  opened,
  onClose,
}: {
  serviceId: string;
  adapterId: string;
  clusterId: string;
  subscriber: KafkaSubscriber | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveSubscriberMutation(serviceId);
  const { form, close, submit } = useFormDialog({
    initial: () => subscriberFormValues(subscriber ?? undefined),
    toRequest: subscriberRequest,
    save,
    variables: (body) => ({ adapterId, clusterId, id: subscriber?.id ?? null, body }),
    savedMessage: (body) => SUCCESS_MESSAGES.subscriberSaved(body.label),
    fieldOf,
    onClose,
  });
  const { values, errors, set, text } = form;
  const number = (
    field: 'consumerCount' | 'pollTimeout' | 'publicationRetries' | 'retryIntervalMs',
  ) =>
    ({
      value: values[field],
      error: errors[field],
      allowDecimal: false,
      min: KAFKA_SERVICE_LIMITS[field].min,
      max: KAFKA_SERVICE_LIMITS[field].max,
      onChange: (value: number | string) => set(field, value),
    }) as const;
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={subscriber === null ? 'Add a subscriber' : `Edit subscriber "${subscriber.label}"`}
      onSubmit={submit}
      failure={errors.form}
      failureTitle="The subscriber was not saved"
    >
      <TextInput label="Name" required data-autofocus {...text('label')} />
      <Switch
        label="Subscribe by regular expression"
        checked={values.regexSubscription}
        onChange={(event) => set('regexSubscription', event.currentTarget.checked)}
      />
      <TextInput
        label={values.regexSubscription ? 'Kafka topic regular expression' : 'Kafka topics'}
        description={
          values.regexSubscription
            ? 'One regular expression, e.g. prices\\..*'
            : 'Separated by commas'
        }
        required
        {...text('kafkaTopics')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Consumer group id" required {...text('consumerGroupId')} />
        <NumberInput label="Consumers" {...number('consumerCount')} />
        <DataTypeSelect
          label="Key type"
          value={values.keyType}
          error={errors.keyType}
          onChange={(type) => set('keyType', type)}
        />
        <DataTypeSelect
          label="Value type"
          value={values.valueType}
          error={errors.valueType}
          onChange={(type) => set('valueType', type)}
        />
      </SimpleGrid>
      <TextInput
        label="Topic pattern"
        description="Where each record goes: ${topic}, ${partition} and ${key} are the record's."
        {...text('heraldTopicPattern')}
      />
      <Checkbox
        label="Create the topic hierarchy (every parent of a topic too)"
        checked={values.createTopicHierarchy}
        onChange={(event) => set('createTopicHierarchy', event.currentTarget.checked)}
      />
      <Fieldset legend="Topics created" variant="unstyled">
        <Stack gap="sm">
          <Select
            label="Persistence"
            data={KAFKA_PERSISTENCE_POLICIES.map((value) => ({
              value,
              label: PERSISTENCE_WORDS[value],
            }))}
            allowDeselect={false}
            value={values.persistencePolicy}
            error={errors.persistencePolicy}
            onChange={(policy) =>
              set('persistencePolicy', (policy ?? 'SERVER') as KafkaPersistencePolicy)
            }
          />
          <Checkbox
            label="Time series"
            checked={values.timeSeries}
            onChange={(event) => set('timeSeries', event.currentTarget.checked)}
          />
          {values.timeSeries && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Retained range"
                placeholder="limit 1000"
                {...text('timeSeriesRetainedRange')}
              />
              <TextInput
                label="Subscription range"
                placeholder="last 1H"
                {...text('timeSeriesSubscriptionRange')}
              />
            </SimpleGrid>
          )}
          <Checkbox
            label="Publishes value only"
            checked={values.publishesValueOnly}
            onChange={(event) => set('publishesValueOnly', event.currentTarget.checked)}
          />
          <Checkbox
            label="Do not retain the value"
            checked={values.doNotRetainValue}
            onChange={(event) => set('doNotRetainValue', event.currentTarget.checked)}
          />
        </Stack>
      </Fieldset>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput label="Poll timeout (ms)" {...number('pollTimeout')} />
        <NumberInput label="Publication retries" {...number('publicationRetries')} />
        <NumberInput label="Retry interval (ms)" {...number('retryIntervalMs')} />
      </SimpleGrid>
      <ConverterSelect
        value={values.converters}
        error={errors.converters}
        onChange={(names) => set('converters', names)}
      />
      {values.converters.includes('$CSV_to_JSON') && (
        <TextInput
          label="CSV headers"
          description="The columns' names, separated by commas"
          value={values.csvHeaders}
          onChange={(event) => set('csvHeaders', event.currentTarget.value)}
        />
      )}
      <FormDialogFooter onCancel={close} saving={save.isPending} saveLabel="Save subscriber" />
    </FormDialog>
  );
}
