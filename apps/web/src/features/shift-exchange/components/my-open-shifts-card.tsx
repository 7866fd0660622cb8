import { claimStatusLabels, type AvailableOpenShift } from '@smena/contract';
import { Alert, App, Button, Card, Empty, Skeleton, Tag } from 'antd';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import {
  useAvailableOpenShifts,
  useClaimOpenShift,
  useWithdrawClaim,
} from '../api/shift-exchange-api.ts';
import { dateLabel, timeLabel } from '../shift-exchange-format.ts';
import './shift-exchange.css';

const claimColors = { PENDING: 'gold', APPROVED: 'green', REJECTED: 'red', WITHDRAWN: 'default' };

/**
 * «Открытые смены» on the employee's home (decision 029): the shifts of their branches they could
 * take, with the free places; «Взять смену» claims one (applied at once or after the manager's
 * approval, as the company set), a waiting claim can be withdrawn.
 */
export function MyOpenShiftsCard() {
  const shifts = useAvailableOpenShifts();
  const claim = useClaimOpenShift();
  const withdraw = useWithdrawClaim();
  const { modal } = App.useApp();
  const auto = shifts.data?.mode === 'AUTO';
  const items = shifts.data?.items ?? [];

  const take = (shift: AvailableOpenShift) =>
    claim
      .mutateAsync(shift.id)
      .then((result) =>
        notify.success(
          result.status === 'APPROVED'
            ? 'Смена ваша — она уже в графике'
            : 'Заявка отправлена руководителю',
        ),
      )
      .catch(() => undefined);
  const confirmWithdraw = (id: number) =>
    modal.confirm({
      title: 'Отозвать заявку?',
      okText: 'Отозвать',
      cancelText: 'Отмена',
      onOk: () =>
        withdraw
          .mutateAsync(id)
          .then(() => notify.success('Заявка отозвана'))
          .catch(() => undefined),
    });

  return (
    <Card variant="borderless" title="Открытые смены" className="smena-exchange">
      {shifts.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(shifts.error)} />
      ) : shifts.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Свободных смен для вас сейчас нет. Когда руководитель выложит смену, придёт уведомление."
        />
      ) : (
        <ul className="smena-exchange__list" aria-label="Открытые смены">
          {items.map((shift) => (
            <li key={shift.id} className="smena-exchange__item">
              <div className="smena-exchange__head">
                <span>{dateLabel(shift.date)}</span>
                <span>{timeLabel(shift)}</span>
              </div>
              <div>
                {shift.branchTitle}
                {shift.positionTitle ? ` · ${shift.positionTitle}` : ''}
              </div>
              <div className="smena-exchange__muted">
                Свободно мест: {Math.max(shift.headcount - shift.filled, 0)} из {shift.headcount}
                {shift.comment ? ` · ${shift.comment}` : ''}
              </div>
              {shift.myClaim ? (
                <div className="smena-exchange__actions">
                  <Tag color={claimColors[shift.myClaim.status]}>
                    {shift.myClaim.status === 'APPROVED'
                      ? 'Смена ваша'
                      : claimStatusLabels[shift.myClaim.status]}
                  </Tag>
                  {shift.myClaim.reason && (
                    <span className="smena-exchange__muted">{shift.myClaim.reason}</span>
                  )}
                  {shift.myClaim.status === 'PENDING' && (
                    <Button size="small" onClick={() => confirmWithdraw(shift.myClaim!.id)}>
                      Отозвать
                    </Button>
                  )}
                </div>
              ) : (
                <div className="smena-exchange__actions">
                  <Button
                    type="primary"
                    loading={claim.isPending && claim.variables === shift.id}
                    onClick={() => take(shift)}
                  >
                    {auto ? 'Взять смену' : 'Откликнуться'}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
