import { Select } from '@mantine/core';
import { KAFKA_DATA_TYPES } from '@herald/contract/kafka/kafka-adapter.schema';
import { dataTypeToForm, type FormDataType } from '@herald/contract/kafka/kafka-form';

/** Key and value types are lower case in the form (spec section 3). */
const TYPES = KAFKA_DATA_TYPES.map(dataTypeToForm);

export function DataTypeSelect({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: FormDataType;
  error: string | undefined;
  onChange: (type: FormDataType) => void;
}) {
  return (
    <Select
      label={label}
      data={TYPES}
      allowDeselect={false}
      value={value}
      error={error}
      onChange={(type) => onChange((type ?? 'string') as FormDataType)}
    />
  );
}
