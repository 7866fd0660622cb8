import {
  dayOffTypes,
  dayOffTypeLabels,
  type CalendarEmployee,
  type DayOffType,
  type DayPlan,
  type NewPlanViolation,
  type PendingDayOff,
} from '@smena/contract';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { DATE_FORMAT, TIME_FORMAT } from '../../../lib/dates.ts';
import { useCreateDayOff } from '../api/create-day-off.ts';
import { useDecideRequest, type RequestDecision } from '../api/decide-request.ts';
import { useDeleteRoster } from '../api/delete-roster.ts';
import { useSetRoster } from '../api/set-roster.ts';
import { cellView, wallTime } from '../cell-format.ts';
import { longDate } from '../month.ts';
import { pendingOn, periodText } from '../pending-requests.ts';
import { markText, shiftMeetsUnavailable } from '../availability-marks.ts';
import { notifySaved, refusedViolations } from '../plan-warnings.ts';
import { PlanViolationsAlert } from './plan-violations-alert.tsx';
import { ShiftFields } from './shift-fields.tsx';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

export type CellEditorTarget = { employee: CalendarEmployee; plan: DayPlan };

type ShiftValues = { start: Dayjs | null; end: Dayjs | null; breakMinutes: number | null };
type AbsenceValues = { type: DayOffType; period: [Dayjs, Dayjs] | null; comment?: string };

const TYPE_OPTIONS = dayOffTypes.map((type) => ({
  value: type,
  label: dayOffTypeLabels[type],
}));

function time(value: string): Dayjs {
  return dayjs(`2000-01-01T${value}`);
}

function initialShift(plan: DayPlan): ShiftValues {
  const [first] = plan.shifts;
  if (first)
    return {
      start: time(wallTime(first.start)),
      end: time(wallTime(first.end)),
      breakMinutes: first.breakMinutes,
    };
  return { start: time('09:00'), end: time('18:00'), breakMinutes: 60 };
}

