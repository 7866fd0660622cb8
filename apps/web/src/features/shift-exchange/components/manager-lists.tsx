import {
  availabilityKindLabels,
  claimStatusLabels,
  swapStatusLabels,
  type AvailabilityMark,
  type ClaimWithShift,
  type OpenShift,
  type ShiftSwap,
} from '@smena/contract';
import { Alert, App, Button, Empty, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import {
  useCancelOpenShift,
  useClaims,
  useDecideClaim,
  useDecideSwap,
  useOpenShifts,
  useSwaps,
} from '../api/shift-exchange-api.ts';
import { dateLabel, timeLabel } from '../shift-exchange-format.ts';
import { RejectReasonModal } from './reject-reason-modal.tsx';
import './shift-exchange.css';

const claimColors = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red', WITHDRAWN: 'default' };
const swapColors = {
  OFFERED: 'blue',
  ACCEPTED: 'gold',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELLED: 'default',
};

/** «Сотрудник отметил: не может работать (с 10:00 до 14:00)» — the warning before approving. */
export function availabilityWarning(mark: AvailabilityMark | null): string | null {
  if (!mark) return null;
  const hours = mark.start ? ` с ${mark.start} до ${mark.end}` : '';
  const comment = mark.comment ? ` (${mark.comment})` : '';
  return `Сотрудник отметил на эту дату: «${availabilityKindLabels[mark.kind]}»${hours}${comment}`;
}

function Warning({ mark }: { mark: AvailabilityMark | null }) {
  const text = availabilityWarning(mark);
  if (!text) return null;
  return (
    <Alert
      type={mark?.kind === 'UNAVAILABLE' ? 'warning' : 'info'}
      showIcon
      title={text}
      style={{ marginTop: 4 }}
    />
  );
}

function useAskApproval() {
  const { modal } = App.useApp();
  return (mark: AvailabilityMark | null, run: () => Promise<unknown>) => {
    if (mark?.kind !== 'UNAVAILABLE') {
      void run().catch(() => undefined);
      return;
    }
    modal.confirm({
      title: 'Сотрудник отметил, что не может работать в этот день',
      content: 'Всё равно одобрить?',
      okText: 'Одобрить',
      cancelText: 'Отмена',
      onOk: () => run().catch(() => undefined),
    });
  };
}

function ListState({
  loading,
  error,
  empty,
  emptyText,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
}) {
  if (error) return <Alert type="error" showIcon title={getErrorMessage(error)} />;
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (empty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return null;
}

/** The open shifts from today on, with their claims; cancelling one rejects its waiting claims. */
export function OpenShiftsList({ from }: { from: string }) {
  const shifts = useOpenShifts(from);
  const cancel = useCancelOpenShift();
  const { modal } = App.useApp();
  const items: OpenShift[] = shifts.data?.items ?? [];
  const state = (
    <ListState
      loading={shifts.isPending}
      error={shifts.error}
      empty={items.length === 0}
      emptyText="Открытых смен нет. Выложите смену — подходящие сотрудники получат уведомление."
    />
  );
  if (shifts.isPending || shifts.isError || items.length === 0) return state;
  return (
    <ul className="smena-exchange__list" aria-label="Открытые смены">
      {items.map((shift) => (
        <li key={shift.id} className="smena-exchange__item">
          <div className="smena-exchange__head">
            <span>
              {dateLabel(shift.date)} · {timeLabel(shift)}
            </span>
            {shift.status === 'CANCELLED' ? (
              <Tag>Отменена</Tag>
            ) : (
              <Tag color={shift.filled >= shift.headcount ? 'green' : 'blue'}>
                Занято {shift.filled} из {shift.headcount}
              </Tag>
            )}
          </div>
          <div>
            {shift.branchTitle}
            {shift.positionTitle ? ` · ${shift.positionTitle}` : ''}
          </div>
          {shift.comment && <div className="smena-exchange__muted">{shift.comment}</div>}
          {shift.claims.length > 0 && (
            <div className="smena-exchange__muted">
              {shift.claims
                .map((claim) => `${claim.employeeName} — ${claimStatusLabels[claim.status]}`)
                .join('; ')}
            </div>
          )}
          {shift.status === 'OPEN' && (
            <div className="smena-exchange__actions">
              <Button
                size="small"
                onClick={() =>
                  modal.confirm({
                    title: 'Отменить открытую смену?',
                    content: 'Ждущие заявки будут отклонены. Одобренные останутся в графике.',
                    okText: 'Отменить смену',
                    cancelText: 'Назад',
                    onOk: () =>
                      cancel
                        .mutateAsync(shift.id)
                        .then(() => notify.success('Смена отменена'))
                        .catch(() => undefined),
                  })
                }
              >
                Отменить
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** «Одобрить» and «Отклонить» of a claim or a hand-over waiting for the manager. */
function DecisionButtons({ onApprove, onReject }: { onApprove: () => void; onReject: () => void }) {
  return (
    <div className="smena-exchange__actions">
      <Button type="primary" size="small" onClick={onApprove}>
        Одобрить
      </Button>
      <Button size="small" danger onClick={onReject}>
        Отклонить
      </Button>
    </div>
  );
}

/** Employees' claims, waiting ones to decide: approve (after a «Не могу» warning) or reject. */
export function ClaimsList({ selfId }: { selfId: number | null }) {
  const claims = useClaims(undefined);
  const decide = useDecideClaim();
  const ask = useAskApproval();
  const [rejecting, setRejecting] = useState<ClaimWithShift | null>(null);
  const items = claims.data?.items ?? [];
  if (claims.isPending || claims.isError || items.length === 0)
    return (
      <ListState
        loading={claims.isPending}
        error={claims.error}
        empty={items.length === 0}
        emptyText="Заявок нет. Сотрудники откликаются на открытые смены со своей главной страницы."
      />
    );
  return (
    <>
      <ul className="smena-exchange__list" aria-label="Заявки на открытые смены">
        {items.map((claim) => (
          <li key={claim.id} className="smena-exchange__item">
            <div className="smena-exchange__head">
              <span>{claim.employeeName}</span>
              <Tag color={claimColors[claim.status]}>{claimStatusLabels[claim.status]}</Tag>
            </div>
            <div>
              {dateLabel(claim.shift.date)} · {timeLabel(claim.shift)} · {claim.shift.branchTitle}
            </div>
            <div className="smena-exchange__muted">
              Занято {claim.shift.filled} из {claim.shift.headcount}
              {claim.reason ? ` · ${claim.reason}` : ''}
              {claim.decidedByName ? ` · решение: ${claim.decidedByName}` : ''}
            </div>
            {claim.status === 'PENDING' && <Warning mark={claim.availability} />}
            {claim.status === 'PENDING' && claim.employeeId !== selfId && (
              <DecisionButtons
                onApprove={() =>
                  ask(claim.availability, () =>
                    decide
                      .mutateAsync({ id: claim.id })
                      .then(() => notify.success('Смена поставлена в график')),
                  )
                }
                onReject={() => setRejecting(claim)}
              />
            )}
          </li>
        ))}
      </ul>
      <RejectReasonModal
        open={rejecting !== null}
        title="Отклонить заявку"
        saving={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          decide
            .mutateAsync({ id: rejecting!.id, reason })
            .then(() => {
              notify.success('Заявка отклонена');
              setRejecting(null);
            })
            .catch(() => undefined)
        }
      />
    </>
  );
}

/** Hand-overs of the scope: accepted ones wait for the manager's decision. */
export function SwapsList({ selfId }: { selfId: number | null }) {
  const swaps = useSwaps(undefined);
  const decide = useDecideSwap();
  const ask = useAskApproval();
  const [rejecting, setRejecting] = useState<ShiftSwap | null>(null);
  const items = swaps.data?.items ?? [];
  if (swaps.isPending || swaps.isError || items.length === 0)
    return (
      <ListState
        loading={swaps.isPending}
        error={swaps.error}
        empty={items.length === 0}
        emptyText="Обменов нет. Сотрудники предлагают смены коллегам со своей главной страницы."
      />
    );
  return (
    <>
      <ul className="smena-exchange__list" aria-label="Обмены сменами">
        {items.map((swap) => (
          <li key={swap.id} className="smena-exchange__item">
            <div className="smena-exchange__head">
              <span>
                {swap.fromName} → {swap.acceptedByName ?? swap.toName ?? 'любой подходящий'}
              </span>
              <Tag color={swapColors[swap.status]}>{swapStatusLabels[swap.status]}</Tag>
            </div>
            <div>
              {dateLabel(swap.date)} · {timeLabel(swap)} · {swap.branchTitle}
            </div>
            {(swap.comment || swap.reason) && (
              <div className="smena-exchange__muted">
                {[swap.comment, swap.reason].filter(Boolean).join(' · ')}
              </div>
            )}
            {swap.status === 'ACCEPTED' && <Warning mark={swap.availability} />}
            {swap.status === 'ACCEPTED' &&
              selfId !== swap.fromEmployeeId &&
              selfId !== swap.acceptedById && (
                <DecisionButtons
                  onApprove={() =>
                    ask(swap.availability, () =>
                      decide
                        .mutateAsync({ id: swap.id })
                        .then(() => notify.success('Обмен одобрен, графики обновлены')),
                    )
                  }
                  onReject={() => setRejecting(swap)}
                />
              )}
          </li>
        ))}
      </ul>
      <RejectReasonModal
        open={rejecting !== null}
        title="Отклонить обмен"
        saving={decide.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) =>
          decide
            .mutateAsync({ id: rejecting!.id, reason })
            .then(() => {
              notify.success('Обмен отклонён');
              setRejecting(null);
            })
            .catch(() => undefined)
        }
      />
    </>
  );
}
