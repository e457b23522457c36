import { checkTopicValue } from '@herald/contract/topics/topic-values';
import type { TopicProperties, TopicType } from '@herald/contract/topics/topic.schema';
import { parseValueInput, type ValueInputResult } from '@herald/contract/topics/value-input';

/**
 * Typed text → the value to send, refused before sending when it does not fit the topic: first the text's own
 * format (value-input.ts), then the type's rules the runtime applies too (topic-values.ts).
 */
export function readValueText(
  type: TopicType,
  properties: TopicProperties,
  text: string,
): ValueInputResult {
  const parsed = parseValueInput(type, text, properties);
  if (!parsed.ok) return parsed;
  const checked = checkTopicValue(type, properties, parsed.value);
  return checked.ok ? parsed : { ok: false, message: checked.message };
}
