import { swapStatusLabels, type ShiftSwap } from '@smena/contract';
import { addDays } from '@smena/time';
import { Alert, App, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useAnswerSwap, useMyComingPlan, useMySwaps } from '../api/shift-exchange-api.ts';
import { dateLabel, ownShifts, timeLabel, type OwnShift } from '../shift-exchange-format.ts';
import './shift-exchange.css';

/** How far ahead the card lists the employee's own shifts to hand over. */
export const COMING_DAYS = 14;

const swapColors = {
  OFFERED: 'blue',
  ACCEPTED: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELLED: 'default',
};

// The form loads when it is first opened: the home page's first load stays small on a phone.
const OfferSwapModal = lazy(() =>
  import('./offer-swap-modal.tsx').then((module) => ({ default: module.OfferSwapModal })),
);

const live = (swap: ShiftSwap) => swap.status === 'OFFERED' || swap.status === 'ACCEPTED';

/**
 * «Обмен сменами» on the employee's home (decision 029): offers of colleagues to take («Взять
 * смену», «Отказаться»), the caller's own offers (status, «Отменить»), and their coming shifts with
 * «Отдать смену», which opens the offer form (a named colleague or anyone eligible).
 */
export function MySwapsCard({ today }: { today: string }) {
  const swaps = useMySwaps();
  const plan = useMyComingPlan(today, addDays(today, COMING_DAYS - 1));
  const answer = useAnswerSwap();
  const { modal } = App.useApp();
  const [offering, setOffering] = useState<OwnShift | null>(null);

  const act = (swap: ShiftSwap, action: 'accept' | 'decline' | 'cancel') => {
    const texts = {
      accept: {
        title: 'Взять эту смену?',
        content: 'Смена перейдёт к вам, когда руководитель одобрит обмен.',
        ok: 'Взять',
        done: 'Вы приняли смену — ждём решения руководителя',
      },
      decline: {
        title: 'Отказаться от смены?',
        content: '',
        ok: 'Отказаться',
        done: 'Вы отказались',
      },
      cancel: {
        title: 'Отменить предложение?',
        content: '',
        ok: 'Отменить предложение',
        done: 'Предложение отменено',
      },
    }[action];
    modal.confirm({
      title: texts.title,
      content: texts.content || undefined,
      okText: texts.ok,
      cancelText: 'Назад',
      onOk: () =>
        answer
          .mutateAsync({ id: swap.id, action })
          .then(() => notify.success(texts.done))
          .catch(() => undefined),
    });
  };

  const offered = swaps.data?.offeredToMe ?? [];
  const mine = swaps.data?.mine ?? [];
  const offeredKeys = new Set(mine.filter(live).map((swap) => `${swap.date}|${swap.start}`));
  const coming = ownShifts(plan.data ?? []).filter((shift) => shift.date >= today);

  return (
    <Card variant="borderless" title="Обмен сменами" className="smena-exchange">
      {swaps.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(swaps.error)} />
      ) : swaps.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : (
        <>
          <section className="smena-exchange__section" aria-label="Предложения обмена">
            <div className="smena-exchange__section-title">Предложения обмена</div>
            {offered.length === 0 ? (
              <div className="smena-exchange__muted">Коллеги пока ничего не предлагают.</div>
            ) : (
              <ul className="smena-exchange__list">
                {offered.map((swap) => (
                  <li key={swap.id} className="smena-exchange__item">
                    <div className="smena-exchange__head">
                      <span>{dateLabel(swap.date)}</span>
                      <span>{timeLabel(swap)}</span>
                    </div>
                    <div>
                      {swap.fromName} · {swap.branchTitle}
                    </div>
                    {swap.comment && <div className="smena-exchange__muted">{swap.comment}</div>}
                    <div className="smena-exchange__actions">
                      <Button type="primary" onClick={() => act(swap, 'accept')}>
                        Взять смену
                      </Button>
                      {swap.toEmployeeId !== null && (
                        <Button onClick={() => act(swap, 'decline')}>Отказаться</Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {mine.length > 0 && (
            <section className="smena-exchange__section" aria-label="Мои предложения">
              <div className="smena-exchange__section-title">Мои предложения</div>
              <ul className="smena-exchange__list">
                {mine.map((swap) => (
                  <li key={swap.id} className="smena-exchange__item">
                    <div className="smena-exchange__head">
                      <span>{dateLabel(swap.date)}</span>
                      <Tag color={swapColors[swap.status]}>{swapStatusLabels[swap.status]}</Tag>
                    </div>
                    <div>
                      {timeLabel(swap)} →{' '}
                      {swap.acceptedByName ?? swap.toName ?? 'любому подходящему коллеге'}
                    </div>
                    {swap.reason && <div className="smena-exchange__muted">{swap.reason}</div>}
                    {live(swap) && (
                      <div className="smena-exchange__actions">
                        <Button size="small" onClick={() => act(swap, 'cancel')}>
                          Отменить
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className="smena-exchange__section" aria-label="Мои ближайшие смены">
            <div className="smena-exchange__section-title">Мои ближайшие смены</div>
            {plan.isPending ? (
              <Skeleton active paragraph={{ rows: 1 }} title={false} />
            ) : coming.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={`В ближайшие ${COMING_DAYS} дней смен нет`}
              />
            ) : (
              <ul className="smena-exchange__list">
                {coming.map((shift) => (
                  <li key={`${shift.date}|${shift.start}`} className="smena-exchange__item">
                    <div className="smena-exchange__head">
                      <span>{dateLabel(shift.date)}</span>
                      <span>{timeLabel(shift)}</span>
                    </div>
                    <div className="smena-exchange__actions">
                      {offeredKeys.has(`${shift.date}|${shift.start}`) ? (
                        <Tag color="blue">Предложена коллегам</Tag>
                      ) : (
                        <Button size="small" onClick={() => setOffering(shift)}>
                          Отдать смену / обменяться
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      {offering && (
        <Suspense fallback={null}>
          <OfferSwapModal open shift={offering} onClose={() => setOffering(null)} />
        </Suspense>
      )}
    </Card>
  );
}
