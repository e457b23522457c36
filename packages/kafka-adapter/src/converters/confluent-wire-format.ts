import { ConversionFailure } from './conversion-error';

/**
 * The Confluent wire format of a registry-encoded value: magic byte 0, the schema id as a 4-byte big-endian
 * integer, then the Avro binary encoding.
 */
export const WIRE_MAGIC_BYTE = 0;
export const WIRE_HEADER_LENGTH = 5;

export function encodeWireFormat(schemaId: number, body: Uint8Array): Buffer {
  const framed = Buffer.alloc(WIRE_HEADER_LENGTH + body.length);
  framed.writeUInt8(WIRE_MAGIC_BYTE, 0);
  framed.writeUInt32BE(schemaId, 1);
  framed.set(body, WIRE_HEADER_LENGTH);
  return framed;
}

export function decodeWireFormat(bytes: Uint8Array): { schemaId: number; body: Buffer } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < WIRE_HEADER_LENGTH) {
    throw new ConversionFailure(
      `the value is ${buffer.length} byte${buffer.length === 1 ? '' : 's'} long, shorter than the 5-byte schema registry header`,
    );
  }
  const magic = buffer.readUInt8(0);
  if (magic !== WIRE_MAGIC_BYTE) {
    throw new ConversionFailure(
      `the value starts with byte 0x${magic.toString(16).padStart(2, '0')}, not the schema registry's magic byte 0: it was not written through a schema registry`,
    );
  }
  return { schemaId: buffer.readUInt32BE(1), body: buffer.subarray(WIRE_HEADER_LENGTH) };
}
