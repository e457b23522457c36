import { notifications } from '@mantine/notifications';
import {
  DANGER_TOAST_TITLE,
  TOAST_DURATION_MS,
  type ToastVariant,
} from '@herald/contract/constants';
import { createElement, Fragment, type ReactNode } from 'react';

export interface ToastOptions {
  variant: ToastVariant;
  /** Ignored for danger toasts: those are always titled 'Error' (spec section 9). */
  title?: string;
  message: string;
  /** A second line, e.g. the failure detail under 'An error was encountered in {context}'. */
  detail?: string;
}

/** Mantine colours of the spec's four toast variants (section 9). */
export const TOAST_COLORS = {
  danger: 'red',
  success: 'green',
  warning: 'yellow',
  info: 'blue',
} as const satisfies Record<ToastVariant, string>;

function toastBody(message: string, detail: string | undefined): ReactNode {
  if (detail === undefined) return message;
  // Two lines without JSX so this module stays a .ts file usable from non-React code.
  return createElement(
    Fragment,
    null,
    createElement('span', { style: { display: 'block' } }, message),
    createElement(
      'span',
      { style: { display: 'block', marginTop: 4, color: 'var(--mantine-color-dimmed)' } },
      detail,
    ),
  );
}

/** Shows a toast in the top-right stack; returns its id. */
export function showToast({ variant, title, message, detail }: ToastOptions): string {
  return notifications.show({
    color: TOAST_COLORS[variant],
    title: variant === 'danger' ? DANGER_TOAST_TITLE : title,
    message: toastBody(message, detail),
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    // Mantine's close button has no accessible name of its own (axe: button-name).
    closeButtonProps: { 'aria-label': 'Close notification' },
    'data-variant': variant,
  });
}
