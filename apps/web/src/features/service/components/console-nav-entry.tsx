import { NavLink } from '@mantine/core';
import { consoleEntryAction } from '@herald/contract/console/console-entry';
import { CONSOLE_TICKET_FIELD } from '@herald/contract/console/console.schema';
import type { Role } from '@herald/contract/members/permissions';
import type { Service } from '@herald/contract/services/service.schema';
import { useState } from 'react';
import { ACTIVE_NAV_LABEL } from '../../../components/nav-colors';
import { useConsoleSsoTicketMutation } from '../api/console-mutations';
import { SetupAdminUserModal } from './setup-admin-user-modal';

/**
 * Posts the ticket to the service host in a new tab (target _blank, no opener, no referrer): the host sets the
 * 30-second cookie and answers `/?sso-login` (docs/decisions/020). A form, not a URL, so the ticket never sits in a
 * history entry or a log line.
 */
function submitTicket(ssoUrl: string, ticket: string) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = ssoUrl;
  form.target = '_blank';
  form.rel = 'noopener noreferrer';
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = CONSOLE_TICKET_FIELD;
  field.value = ticket;
  form.append(field);
  document.body.append(form);
  form.submit();
  form.remove();
}

export interface ConsoleNavEntryProps {
  service: Service;
  roles: Role[];
  consoleUrl: string;
  label: string;
}

/**
 * The Console entry (spec sections 2, 5, 6): single sign-on, the Setup admin user modal, or the console's own
 * sign-in page, as contract console/console-entry.ts decides.
 */
export function ConsoleNavEntry({ service, roles, consoleUrl, label }: ConsoleNavEntryProps) {
  const [modalOpened, setModalOpened] = useState(false);
  const ticket = useConsoleSsoTicketMutation(service.serviceId);
  const action = consoleEntryAction({ useConsoleSso: service.useConsoleSso, roles });
  const common = {
    label,
    variant: 'light',
    color: 'indigo',
    styles: { label: { color: ACTIVE_NAV_LABEL } },
  } as const;

  if (action === 'login-page') {
    return (
      <NavLink
        {...common}
        component="a"
        href={consoleUrl}
        target="_blank"
        rel="noopener noreferrer"
        title="Opens in a new window"
      />
    );
  }
  return (
    <>
      <NavLink
        {...common}
        component="button"
        type="button"
        title="Opens in a new window"
        aria-haspopup={action === 'setup-admin-user' ? 'dialog' : undefined}
        disabled={ticket.isPending}
        onClick={() => {
          if (action === 'setup-admin-user') {
            setModalOpened(true);
            return;
          }
          ticket.mutate(undefined, {
            onSuccess: (issued) => submitTicket(issued.ssoUrl, issued.ticket),
          });
        }}
      />
      {action === 'setup-admin-user' && (
        <SetupAdminUserModal
          serviceId={service.serviceId}
          opened={modalOpened}
          onClose={() => setModalOpened(false)}
          consoleUrl={consoleUrl}
        />
      )}
    </>
  );
}
