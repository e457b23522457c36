import { Modal } from '@mantine/core';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import type { PaymentExemption } from '../utils/checkout';
import { lazy, Suspense } from 'react';
import { useWorkspaceCreditQuery } from '../api/credit-query';
import { usePaymentMethodQuery } from '../api/payment-method-query';
import { useGeneratedServiceNameQuery } from '../api/service-name-queries';
import { useMetadataQuery } from '../api/services-queries';
import { CreateServiceFormSkeleton } from './create-service-form-skeleton';
import type * as ContentModule from './create-service-content';

let contentChunk: Promise<typeof ContentModule> | undefined;

/**
 * The dialog's content (form, zod schema, tier cards) is a chunk of its own: the initial JS budget is nearly full
 * (apps/web/README.md). It used to load only on the press, which on a slow network showed an empty dialog for a round
 * trip (issue 25, item 23): the services page now fetches it when idle and when the button is pointed at or focused.
 */
export function preloadCreateServiceContent(): Promise<typeof ContentModule> {
  contentChunk ??= import('./create-service-content');
  // A failed load is forgotten, so the press tries again (and React's lazy reports it then).
  contentChunk.catch(() => {
    contentChunk = undefined;
  });
  return contentChunk;
}

const CreateServiceContent = lazy(async () => ({
  default: (await preloadCreateServiceContent()).CreateServiceContent,
}));

export interface CreateServiceModalProps {
  opened: boolean;
  onClose: () => void;
  workspaceId: string;
  isFreeTrialAvailable: boolean;
  paymentExemption: PaymentExemption;
  /** Reopened by "Try again" on /checkout/failure: the form starts from the saved choices. */
  resumedRequest?: CreateServiceRequest | undefined;
}

/**
 * Everything the form asks, asked the moment the dialog opens, together and beside the form's code (they used to
 * follow it: the chunk, then the catalogue and the proposed name, then the card and the credit). The form's own
 * queries then find them in the cache.
 */
function CreateServiceBody({ onClose, ...props }: Omit<CreateServiceModalProps, 'opened'>) {
  useMetadataQuery();
  useGeneratedServiceNameQuery();
  usePaymentMethodQuery(props.workspaceId);
  useWorkspaceCreditQuery(props.workspaceId, true);
  return (
    <Suspense fallback={<CreateServiceFormSkeleton onCancel={onClose} />}>
      <CreateServiceContent {...props} onCancel={onClose} />
    </Suspense>
  );
}

/** The 'Create a service' dialog (spec section 2, checkout state of section 3). */
export function CreateServiceModal({ opened, ...props }: CreateServiceModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title="Create a service"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <CreateServiceBody {...props} />
    </Modal>
  );
}
