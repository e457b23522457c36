import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { createServiceCheckoutState } from '@herald/contract/billing/checkout-state';
import type { Metadata } from '@herald/contract/metadata/metadata.schema';
import type { CreateServiceRequest } from '@herald/contract/services/service.schema';
import { regionDisplay, versionDisplay } from '@herald/contract/services/service-display';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api/api-error';
import { inlineErrorText } from '../../../lib/api/error-text';
import { issuesToFieldErrors } from '../../../lib/forms/form-errors';
import { useStartCheckoutMutation } from '../../../lib/queries/start-checkout';
import { useCreateServiceMutation } from '../api/create-service-mutation';
import { usePaymentMethodQuery } from '../api/payment-method-query';
import { useCreateServiceForm } from '../hooks/use-create-service-form';
import { useServiceNameCheck } from '../hooks/use-service-name-check';
import { CheckoutEstimate } from './checkout-estimate';
import { ServiceNameField } from './service-name-field';
import { TierPicker } from './tier-picker';
import {
  FREE_TRIAL_DAYS,
  formValuesOf,
  needsCheckout,
  type PaymentExemption,
} from '../utils/checkout';
import { focusFirstInvalidField } from '../../../lib/forms/focus-first-invalid';

export interface CreateServiceFormProps {
  workspaceId: string;
  metadata: Metadata;
  initialServiceName: string;
  isFreeTrialAvailable: boolean;
  /** The workspace needs no card (an operator exempted it or bills it manually). */
  paymentExemption: PaymentExemption;
  /** A resumed checkout's request (from /checkout/failure, "Try again"): the form starts from it. */
  resumedRequest?: CreateServiceRequest | undefined;
  onCancel: () => void;
}

/** 402: the workspace needs a payment method before a paid service can be created. */
const PAYMENT_REQUIRED = 402;

/**
 * Create a service: name (proposed, checked live), label, region, version, tier, high
 * availability, free trial, sensitive data; the estimate for this month and the credit. On
 * success it opens the new service. A paid service without a valid card on file goes through
 * checkout first (issue 13): the state is saved, the checkout starts and the browser goes to the
 * card page; /checkout/success opens the service once the payment is confirmed.
 */
