import type { DayOff } from '@smena/contract';
import { dayOffTypeLabels } from '@smena/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { useDecideDayOff } from '../api/decide-day-off.ts';
import { useDeleteDayOff } from '../api/delete-day-off.ts';
import { dayOffSubject, periodLabel } from '../day-off-format.ts';
import { useAbsenceDays } from '../use-absence-days.ts';
import { DayOffFormDrawer } from './day-off-form-drawer.tsx';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

export type DayOffRowActions = {
  onApprove: (dayOff: DayOff) => void;
  onReject: (dayOff: DayOff) => void;
  onEdit: (dayOff: DayOff) => void;
  onDelete: (dayOff: DayOff) => void;
};

export type DayOffDialogs = {
  openCreate: () => void;
  actions: DayOffRowActions;
  /** Which entry has a decision on its way (its buttons spin). */
  pendingId: number | null;
  /** The drawer and modals; render once on the page. */
  dialogs: ReactNode;
};

function describe(dayOff: DayOff, count: { days: number; holidays: number }): string {
  return `${dayOffTypeLabels[dayOff.type]}: ${dayOffSubject(dayOff)}, ${periodLabel(dayOff.from, dayOff.to, count)}`;
}

const thisYear = new Date().getFullYear();
/** Decisions concern this year's absences and their neighbours'. */
const DECISION_YEARS = [thisYear - 1, thisYear, thisYear + 1];

/** The form drawer, the rejection modal and the delete confirmation of the day-offs list. */
export function useDayOffDialogs(): DayOffDialogs {
  const { modal } = App.useApp();
  const [formState, setFormState] = useState<{ open: boolean; dayOff?: DayOff }>({ open: false });
  const [rejecting, setRejecting] = useState<DayOff | null>(null);
  const [rejectComment, setRejectComment] = useState('');
  const decide = useDecideDayOff();
  const remove = useDeleteDayOff();
  const pendingId = decide.isPending ? (decide.variables?.id ?? null) : null;
  const countDays = useAbsenceDays(DECISION_YEARS);

  const approve = (dayOff: DayOff) => {
    decide.mutate(
      { id: dayOff.id, decision: 'approve', input: {} },
      {
        onSuccess: () =>
          notify.success(
            `Заявка утверждена: ${describe(dayOff, countDays(dayOff.type, dayOff.from, dayOff.to))}`,
          ),
      },
    );
  };

  const reject = async () => {
    if (!rejecting) return;
    const comment = rejectComment.trim();
    try {
      await decide.mutateAsync({
        id: rejecting.id,
        decision: 'reject',
        input: comment ? { comment } : {},
      });
      notify.success('Заявка отклонена');
      setRejecting(null);
    } catch {
      // The query client has shown the server's message.
    }
  };

  const confirmDelete = (dayOff: DayOff) => {
    modal.confirm({
      title: 'Удалить отсутствие?',
      content: `${describe(dayOff, countDays(dayOff.type, dayOff.from, dayOff.to))}. Запись исчезнет из календаря и табеля. Вы уверены?`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await remove.mutateAsync(dayOff.id);
          notify.success('Отсутствие удалено');
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  return {
    openCreate: () => setFormState({ open: true }),
    pendingId,
    actions: {
      onApprove: approve,
      onReject: (dayOff) => {
        setRejectComment('');
        setRejecting(dayOff);
      },
      onEdit: (dayOff) => setFormState({ open: true, dayOff }),
      onDelete: confirmDelete,
    },
    dialogs: (
      <>
        <DayOffFormDrawer
          open={formState.open}
          dayOff={formState.dayOff}
          onClose={() => setFormState({ open: false })}
        />
        <Modal
          open={rejecting !== null}
          title="Отклонить заявку?"
          okText="Отклонить"
          okButtonProps={{ danger: true }}
          cancelText="Отмена"
          confirmLoading={decide.isPending}
          onOk={() => void reject()}
          onCancel={() => setRejecting(null)}
          destroyOnHidden
        >
          {rejecting && (
            <p>{describe(rejecting, countDays(rejecting.type, rejecting.from, rejecting.to))}</p>
          )}
          <Form onKeyDown={keepEnterInFields} layout="vertical">
            <Form.Item
              label="Комментарий для сотрудника"
              htmlFor="day-off-reject-comment"
              extra="Необязательно: например, почему отказано или какие даты подойдут."
            >
              <Input.TextArea
                id="day-off-reject-comment"
                value={rejectComment}
                onChange={(event) => setRejectComment(event.target.value)}
                autoSize={{ minRows: 2, maxRows: 5 }}
                maxLength={1000}
              />
            </Form.Item>
          </Form>
        </Modal>
      </>
    ),
  };
}
