import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seedFlags } from './flag-seed';
import { useFlag } from './flags';

function ToursFlag() {
  return <p>tours {useFlag('dashboard.tours') ? 'on' : 'off'}</p>;
}

afterEach(async () => {
  seedFlags({});
  await OpenFeature.clearProviders();
});

describe('useFlag', () => {
  it('reads off while no flag provider is ready', () => {
    render(
      <OpenFeatureProvider>
        <ToursFlag />
      </OpenFeatureProvider>,
    );
    expect(screen.getByText('tours off')).toBeInTheDocument();
  });

  it('reads the value the provider evaluates', async () => {
    await OpenFeature.setProviderAndWait(
      new InMemoryProvider({
        'dashboard.tours': {
          variants: { on: true, off: false },
          defaultVariant: 'on',
          disabled: false,
        },
      }),
    );
    render(
      <OpenFeatureProvider>
        <ToursFlag />
      </OpenFeatureProvider>,
    );
    expect(await screen.findByText('tours on')).toBeInTheDocument();
  });

  it('needs no provider component and follows a provider set later (the SDK loads after the first render)', async () => {
    render(<ToursFlag />);
    expect(screen.getByText('tours off')).toBeInTheDocument();
    await act(() =>
      OpenFeature.setProviderAndWait(
        new InMemoryProvider({
          'dashboard.tours': {
            variants: { on: true, off: false },
            defaultVariant: 'on',
            disabled: false,
          },
        }),
      ),
    );
    expect(await screen.findByText('tours on')).toBeInTheDocument();
  });

  it("reads the page's seeded value until the provider has evaluated, then the provider's (issue 25, item 14)", async () => {
    seedFlags({ 'dashboard.tours': true });
    render(<ToursFlag />);
    expect(screen.getByText('tours on')).toBeInTheDocument();
    await act(() =>
      OpenFeature.setProviderAndWait(
        new InMemoryProvider({
          'dashboard.tours': {
            variants: { on: true, off: false },
            defaultVariant: 'off',
            disabled: false,
          },
        }),
      ),
    );
    expect(await screen.findByText('tours off')).toBeInTheDocument();
  });
});
