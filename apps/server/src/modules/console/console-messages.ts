import { serviceStatusWords } from '@herald/contract/services/service-status-words';
import { SERVICE_STATUSES, type ServiceStatus } from '@herald/contract/services/service-status';

/** What the console routes and the service host say to people (docs/decisions/020). */
export const CONSOLE_MESSAGES = {
  notRunning: (status: string) =>
    `The console is available when the service is running. It is ${statusWord(status)} now.`,
  ssoOff:
    'Single sign-on to the console is off for this service. An Admin can turn it on in the service settings.',
  noAnswer: 'The service did not answer; try again.',
  ticketInvalid:
    'This console sign-in has expired or was already used. Open the console again from the dashboard.',
  notMember: 'You are no longer a member of the organisation that owns this service.',
  noSsoCookie: 'No console sign-in is waiting. Open the console again from the dashboard.',
  badForm: 'Send the console ticket as a form field named "ticket".',
  formTooLarge: 'The request body is too large: the console sign-in form is one short ticket.',
} as const;

function statusWord(status: string): string {
  return (SERVICE_STATUSES as readonly string[]).includes(status)
    ? serviceStatusWords(status as ServiceStatus).label
    : status;
}
