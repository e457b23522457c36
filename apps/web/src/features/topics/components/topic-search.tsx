import { useMemo } from 'react';
import { SelectorPlayground } from '../../../components/selector-playground';
import { topicSelectorSource } from '../api/topic-selector-source';

/** Search by selector: the selector playground over this service's topics; choosing a match opens it. */
export function TopicSearch({
  serviceId,
  onSelect,
}: {
  serviceId: string;
  onSelect: (path: string) => void;
}) {
  const source = useMemo(() => topicSelectorSource(serviceId), [serviceId]);
  return <SelectorPlayground {...source} onSelect={onSelect} label="Search by selector" />;
}
