import { EditOutlined } from '@ant-design/icons';
import { correctionKindLabels } from '@smena/contract';
import { Alert, App, Button, Card, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { useWithdrawCorrectionRequest } from '../api/decide-correction-request.ts';
import { useMyCorrectionRequests } from '../api/get-my-correction-requests.ts';
import { askedText } from '../correction-format.ts';
import type { CorrectionBranch } from './correction-request-modal.tsx';
import { CorrectionStatusTag } from './correction-status-tag.tsx';
import './correction-requests.css';

const SHOWN = 10;

// The form loads when it is first opened: the home page's first load stays small on a phone.
const CorrectionRequestModal = lazy(() =>
  import('./correction-request-modal.tsx').then((module) => ({
    default: module.CorrectionRequestModal,
  })),
);

/**
 * «Исправления» on the employee's home, under «Мои отметки»: their requests with the status and
 * the manager's answer; a waiting one can be withdrawn; «Исправить отметку» opens the form.
 */
export function MyCorrectionRequestsCard({
  branches,
  today,
}: {
  branches: readonly CorrectionBranch[];
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const requests = useMyCorrectionRequests({ page: 1, limit: SHOWN });
  const withdraw = useWithdrawCorrectionRequest();
  const { modal } = App.useApp();
  const confirmWithdraw = (id: number) =>
    modal.confirm({
      title: 'Отозвать запрос?',
      content: 'Руководитель его больше не увидит.',
      okText: 'Отозвать',
      cancelText: 'Отмена',
      onOk: () =>
        withdraw
          .mutateAsync(id)
          .then(() => notify.success('Запрос отозван'))
          .catch(() => undefined),
    });
  const items = requests.data?.items ?? [];
  const ask = (
    <Button block icon={<EditOutlined />} onClick={() => setOpen(true)}>
      Исправить отметку
    </Button>
  );

  return (
    <Card variant="borderless" className="smena-my-corrections" title="Исправления">
      {requests.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(requests.error)} />
      ) : requests.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Забыли отметиться или были в командировке — попросите исправить, руководитель рассмотрит."
        >
          {ask}
        </Empty>
      ) : (
        <>
          <ul className="smena-my-corrections__list" aria-label="Мои запросы на исправление">
            {items.map((item) => (
              <li key={item.id} className="smena-my-corrections__item">
                <div className="smena-my-corrections__head">
                  <span className="smena-my-corrections__date">{item.date}</span>
                  <CorrectionStatusTag status={item.status} />
                </div>
                <div>{correctionKindLabels[item.kind]}</div>
                <div className="smena-my-corrections__asked">{askedText(item)}</div>
                {item.status === 'REJECTED' && item.reason && (
                  <div className="smena-my-corrections__note">Причина отказа: {item.reason}</div>
                )}
                {item.status === 'PENDING' && (
                  <Button
                    size="small"
                    type="link"
                    className="smena-my-corrections__withdraw"
                    onClick={() => confirmWithdraw(item.id)}
                  >
                    Отозвать
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <div style={{ marginTop: 12 }}>{ask}</div>
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <CorrectionRequestModal
            open
            onClose={() => setOpen(false)}
            branches={branches}
            today={today}
          />
        </Suspense>
      )}
    </Card>
  );
}
