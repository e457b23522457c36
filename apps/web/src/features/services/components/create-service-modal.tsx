import { Modal } from '@mantine/core';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import type { PaymentExemption } from '../utils/checkout';
import { lazy, Suspense } from 'react';
import { InlineLoader } from '../../../components/query-states';

/* The dialog's content (form, zod schema, tier cards) loads only when it is opened: the initial
 * JS budget is nearly full (apps/web/README.md). */
const CreateServiceContent = lazy(async () => ({
  default: (await import('./create-service-content')).CreateServiceContent,
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

/** The 'Create a service' dialog (spec section 2, checkout state of section 3). */
export function CreateServiceModal({
  opened,
  onClose,
  workspaceId,
  isFreeTrialAvailable,
  paymentExemption,
  resumedRequest,
}: CreateServiceModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Create a service"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense fallback={<InlineLoader py="md" />}>
        <CreateServiceContent
          workspaceId={workspaceId}
          isFreeTrialAvailable={isFreeTrialAvailable}
          paymentExemption={paymentExemption}
          resumedRequest={resumedRequest}
          onCancel={onClose}
        />
      </Suspense>
    </Modal>
  );
}
