import {
  type CorrectionRequest,
  type Page,
  RejectCorrectionRequestInputSchema,
  correctionKindLabels,
} from '@smena/contract';
import {
  Button,
  Form,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Table,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { recordsCount } from '../../../components/layout/paged-table.tsx';
import { DATE_TIME_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import {
  useApproveCorrectionRequest,
  useRejectCorrectionRequest,
} from '../api/decide-correction-request.ts';
import { askedText } from '../correction-format.ts';
import { CorrectionStatusTag } from './correction-status-tag.tsx';
import './correction-requests.css';

const ReasonSchema = RejectCorrectionRequestInputSchema.shape.reason;

/** Who decided and when, with the reason of a refusal. */
function decisionText(request: CorrectionRequest): string {
  if (!request.decidedAt) return '';
  const when = dayjs(request.decidedAt).format(DATE_TIME_FORMAT);
  if (request.status === 'WITHDRAWN') return `Отозван ${when}`;
  const who = request.decidedByName ? `${request.decidedByName}, ` : '';
  return request.reason ? `${who}${when}: ${request.reason}` : `${who}${when}`;
}

/**
 * «Запросы на исправление» for managers: employee, date, what is asked, the comment, the status
 * and the decision; a waiting request is approved (after «Вы уверены?») or rejected with a reason.
 */
export function CorrectionRequestsTable({
  data,
  loading,
  empty,
  onPage,
  selfId,
  isPhone = false,
}: {
  data: Page<CorrectionRequest> | undefined;
  /** Phones get cards instead of the table. */
  isPhone?: boolean;
  /** The viewer's own requests are decided by someone else. */
  selfId: number | null;
  loading: boolean;
  empty: ReactNode;
  onPage: (page: number, limit: number) => void;
}) {
  const approve = useApproveCorrectionRequest();
  const [rejecting, setRejecting] = useState<CorrectionRequest | null>(null);

  /** Approve (after «Вы уверены?») and reject of a waiting request; none on one's own. */
  const actionsOf = (item: CorrectionRequest) =>
    item.status !== 'PENDING' ? null : item.employeeId === selfId ? (
      <span className="smena-corrections-table__own">Рассмотрит другой руководитель</span>
    ) : (
      <Space orientation={isPhone ? 'horizontal' : 'vertical'} size={isPhone ? 8 : 4}>
        <Popconfirm
          title="Одобрить запрос?"
          description="Отметка или код дня в табеле будут исправлены, сотрудник получит уведомление"
          okText="Одобрить"
          cancelText="Отмена"
          onConfirm={() =>
            approve
              .mutateAsync(item.id)
              .then(() => notify.success('Запрос одобрен, данные исправлены'))
              .catch(() => undefined)
          }
        >
          <Button
            size="small"
            type="primary"
            loading={approve.isPending && approve.variables === item.id}
          >
            Одобрить
          </Button>
        </Popconfirm>
        <Button size="small" danger onClick={() => setRejecting(item)}>
          Отклонить
        </Button>
      </Space>
    );

  const columns: TableProps<CorrectionRequest>['columns'] = [
    { title: 'Сотрудник', dataIndex: 'employeeName', key: 'employee' },
    { title: 'Дата', dataIndex: 'date', key: 'date', width: 110 },
    {
      title: 'Что исправить',
      key: 'kind',
      render: (_, item) => (
        <>
          <div>{correctionKindLabels[item.kind]}</div>
          <div className="smena-corrections-table__asked">{askedText(item)}</div>
        </>
      ),
    },
    { title: 'Комментарий', dataIndex: 'comment', key: 'comment' },
    {
      title: 'Статус',
      key: 'status',
      width: 140,
      render: (_, item) => <CorrectionStatusTag status={item.status} />,
    },
    { title: 'Решение', key: 'decision', width: 200, render: (_, item) => decisionText(item) },
    {
      title: '',
      key: 'actions',
      width: 130,
      render: (_, item) => actionsOf(item),
    },
  ];

  const pagination = {
    current: data?.page ?? 1,
    pageSize: data?.limit ?? 20,
    total: data?.total ?? 0,
    showTotal: recordsCount,
    onChange: onPage,
    hideOnSinglePage: true,
  };

  if (isPhone) {
    const items = data?.items ?? [];
    return (
      <>
        {items.length === 0 ? (
          loading ? null : (
            empty
          )
        ) : (
          <ul className="smena-corrections-cards" aria-label="Запросы на исправление">
            {items.map((item) => (
              <li key={item.id} className="smena-corrections-cards__item">
                <div className="smena-corrections-cards__head">
                  <strong>{item.employeeName}</strong>
                  <CorrectionStatusTag status={item.status} />
                </div>
                <div className="smena-corrections-table__asked">
                  {item.date} · {correctionKindLabels[item.kind]}
                </div>
                <div className="smena-corrections-table__asked">{askedText(item)}</div>
                <div>«{item.comment}»</div>
                {item.decidedAt && (
                  <div className="smena-corrections-cards__note">{decisionText(item)}</div>
                )}
                {actionsOf(item)}
              </li>
            ))}
          </ul>
        )}
        <Pagination {...pagination} size="small" style={{ marginTop: 12 }} />
        <RejectModal request={rejecting} onClose={() => setRejecting(null)} />
      </>
    );
  }

  return (
    <>
      <Table<CorrectionRequest>
        size="small"
        rowKey="id"
        aria-label="Запросы на исправление"
        columns={columns}
        dataSource={data?.items ?? []}
        loading={loading}
        locale={{ emptyText: empty }}
        pagination={pagination}
      />
      <RejectModal request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function RejectModal({
  request,
  onClose,
}: {
  request: CorrectionRequest | null;
  onClose: () => void;
}) {
  const reject = useRejectCorrectionRequest();
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    if (!request) return;
    try {
      await reject.mutateAsync({ id: request.id, input: { reason: reason.trim() } });
      notify.success('Запрос отклонён, сотрудник получит уведомление');
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) onClose();
    }
  };
  return (
    <Modal
      open={request !== null}
      onCancel={onClose}
      destroyOnHidden
      title={request ? `Отклонить запрос: ${request.employeeName}, ${request.date}` : ''}
      okText="Отклонить"
      okButtonProps={{ danger: true, loading: reject.isPending, htmlType: 'submit' }}
      cancelText="Отмена"
      onOk={() => form.submit()}
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          label="Причина"
          name="reason"
          required
          rules={[zodRule(ReasonSchema, 'Укажите причину отказа')]}
          extra="Сотрудник увидит её в своих запросах"
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
