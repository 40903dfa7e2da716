import { lazy, refused, type Check } from './check.ts';

/**
 * The update policies also keep a row in its tenant on their own: with every column granted (and the
 * reservations' state-machine trigger out of the way), which the column grants and the trigger
 * otherwise already forbid, moving a row to another merchant, client or login is still refused.
 */
const everyColumn = (table: string) => `grant update on ${table} to authenticated;`;
const withoutStateMachine = `${everyColumn('app.reservations')}
  alter table app.reservations disable trigger reservations_follow_the_state_machine;`;

export const widenedChecks: Check[] = [
  lazy('app.clients: a client cannot hand its membership to another login', (w) =>
    refused(
      '',
      'clientA',
      `update app.clients set user_id = '${w.B.memberUserId}'`,
      'policy',
      everyColumn('app.clients'),
    ),
  ),
  lazy('app.clients: a merchant cannot move its clients to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.clients set merchant_id = '${w.B.merchantId}'`,
      'policy',
      everyColumn('app.clients'),
    ),
  ),
  lazy('app.percentages: a merchant cannot move its percentages to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.percentages set merchant_id = '${w.B.merchantId}'`,
      'policy',
      everyColumn('app.percentages'),
    ),
  ),
  lazy('app.operators: a merchant cannot move its operators to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.operators set merchant_id = '${w.B.merchantId}'`,
      'policy',
      everyColumn('app.operators'),
    ),
  ),
  lazy('app.resources: a merchant cannot move its resources to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.resources set merchant_id = '${w.B.merchantId}'`,
      'policy',
      everyColumn('app.resources'),
    ),
  ),
  lazy('app.treatments: a merchant cannot move its treatments to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.treatments set merchant_id = '${w.B.merchantId}'`,
      'policy',
      everyColumn('app.treatments'),
    ),
  ),
  lazy('app.reservations: a merchant cannot move its reservations to another merchant', (w) =>
    refused(
      '',
      'merchantA',
      `update app.reservations set merchant_id = '${w.B.merchantId}'`,
      'policy',
      withoutStateMachine,
    ),
  ),
  lazy('app.reservations: a client cannot give its reservations to another client', (w) =>
    refused(
      '',
      'clientA',
      `update app.reservations set client_id = '${w.A.friendId}'`,
      'policy',
      withoutStateMachine,
    ),
  ),
];
