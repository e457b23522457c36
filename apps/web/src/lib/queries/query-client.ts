import { toUserError } from '@herald/contract/api/error-text';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';
import type { ToastOptions } from '../ui/toast';

export interface ErrorToastMeta {
  /** 'An error was encountered in {context}' */
  context?: string;
  /** Known server messages mapped to friendlier text (spec section 8). */
  friendlyMessages?: Record<string, string>;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Queries render their errors inline; this opts one query into a toast as well. */
      toastOnError?: ErrorToastMeta;
      /**
       * The auth reset (sign out) drops every cached query, since the next user must not see
       * the last one's data; queries about the server rather than the user opt out.
       */
      keepOnAuthReset?: boolean;
    };
    mutationMeta: {
      /** The caller shows the failure itself (e.g. maps `issues` onto form fields). */
      handlesError?: boolean;
    } & ErrorToastMeta;
  }
}

export interface QueryClientDependencies {
  notify?: (toast: ToastOptions) => void;
}

/** The toast module (with Mantine's notifications store) loads with the first toast, not with the entry chunk. */
function showToastOnDemand(toast: ToastOptions): void {
  void import('../ui/toast').then(({ showToast }) => showToast(toast));
}

/** Client errors (4xx) will not change on retry; network failures and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The one path from a failed call to the user (CONVENTIONS section 6): mutations toast here
 * unless the caller handles the error; queries never toast (their view renders the error
 * inline) unless they ask for it with `meta.toastOnError`.
 */
export function createQueryClient({
  notify = showToastOnDemand,
}: QueryClientDependencies = {}): QueryClient {
  const toastError = (error: unknown, meta: ErrorToastMeta) => {
    const shown = toUserError(error, meta);
    // The technical message (method, URL, status) is for support, not the toast (spec section 8).
    if (shown.technical !== undefined) console.error(shown.technical);
    notify({
      variant: shown.variant,
      title: shown.title,
      message: shown.message,
      ...(shown.detail ? { detail: shown.detail } : {}),
    });
  };

  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const meta = query.meta?.toastOnError;
        if (meta) toastError(error, meta);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _onMutateResult, mutation) => {
        const meta = mutation.meta ?? {};
        if (meta.handlesError) return;
        toastError(error, meta);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Dashboard data changes slowly; polling views set their own intervals.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