/** What a manager can do with one employee's date: a shift, a rest day, an absence. */
export function CellEditor({
  target,
  onClose,
  fullScreen,
}: {
  target: CellEditorTarget | null;
  onClose: () => void;
  fullScreen: boolean;
}) {
  return (
    <Modal
      open={target !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={fullScreen ? '100%' : 480}
      style={fullScreen ? { top: 0, maxWidth: '100vw', margin: 0, padding: 0 } : undefined}
      title={target ? target.employee.name : ''}
    >
      {target && (
        <CellEditorBody
          key={`${target.employee.employeeId}:${target.plan.date}`}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function CellEditorBody({ target, onClose }: { target: CellEditorTarget; onClose: () => void }) {
  const { employee, plan } = target;
  const view = cellView(plan);
  const setRoster = useSetRoster();
  const deleteRoster = useDeleteRoster();
  const createDayOff = useCreateDayOff();
  const decideRequest = useDecideRequest();
  const requests = pendingOn(employee.requests, plan.date);
  const [shiftForm] = Form.useForm<ShiftValues>();
  const [absenceForm] = Form.useForm<AbsenceValues>();
  const [error, setError] = useState<string | null>(null);
  // A change the company's hard stop refused: the Labour Code rules it would break.
  const [refused, setRefused] = useState<NewPlanViolation[]>([]);
  const mark = employee.availability.find((item) => item.date === plan.date);
  // A shift over «Не могу» waits for the manager to confirm it (a warning, not a ban).
  const [unconfirmedShift, setUnconfirmedShift] = useState<ShiftValues | null>(null);
  const busy =
    setRoster.isPending ||
    deleteRoster.isPending ||
    createDayOff.isPending ||
    decideRequest.isPending;

  // The reason stays in the dialog, next to what the manager tried.
  const fail = (reason: unknown) => {
    const violations = refusedViolations(reason);
    if (violations && violations.length > 0) setRefused(violations);
    else setError(getErrorMessage(reason));
  };
  const clearErrors = () => {
    setError(null);
    setRefused([]);
  };

  const placeShift = (values: ShiftValues, confirmed = false) => {
    if (!values.start || !values.end) return;
    clearErrors();
    if (
      !confirmed &&
      shiftMeetsUnavailable(mark, values.start.format(TIME_FORMAT), values.end.format(TIME_FORMAT))
    ) {
      setUnconfirmedShift(values);
      return;
    }
    setUnconfirmedShift(null);
    setRoster.mutate(
      {
        employeeId: employee.employeeId,
        date: plan.date,
        shifts: [
          {
            start: values.start.format(TIME_FORMAT),
            end: values.end.format(TIME_FORMAT),
            breakMinutes: values.breakMinutes ?? 0,
          },
        ],
      },
      {
        onSuccess: (entry) => {
          notifySaved('Смена поставлена', entry.violations);
          onClose();
        },
        onError: fail,
      },
    );
  };

  const makeRest = () => {
    clearErrors();
    setRoster.mutate(
      { employeeId: employee.employeeId, date: plan.date, shifts: [] },
      {
        onSuccess: (entry) => {
          notifySaved('День сделан выходным', entry.violations);
          onClose();
        },
        onError: fail,
      },
    );
  };

  const removeOverride = () => {
    clearErrors();
    deleteRoster.mutate(
      { employeeId: employee.employeeId, date: plan.date },
      {
        onSuccess: (result) => {
          notifySaved('Изменение убрано: действует график', result.violations);
          onClose();
        },
        onError: fail,
      },
    );
  };

  const markAbsence = (values: AbsenceValues) => {
    if (!values.period) return;
    setError(null);
    createDayOff.mutate(
      {
        employeeId: employee.employeeId,
        type: values.type,
        from: values.period[0].format(DATE_FORMAT),
        to: values.period[1].format(DATE_FORMAT),
        comment: values.comment?.trim() ?? '',
      },
      {
        onSuccess: () => {
          notify.success('Отсутствие отмечено');
          onClose();
        },
        onError: fail,
      },
    );
  };

  const decide = (request: PendingDayOff, decision: RequestDecision, comment: string) => {
    setError(null);
    decideRequest.mutate(
      { id: request.id, decision, comment: comment.trim() },
      {
        onSuccess: () => {
          notify.success(
            `Заявка ${decision === 'approve' ? 'одобрена' : 'отклонена'}: ${dayOffTypeLabels[
              request.type
            ].toLowerCase()}, ${periodText(request.from, request.to)}`,
          );
          onClose();
        },
        onError: fail,
      },
    );
  };

  const shiftTab = (
    <Form
      onKeyDown={keepEnterInFields}
      form={shiftForm}
      layout="vertical"
      initialValues={initialShift(plan)}
      onFinish={(values) => placeShift(values)}
      onValuesChange={() => setUnconfirmedShift(null)}
      requiredMark
    >
      <ShiftFields />
      {unconfirmedShift && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          style={{ marginBottom: 12 }}
          title="Сотрудник отметил, что не может работать в это время"
          description={
            <Flex vertical gap={8}>
              <Typography.Text>Всё равно поставить смену?</Typography.Text>
              <Space wrap>
                <Button
                  type="primary"
                  danger
                  loading={setRoster.isPending}
                  disabled={busy}
                  onClick={() => placeShift(unconfirmedShift, true)}
                >
                  Всё равно поставить
                </Button>
                <Button disabled={busy} onClick={() => setUnconfirmedShift(null)}>
                  Отмена
                </Button>
              </Space>
            </Flex>
          }
        />
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={setRoster.isPending} disabled={busy}>
          Поставить смену
        </Button>
        <Button onClick={makeRest} disabled={busy}>
          Сделать выходным
        </Button>
        {plan.rosterOverride && (
          <Popconfirm
            title="Вы уверены?"
            description="День снова будет по графику сотрудника."
            okText="Убрать"
            cancelText="Отмена"
            onConfirm={removeOverride}
          >
            <Button danger loading={deleteRoster.isPending} disabled={busy}>
              Убрать изменение
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );

  const absenceTab = (
    <Form
      onKeyDown={keepEnterInFields}
      form={absenceForm}
      layout="vertical"
      initialValues={{
        type: 'VACATION',
        period: [dayjs(plan.date), dayjs(plan.date)],
        comment: '',
      }}
      onFinish={markAbsence}
      requiredMark
    >
      <Form.Item label="Тип" name="type" rules={[{ required: true, message: 'Выберите тип' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        label="Период"
        name="period"
        rules={[{ required: true, message: 'Укажите период' }]}
      >
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowClear={false}
          style={{ width: '100%' }}
          placeholder={['С', 'По']}
        />
      </Form.Item>
      <Form.Item label="Комментарий" name="comment">
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={createDayOff.isPending} disabled={busy}>
        Отметить отсутствие
      </Button>
    </Form>
  );

  return (
    <div>
      <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{longDate(plan.date)}</Typography.Text>
        <Tag className={`smena-cal-tag smena-cal-tone--${view.tone}`}>{view.description}</Tag>
      </Flex>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <PlanViolationsAlert violations={refused} refused />
      {mark && (
        <Alert
          type={mark.kind === 'UNAVAILABLE' ? 'error' : 'info'}
          showIcon
          title={markText(mark)}
          style={{ marginBottom: 12 }}
        />
      )}
      {requests.map((request) => (
        <PendingRequest
          key={request.id}
          request={request}
          busy={busy}
          deciding={decideRequest.isPending ? decideRequest.variables?.decision : undefined}
          onDecide={(decision, comment) => decide(request, decision, comment)}
        />
      ))}
      <Tabs
        defaultActiveKey={plan.kind === 'DAY_OFF' ? 'absence' : 'shift'}
        items={[
          { key: 'shift', label: 'Смена', children: shiftTab },
          { key: 'absence', label: 'Отсутствие', children: absenceTab },
        ]}
      />
    </div>
  );
}

/** An employee's request covering the date: the manager approves or rejects it right here. */
function PendingRequest({
  request,
  busy,
  deciding,
  onDecide,
}: {
  request: PendingDayOff;
  busy: boolean;
  deciding: RequestDecision | undefined;
  onDecide: (decision: RequestDecision, comment: string) => void;
}) {
  const [comment, setComment] = useState('');
  const commentId = `request-${request.id}-comment`;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title="Заявка на отсутствие ожидает решения"
      description={
        <Flex vertical gap={8}>
          <Typography.Text>
            <Typography.Text strong>{dayOffTypeLabels[request.type]}</Typography.Text>,{' '}
            {periodText(request.from, request.to)}
          </Typography.Text>
          {request.comment && (
            <Typography.Text type="secondary">
              Комментарий сотрудника: {request.comment}
            </Typography.Text>
          )}
          <Flex vertical gap={4}>
            <label htmlFor={commentId}>Комментарий к решению</label>
            <Input.TextArea
              id={commentId}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              maxLength={1000}
              autoSize={{ minRows: 1, maxRows: 3 }}
              placeholder="Необязательно — сотрудник увидит его"
            />
          </Flex>
          <Space wrap>
            <Button
              type="primary"
              loading={deciding === 'approve'}
              disabled={busy}
              onClick={() => onDecide('approve', comment)}
            >
              Одобрить
            </Button>
            <Popconfirm
              title="Отклонить заявку?"
              description="Сотрудник увидит, что заявка отклонена."
              okText="Отклонить"
              okButtonProps={{ danger: true }}
              cancelText="Отмена"
              onConfirm={() => onDecide('reject', comment)}
            >
              <Button danger loading={deciding === 'reject'} disabled={busy}>
                Отклонить
              </Button>
            </Popconfirm>
          </Space>
        </Flex>
      }
    />
  );
}
