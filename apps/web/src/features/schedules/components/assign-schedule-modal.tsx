import { AssignScheduleInputSchema, type Schedule } from '@smena/contract';
import { Alert, Form, Grid, Modal, Select, Spin, type FormInstance } from 'antd';
import { useDeferredValue, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAssignSchedule } from '../api/assign-schedule.ts';
import { useEmployeeOptions } from '../api/search-employees.ts';
import { DateInput } from './time-inputs.tsx';
import { todayIn } from '../../../lib/zoned-time.ts';
import { keepEnterInFields } from '../../../components/form/enter-in-fields.ts';

/** The select's value for «Без графика» (a select cannot hold null). */
const NO_SCHEDULE = 'none';

type LabeledValue = { value: number; label: string };

type AssignValues = {
  scheduleId: number | typeof NO_SCHEDULE | undefined;
  employees: LabeledValue[];
  effectiveFrom: string;
};

type AssignScheduleModalProps = {
  open: boolean;
  schedules: Schedule[];
  /** The schedule to preselect (from a card's menu). */
  scheduleId: number | null;
  timezone: string;
  onClose: () => void;
};

function employeeName(employee: { lastName: string; firstName: string; middleName: string }) {
  return [employee.lastName, employee.firstName, employee.middleName].filter(Boolean).join(' ');
}

/** «Назначить график»: one schedule (or none) to many employees from a date on. */
export function AssignScheduleModal({
  open,
  schedules,
  scheduleId,
  timezone,
  onClose,
}: AssignScheduleModalProps) {
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<AssignValues>();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const employees = useEmployeeOptions(deferredSearch, open);
  const assign = useAssignSchedule();

  const onFinish = async (values: AssignValues) => {
    const parsed = AssignScheduleInputSchema.safeParse({
      employeeIds: (values.employees ?? []).map((employee) => employee.value),
      scheduleId: values.scheduleId === NO_SCHEDULE ? null : values.scheduleId,
      effectiveFrom: values.effectiveFrom,
    });
    if (!parsed.success) {
      (form as FormInstance).setFields(
        parsed.error.issues.map((issue) => ({
          name: issue.path[0] === 'employeeIds' ? 'employees' : String(issue.path[0]),
          errors: [issue.message],
        })),
      );
      return;
    }
    try {
      const { assigned } = await assign.mutateAsync(parsed.data);
      notify.success(
        `График назначен: ${assigned} ${assigned === 1 ? 'сотруднику' : 'сотрудникам'}`,
      );
      onClose();
    } catch (caught) {
      const fields = (isApiError(caught) ? (caught.details ?? []) : [])
        .map((detail) => ({
          name: detail.field.startsWith('employeeIds') ? 'employees' : detail.field,
          errors: [detail.message],
        }))
        .filter((field) => ['employees', 'scheduleId', 'effectiveFrom'].includes(field.name));
      if (fields.length > 0) (form as FormInstance).setFields(fields);
      else notify.apiError(caught);
    }
  };

  const scheduleOptions = [
    ...schedules.map((schedule) => ({
      value: schedule.id as number | typeof NO_SCHEDULE,
      label: (
        <span className="smena-assign__option">
          <span
            className="smena-schedule-dot smena-schedule-dot--inline"
            style={{ background: schedule.color }}
          />
          {schedule.title}
        </span>
      ),
      title: schedule.title,
    })),
    { value: NO_SCHEDULE, label: <span>Без графика</span>, title: 'Без графика' },
  ];

  const employeeOptions = (employees.data?.items ?? []).map((employee) => ({
    value: employee.id,
    label: employeeName(employee),
  }));

  return (
    <Modal
      open={open}
      title="Назначить график"
      okText="Назначить"
      cancelText="Отмена"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={assign.isPending}
      destroyOnHidden
      width={screens.md === false ? '100%' : 560}
    >
      <Form<AssignValues>
        onKeyDown={keepEnterInFields}
        form={form}
        layout="vertical"
        name="assign-schedule"
        requiredMark
        initialValues={{
          scheduleId: scheduleId ?? undefined,
          employees: [],
          effectiveFrom: todayIn(timezone),
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="График"
          name="scheduleId"
          required
          rules={[{ required: true, message: 'Выберите график' }]}
        >
          <Select
            placeholder="Выберите график"
            options={scheduleOptions}
            showSearch={{ optionFilterProp: 'title' }}
          />
        </Form.Item>
        <Form.Item
          label="Сотрудники"
          name="employees"
          required
          rules={[{ required: true, type: 'array', min: 1, message: 'Выберите сотрудников' }]}
        >
          <Select<LabeledValue[]>
            mode="multiple"
            labelInValue
            placeholder="Начните вводить фамилию"
            showSearch={{ filterOption: false, onSearch: setSearch }}
            onBlur={() => setSearch('')}
            options={employeeOptions}
            maxTagCount="responsive"
            notFoundContent={employees.isFetching ? <Spin size="small" /> : 'Никого не нашли'}
          />
        </Form.Item>
        <Form.Item
          label="Действует с"
          name="effectiveFrom"
          required
          rules={[{ required: true, message: 'Укажите дату' }]}
        >
          <DateInput style={{ width: 180 }} />
        </Form.Item>
        <Alert type="info" showIcon title="Прошедшие дни сохранят прежний график" />
      </Form>
    </Modal>
  );
}
