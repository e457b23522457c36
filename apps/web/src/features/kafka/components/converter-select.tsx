import { MultiSelect } from '@mantine/core';
import {
  PAYLOAD_CONVERTER_NAMES,
  type PayloadConverterName,
} from '@herald/contract/kafka/payload-converter-chain';

/** The payload converter chain, in the order chosen (each converter's output goes to the next). */
export function ConverterSelect({
  value,
  error,
  onChange,
}: {
  value: PayloadConverterName[];
  error: string | undefined;
  onChange: (names: PayloadConverterName[]) => void;
}) {
  return (
    <MultiSelect
      label="Payload converters"
      description="Applied in the order chosen; each converter's output goes to the next."
      placeholder={value.length === 0 ? 'None: values pass as they are' : undefined}
      data={PAYLOAD_CONVERTER_NAMES}
      value={value}
      error={error}
      onChange={(names) => onChange(names as PayloadConverterName[])}
      clearable
    />
  );
}
