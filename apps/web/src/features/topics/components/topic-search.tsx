import { parseTopicQuery, type TopicQuery } from '@herald/contract/topics/topic-query';
import { useMemo } from 'react';
import { SelectorPlayground, type QueryReading } from '../../../components/selector-playground';
import { topicSelectorSource } from '../api/topic-selector-source';

/** What the box was read as, in words, so a person sees how an MQTT filter or plain words were understood. */
function readTopicQuery(text: string): QueryReading {
  const query: TopicQuery = parseTopicQuery(text);
  switch (query.kind) {
    case 'empty':
      return { ok: false, message: '' };
    case 'invalid':
      return { ok: false, message: query.message };
    case 'mqttFilter':
      return {
        ok: true,
        selector: query.selector,
        readAs: `MQTT topic filter ${query.filter}, as the selector ${query.selector}`,
      };
    case 'path':
      return { ok: true, selector: query.selector, readAs: `The topic ${query.path}` };
    case 'words':
      return {
        ok: true,
        selector: query.selector,
        readAs: `Topics whose path contains ${query.words.map((word) => `“${word}”`).join(' and ')}, ignoring case`,
      };
    case 'selector':
      return { ok: true, selector: query.selector };
  }
}

/**
 * Search (issue 25 item 17): one box for an MQTT topic filter (`sensors/+/temp`, `weather/#`), plain words or a
 * topic selector, read by the contract's parseTopicQuery; the selector playground over this service's topics shows
 * the matches, and choosing one opens it.
 */
export function TopicSearch({
  serviceId,
  onSelect,
}: {
  serviceId: string;
  onSelect: (path: string) => void;
}) {
  const source = useMemo(() => topicSelectorSource(serviceId), [serviceId]);
  return (
    <SelectorPlayground
      {...source}
      onSelect={onSelect}
      label="Search topics"
      description="An MQTT topic filter (sensors/+/temp, weather/#), words from the path, or a selector (>, ?, *, #)."
      placeholder="sensors/+/temp"
      emptyHint="Type a filter, words or a selector to see the topics it matches."
      readQuery={readTopicQuery}
    />
  );
}
