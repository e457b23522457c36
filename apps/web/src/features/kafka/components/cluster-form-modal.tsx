import { Button, Group, JsonInput, PasswordInput, Select, Text, TextInput } from '@mantine/core';
import { isConnectionTestFailure } from '@herald/contract/kafka/kafka-adapter-failures';
import {
  KAFKA_SASL_MECHANISMS,
  KAFKA_SECURITY_PROTOCOLS,
  type KafkaAdapter,
  type KafkaCluster,
} from '@herald/contract/kafka/kafka-adapter.schema';
import {
  clusterFormValues,
  clusterRequest,
  connectionTestRequest,
  type ClusterFormField,
  type ClusterFormValues,
} from '@herald/contract/kafka/kafka-form-values';
import {
  securityProtocolToForm,
  type FormSecurityProtocol,
} from '@herald/contract/kafka/kafka-form';
import { HIDDEN_PASSWORD_PLACEHOLDER } from '@herald/contract/constants';
import { SUCCESS_MESSAGES } from '@herald/contract/messages';
import { toUserError } from '@herald/contract/api/error-text';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { useSaveClusterMutation, useTestConnectionMutation } from '../api/kafka-config-mutations';
import { lastSegmentField } from '../../../components/form-failure';
import { FormDialog, FormDialogFooter, useFormDialog } from '../../../components/form-dialog';
import { DANGER_TEXT } from '../../../components/danger-colour';
import { SUCCESS_TEXT } from '../../../components/success-colour';

const PROTOCOLS = KAFKA_SECURITY_PROTOCOLS.map(securityProtocolToForm);
const FIELDS: readonly ClusterFormField[] = [
  'label',
  'brokers',
  'configuration',
  'securityProtocol',
  'saslMechanism',
  'userName',
  'password',
  'kerberosServiceName',
];
const fieldOf = lastSegmentField(FIELDS, {
  kafkaBrokerAddresses: 'brokers',
  configuration: 'configuration',
});

type TestOutcome = { ok: true } | { ok: false; message: string } | null;

/**
 * Add or edit a cluster (spec section 3): broker addresses comma-separated, the configuration map as JSON (with the
 * schema registry keys), the security protocol upper-cased, SASL's user and write-only password (the placeholder
 * stands for the stored one), and the connection test.
 */
export function ClusterFormModal({
  serviceId,
  adapter,
  adapters,
  cluster,
  opened,
  onClose,
}: {
  serviceId: string;
  adapter: KafkaAdapter;
  adapters: readonly KafkaAdapter[];
  /** null: a new cluster. */
  cluster: KafkaCluster | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveClusterMutation(serviceId);
  const test = useTestConnectionMutation(serviceId);
  const [outcome, setOutcome] = useState<TestOutcome>(null);
  const { form, close, submit } = useFormDialog({
    initial: () => clusterFormValues(cluster ?? undefined),
    toRequest: clusterRequest,
    save,
    variables: (body) => ({ adapterId: adapter.id, clusterId: cluster?.id ?? null, body }),
    savedMessage: (body) => SUCCESS_MESSAGES.configurationSaved(body.label),
    fieldOf,
    onReset: () => setOutcome(null),
    onClose,
  });
  const { values, errors, set, text } = form;
  const isSasl = values.securityProtocol.startsWith('SASL_');
  // Section 8: a failed first connection is a warning, not an error.
  const isWarning = save.isError && toUserError(save.error).variant === 'warning';
  const runTest = () => {
    setOutcome(null);
    const request = connectionTestRequest(values, cluster?.id ?? null, adapters);
    if (!request.ok) {
      form.setErrors(request.errors);
      return;
    }
    test.mutate(request.value, {
      onSuccess: () => setOutcome({ ok: true }),
      onError: (error) => {
        // Section 7: the "failed to test connection" error is the test's answer false; others are failures.
        if (isApiError(error) && isConnectionTestFailure(error)) {
          setOutcome({ ok: false, message: error.serverMessage });
        } else {
          form.setErrors({ form: toUserError(error).message });
        }
      },
    });
  };
  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={cluster === null ? 'Add a Kafka cluster' : `Edit cluster "${cluster.label}"`}
      onSubmit={submit}
      failure={errors.form}
      failureTitle="The cluster was not saved"
      warning={isWarning}
    >
      <TextInput label="Name" required data-autofocus {...text('label')} />
      <TextInput
        label="Broker addresses"
        description="host:port, separated by commas"
        placeholder="broker-1:9092, broker-2:9092"
        required
        {...text('brokers')}
      />
      <JsonInput
        label="Configuration"
        description='Kafka client settings as JSON, e.g. { "schema.registry.url": "http://registry:8081" }'
        rows={6}
        formatOnBlur
        validationError="Configuration is not valid JSON"
        value={values.configuration}
        error={errors.configuration}
        onChange={(text) => set('configuration', text)}
      />
      <Select
        label="Security protocol"
        data={PROTOCOLS}
        allowDeselect={false}
        value={values.securityProtocol}
        error={errors.securityProtocol}
        onChange={(protocol) =>
          set('securityProtocol', (protocol ?? 'PLAINTEXT') as FormSecurityProtocol)
        }
      />
      {isSasl && (
        <>
          <Select
            label="SASL mechanism"
            description="GSSAPI (Kerberos) is accepted here; the adapter reports at connect that it does not support it."
            data={[...KAFKA_SASL_MECHANISMS]}
            placeholder="Choose a mechanism"
            value={values.saslMechanism === '' ? null : values.saslMechanism}
            error={errors.saslMechanism}
            onChange={(mechanism) =>
              set('saslMechanism', (mechanism ?? '') as ClusterFormValues['saslMechanism'])
            }
          />
          {values.saslMechanism === 'PLAIN' && (
            <Group grow align="flex-start" gap="sm" wrap="wrap">
              <TextInput label="User name" autoComplete="off" {...text('userName')} miw={200} />
              <PasswordInput
                label="Password"
                autoComplete="new-password"
                description={
                  values.password === HIDDEN_PASSWORD_PLACEHOLDER
                    ? 'A password is saved; leave it to keep it.'
                    : undefined
                }
                {...text('password')}
                miw={200}
              />
            </Group>
          )}
          {values.saslMechanism === 'GSSAPI' && (
            <TextInput label="Kerberos service name" {...text('kerberosServiceName')} />
          )}
        </>
      )}
      <div aria-live="polite">
        {outcome?.ok === true && (
          <Text size="sm" c={SUCCESS_TEXT} fw={600}>
            Connection successful: the cluster answered.
          </Text>
        )}
        {outcome?.ok === false && (
          <Text size="sm" c={DANGER_TEXT} fw={600}>
            Could not connect: {outcome.message}
          </Text>
        )}
      </div>
      <FormDialogFooter
        onCancel={close}
        saving={save.isPending}
        saveLabel="Save cluster"
        start={
          <Button variant="default" onClick={runTest} loading={test.isPending}>
            Test connection
          </Button>
        }
      />
    </FormDialog>
  );
}
