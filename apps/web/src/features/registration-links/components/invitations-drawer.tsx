import { LinkOutlined } from '@ant-design/icons';
import { CreateEmployeeLinkInputSchema, type RegistrationLink } from '@smena/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Drawer,
  Empty,
  Form,
  Grid,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { getErrorMessage } from '../../../lib/api-error.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { applyServerFieldErrors } from '../../../lib/form.ts';
import { useCreateRegistrationLink } from '../api/create-registration-link.ts';
import { useRegistrationLinks } from '../api/get-registration-links.ts';
import { endOfDayInZone } from '../link-format.ts';
import { InvitationCard } from './invitation-card.tsx';
import './registration-links.css';
import { todayIn } from '../../../lib/zoned-time.ts';

export type InvitationOption = { id: number; title: string };

type CreateValues = {
  departmentId: number | null;
  positionId: number | null;
  expiresOn: Dayjs | null;
  maxUses: number | null;
};

export type InvitationsDrawerProps = {
  open: boolean;
  onClose: () => void;
  departments: InvitationOption[];
  positions: InvitationOption[];
  optionsLoading?: boolean;
  hideDepartments: boolean;
  /** The company's timezone: «Действует до» ends at midnight there. */
  timeZone: string;
};

/** «Приглашения»: create a link for employees to register themselves, and manage active ones. */
export function InvitationsDrawer({ open, onClose, ...rest }: InvitationsDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isPhone ? '100%' : 600}
      title="Приглашения"
      destroyOnHidden
    >
      <InvitationsPanel {...rest} />
    </Drawer>
  );
}

function InvitationsPanel({
  departments,
  positions,
  optionsLoading,
  hideDepartments,
  timeZone,
}: Omit<InvitationsDrawerProps, 'open' | 'onClose'>) {
  const links = useRegistrationLinks('ACTIVE');
  const [createdId, setCreatedId] = useState<string | null>(null);
  const items = links.data?.items ?? [];

  return (
    <div className="smena-invitations">
      <Typography.Paragraph type="secondary">
        Отправьте ссылку или покажите QR-код: сотрудник сам заполнит свои данные и сразу попадёт в
        компанию. Отдел и должность из приглашения назначатся автоматически.
      </Typography.Paragraph>
      <CreateInvitationForm
        departments={departments}
        positions={positions}
        optionsLoading={optionsLoading}
        hideDepartments={hideDepartments}
        timeZone={timeZone}
        onCreated={(link) => setCreatedId(link.id)}
      />
      <Typography.Title level={2} className="smena-invitations__heading">
        Активные приглашения
        {links.data && links.data.total > 0 && (
          <Typography.Text type="secondary" className="smena-invitations__count">
            {links.data.total}
          </Typography.Text>
        )}
      </Typography.Title>
      {links.isPending ? (
        <Skeleton active />
      ) : links.isError ? (
        <Alert
          type="error"
          showIcon
          title="Не удалось загрузить приглашения"
          description={getErrorMessage(links.error)}
          action={
            <Button size="small" onClick={() => void links.refetch()}>
              Повторить
            </Button>
          }
        />
      ) : items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="Активных приглашений нет — создайте первое выше"
        />
      ) : (
        <ul className="smena-invitations__list">
          {items.map((link) => (
            <li key={link.id}>
              <InvitationCard
                link={link}
                timeZone={timeZone}
                hideDepartments={hideDepartments}
                highlighted={link.id === createdId}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateInvitationForm({
  departments,
  positions,
  optionsLoading,
  hideDepartments,
  timeZone,
  onCreated,
}: Omit<InvitationsDrawerProps, 'open' | 'onClose'> & {
  onCreated: (link: RegistrationLink) => void;
}) {
  const [form] = Form.useForm<CreateValues>();
  const create = useCreateRegistrationLink();
  const [error, setError] = useState<string | null>(null);
  const today = todayIn(timeZone);

  const onFinish = async (values: CreateValues) => {
    setError(null);
    try {
      const input = CreateEmployeeLinkInputSchema.parse({
        departmentId: hideDepartments ? null : (values.departmentId ?? null),
        positionId: values.positionId ?? null,
        expiresAt: values.expiresOn
          ? endOfDayInZone(values.expiresOn.format(DATE_FORMAT), timeZone)
          : null,
        maxUses: values.maxUses ?? null,
      });
      const link = await create.mutateAsync(input);
      notify.success('Приглашение создано — скопируйте ссылку или покажите QR-код');
      form.resetFields();
      onCreated(link);
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught, { expiresAt: 'expiresOn' })) {
        setError(getErrorMessage(caught));
      }
    }
  };

  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    loading: optionsLoading,
    notFoundContent: optionsLoading ? 'Загрузка…' : 'Ничего не найдено',
  } as const;

  return (
    <Card size="small" title="Создать приглашение" className="smena-invitations__create">
      {error && (
        <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 16 }} />
      )}
      <Form<CreateValues>
        form={form}
        layout="vertical"
        initialValues={{ departmentId: null, positionId: null, expiresOn: null, maxUses: null }}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => {
          if (error) setError(null);
        }}
      >
        <Row gutter={12}>
          {!hideDepartments && (
            <Col xs={24} sm={12}>
              <Form.Item label="Отдел" name="departmentId">
                <Select
                  {...selectProps}
                  placeholder="Любой"
                  options={departments.map((item) => ({ value: item.id, label: item.title }))}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={hideDepartments ? 24 : 12}>
            <Form.Item label="Должность" name="positionId">
              <Select
                {...selectProps}
                placeholder="Любая"
                options={positions.map((item) => ({ value: item.id, label: item.title }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Действует до"
              name="expiresOn"
              extra="Включительно; пусто — бессрочно"
            >
              <DatePicker
                format={DATE_FORMAT}
                style={{ width: '100%' }}
                placeholder="Бессрочно"
                disabledDate={(date) => date.format(DATE_FORMAT) < today}
                defaultPickerValue={dayjs(today, DATE_FORMAT)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="Сколько раз можно использовать"
              name="maxUses"
              extra="Пусто — без ограничений"
              rules={[
                {
                  validator: (_rule, value: number | null | undefined) => {
                    if (value === null || value === undefined) return Promise.resolve();
                    const result = CreateEmployeeLinkInputSchema.shape.maxUses.safeParse(value);
                    return result.success
                      ? Promise.resolve()
                      : Promise.reject(new Error(result.error.issues[0]?.message));
                  },
                },
              ]}
            >
              <InputNumber
                min={1}
                max={10_000}
                precision={0}
                style={{ width: '100%' }}
                placeholder="Без ограничений"
              />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" icon={<LinkOutlined />} loading={create.isPending}>
          Создать приглашение
        </Button>
      </Form>
    </Card>
  );
}