export function CreateServiceForm({
  workspaceId,
  metadata,
  initialServiceName,
  isFreeTrialAvailable,
  paymentExemption,
  resumedRequest,
  onCancel,
}: CreateServiceFormProps) {
  const navigate = useNavigate();
  const haHintId = useId();
  const trialHintId = useId();
  const createService = useCreateServiceMutation();
  const startCheckout = useStartCheckoutMutation();
  const paymentMethod = usePaymentMethodQuery(workspaceId);
  const { form, tiers, selectedTier, summary, toRequest } = useCreateServiceForm({
    workspaceId,
    metadata,
    initialServiceName,
    isFreeTrialAvailable,
    resumedValues: resumedRequest === undefined ? undefined : formValuesOf(resumedRequest),
  });
  // Unknown (the card could not be read): create straight away and let a 402 start the checkout.
  const isCheckout =
    !paymentMethod.isError &&
    needsCheckout(selectedTier, summary, paymentExemption, paymentMethod.data, new Date());
  const isWaitingForCard = paymentMethod.isPending && (selectedTier?.pricing.perNode ?? 0) > 0;
  const nameCheck = useServiceNameCheck(form.values.serviceName);
  const isNameRejected = nameCheck.verdict?.valid === false;
  const failure = startCheckout.error ?? createService.error;
  // A 400's issues on the form's fields show there; anything else shows at the top.
  const fieldErrorsOf = (error: unknown) =>
    Object.fromEntries(
      Object.entries(isApiError(error) ? issuesToFieldErrors(error.issues) : {}).filter(
        ([field]) => field in form.values,
      ),
    );
  const showsFailureAlert = failure !== null && Object.keys(fieldErrorsOf(failure)).length === 0;

  const beginCheckout = (request: CreateServiceRequest) => {
    createService.reset();
    startCheckout.mutate(
      {
        workspaceId,
        body: { purpose: 'create-service', service: request },
        state: createServiceCheckoutState(request, {
          generatedServiceName: initialServiceName,
          now: new Date(),
        }),
      },
      { onError: (error) => form.setErrors(fieldErrorsOf(error)) },
    );
  };

  const handleSubmit = form.onSubmit((values) => {
    const request = toRequest(values);
    if (isCheckout) {
      beginCheckout(request);
      return;
    }
    createService.mutate(request, {
      onSuccess: (service) => void navigate(`/service/${service.serviceId}`),
      onError: (error) => {
        // The server found no valid card after all (e.g. it expired meanwhile): pay first.
        if (isApiError(error) && error.status === PAYMENT_REQUIRED) {
          beginCheckout(request);
          return;
        }
        form.setErrors(fieldErrorsOf(error));
      },
    });
  }, focusFirstInvalidField);

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Create a service">
      <Stack gap="md">
        {showsFailureAlert && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={
              failure === startCheckout.error
                ? 'The checkout could not start'
                : 'The service could not be created'
            }
          >
            {inlineErrorText(failure)}
          </Alert>
        )}
        {/* One column on a phone: two would cut the name to a few letters. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ServiceNameField inputProps={form.getInputProps('serviceName')} check={nameCheck} />
          <TextInput
            label="Label"
            description="Optional: a friendlier name shown in the dashboard."
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            autoComplete="off"
            {...form.getInputProps('label')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Region"
            allowDeselect={false}
            data={metadata.regions.map((region) => ({
              value: region,
              label: `${regionDisplay(region)} (${region})`,
            }))}
            {...form.getInputProps('region')}
          />
          <Select
            label="Version"
            allowDeselect={false}
            data={metadata.heraldVersions.map(({ tag }) => ({
              value: tag,
              label: versionLabel(tag, metadata.latestHeraldVersion),
            }))}
            {...form.getInputProps('heraldVersion')}
          />
        </SimpleGrid>
        <TierPicker
          tiers={tiers}
          value={form.values.billingPlan}
          onChange={(billingPlan) => form.setFieldValue('billingPlan', billingPlan)}
          isHighAvailability={summary.isHighAvailability}
          isFreeTrial={summary.isFreeTrial}
          error={form.errors.billingPlan}
        />
        <Switch
          label="High availability"
          aria-describedby={haHintId}
          disabled={!summary.canUseHighAvailability}
          {...form.getInputProps('highAvailability', { type: 'checkbox' })}
          checked={summary.isHighAvailability}
        />
        <Text id={haHintId} size="xs" c="dimmed" mt={-10}>
          {summary.canUseHighAvailability
            ? 'Runs on a cluster of several nodes; each node is charged.'
            : 'Not available for this plan.'}
        </Text>
        {summary.isFreeTrialOffered && (
          <>
            <Switch
              label="Start a free trial"
              aria-describedby={trialHintId}
              {...form.getInputProps('freeTrial', { type: 'checkbox' })}
            />
            <Text id={trialHintId} size="xs" c="dimmed" mt={-10}>
              Free for {FREE_TRIAL_DAYS} days on a single instance, up to 200 million messages.
            </Text>
          </>
        )}
        <Checkbox
          label="This service will hold sensitive data"
          {...form.getInputProps('sensitiveData', { type: 'checkbox' })}
        />
        <CheckoutEstimate
          workspaceId={workspaceId}
          estimateCents={summary.estimateCents}
          nodes={summary.nodes}
        />
        {isCheckout && (
          <Text size="sm" data-testid="checkout-note">
            No valid card is on file: you will add one on the payment page, and the service is
            created once the payment is confirmed.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={createService.isPending || startCheckout.isPending || startCheckout.isSuccess}
            disabled={isNameRejected || isWaitingForCard}
          >
            {isCheckout ? 'Continue to payment' : 'Create service'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A version as displayed (spec section 9), with the full tag when it differs, and the latest marked. */
function versionLabel(tag: string, latest: string): string {
  const shown = versionDisplay(tag);
  const withTag = shown === tag ? shown : `${shown} (${tag})`;
  return tag === latest ? `${withTag} · latest` : withTag;
}
