import { cx } from 'class-variance-authority';
import type { Movement } from '@/features/merchant-loyalty/api/list-movements';
import { ReversalState } from '@/features/merchant-loyalty/components/movements-screen/reversal-state';
import { merchantLoyaltyTexts } from '@/features/merchant-loyalty/texts';
import { formatDate, formatMoney, formatTime } from '@/lib/format';

const t = merchantLoyaltyTexts.movimenti;
const c = t.columns;

/** A movement's three amounts, in both views; the net stands out. */
const amounts = [
  { label: c.spend, of: (movement: Movement) => movement.spend, strong: false },
  { label: c.discount, of: (movement: Movement) => movement.discount, strong: false },
  { label: c.net, of: (movement: Movement) => movement.net, strong: true },
];

/** The page's movements with their reversal state: a card each on a phone, a table on a wider screen. */
export function MovementList({
  movements,
  onReverse,
}: {
  movements: readonly Movement[];
  onReverse: (movement: Movement) => void;
}) {
  return (
    <>
      <ul className="grid gap-2 sm:hidden">
        {movements.map((movement) => (
          <li key={movement.id} className="rounded-xl border border-border bg-card p-4 shadow-sm">
            <div className="flex items-baseline justify-between gap-3">
              <p className="font-semibold">{movement.client_name}</p>
              <p className="text-sm text-muted-foreground tabular-nums">
                {formatDate(movement.date)} {formatTime(movement.time)}
              </p>
            </div>
            <p className="text-sm text-muted-foreground">
              {movement.client_code}
              {movement.receipt_number ? ` · ${c.receiptNumber} ${movement.receipt_number}` : null}
            </p>
            <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
              {amounts.map((amount) => (
                <div key={amount.label}>
                  <dt className="text-muted-foreground">{amount.label}</dt>
                  <dd className={cx('tabular-nums', amount.strong ? 'font-semibold' : 'font-medium')}>
                    {formatMoney(amount.of(movement))}
                  </dd>
                </div>
              ))}
            </dl>
            <div className="mt-3">
              <ReversalState movement={movement} reversal={movement.reversal} onReverse={onReverse} />
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-border bg-card shadow-sm sm:block">
        <table className="w-full text-left [&_td:not(:nth-child(3)):not(:last-child)]:whitespace-nowrap">
          <caption className="sr-only">{t.tableCaption}</caption>
          <thead className="border-b border-border bg-muted/60 text-sm">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.date}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.time}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.client}
              </th>
              {amounts.map((amount) => (
                <th key={amount.label} scope="col" className="px-4 py-3 text-right font-semibold">
                  {amount.label}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 font-semibold">
                {c.state}
              </th>
            </tr>
          </thead>
          <tbody>
            {movements.map((movement) => (
              <tr key={movement.id} className="border-b border-border last:border-0">
                <td className="px-4 py-3 tabular-nums">{formatDate(movement.date)}</td>
                <td className="px-4 py-3 tabular-nums">{formatTime(movement.time)}</td>
                <td className="px-4 py-3">
                  {movement.client_name}{' '}
                  <span className="text-sm text-muted-foreground">{movement.client_code}</span>
                  {movement.receipt_number ? (
                    <span className="block text-sm text-muted-foreground">
                      {c.receiptNumber} {movement.receipt_number}
                    </span>
                  ) : null}
                </td>
                {amounts.map((amount) => (
                  <td
                    key={amount.label}
                    className={cx(
                      'px-4 py-3 text-right whitespace-nowrap tabular-nums',
                      amount.strong && 'font-semibold',
                    )}
                  >
                    {formatMoney(amount.of(movement))}
                  </td>
                ))}
                <td className="px-4 py-3">
                  <ReversalState movement={movement} reversal={movement.reversal} onReverse={onReverse} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
