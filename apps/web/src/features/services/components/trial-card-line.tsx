import { Text } from '@mantine/core';
import { trialDisplay } from '@herald/contract/billing/free-trial-display';
import type { Service } from '@herald/contract/services/service.schema';
import { useNow } from '../../../lib/ui/use-now';
import { DANGER_TEXT } from '../../../components/danger-colour';

/**
 * The service card's free trial line (docs/decisions/025): "Free trial · 12 days left" with the messages used, or
 * why it is suspended and when it goes. Text only: the whole card is already a link to the overview.
 */
export function TrialCardLine({ service, now }: { service: Service; now?: number }) {
  const clock = useNow(60_000);
  const display = trialDisplay(service, now ?? clock);
  if (!display) return null;
  if (display.kind === 'trial') {
    return (
      <Text size="sm">
        <Text span fw={500}>
          {display.headline}
        </Text>
        {' · '}
        {display.usage}
      </Text>
    );
  }
  return (
    <Text size="sm" c={DANGER_TEXT}>
      <Text span fw={500}>
        {display.headline}
      </Text>
      {display.removal && ` · ${display.removal}`}
    </Text>
  );
}
