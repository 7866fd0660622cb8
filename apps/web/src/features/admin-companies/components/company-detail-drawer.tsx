import { EditOutlined, LockOutlined, LoginOutlined, UnlockOutlined } from '@ant-design/icons';
import type { AdminCompany, AuditEntry } from '@smena/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Grid,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { timezoneLabel } from '../../../components/form/timezone-select.tsx';
import { recordsCount } from '../../../components/layout/paged-table.tsx';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { displayPhone } from '../../../lib/phone-display.ts';
import { useAdminCompany } from '../api/get-admin-company.ts';
import { useCompanyAudit } from '../api/get-company-audit.ts';
import {
  describeAuditAction,
  describeAuditActor,
  enterBlocker,
  isOverLimit,
  seatsLabel,
} from '../company-format.ts';
import { CompanyStatusTag, PlanStateTag } from './company-tags.tsx';
import './admin-companies.css';

const AUDIT_PAGE_SIZE = 10;

export type CompanyDetailActions = {
  onEdit: (company: AdminCompany) => void;
  onEnter: (company: AdminCompany) => void;
  onToggleBlock: (company: AdminCompany) => void;
};

function AuditLog({ companyId, isPhone }: { companyId: number; isPhone: boolean }) {
  const [page, setPage] = useState(1);
  const audit = useCompanyAudit(companyId, { page, limit: AUDIT_PAGE_SIZE });
  const columns: TableProps<AuditEntry>['columns'] = [
    {
      key: 'createdAt',
      title: 'Когда',
      dataIndex: 'createdAt',
      width: 132,
      render: (value: string) => dayjs(value).format(`${DATE_FORMAT} HH:mm`),
    },
    {
      key: 'what',
      title: 'Что',
      render: (_value, entry) => (
        <>
          <div>{describeAuditAction(entry)}</div>
          <div className="smena-cell-sub">{describeAuditActor(entry)}</div>
        </>
      ),
    },
  ];
  return (
    <Table<AuditEntry>
      aria-label="Журнал действий"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={audit.data?.items ?? []}
      loading={audit.isFetching}
      rowClassName={(entry) => (entry.impersonator ? 'smena-audit-row--impersonated' : '')}
      locale={{ emptyText: 'Записей пока нет' }}
      pagination={
        audit.data && audit.data.total > AUDIT_PAGE_SIZE
          ? {
              current: page,
              pageSize: AUDIT_PAGE_SIZE,
              total: audit.data.total,
              onChange: setPage,
              showSizeChanger: false,
              size: 'small',
              simple: isPhone,
              showTotal: isPhone ? undefined : recordsCount,
            }
          : false
      }
    />
  );
}

/** A company at a glance: contacts, plan, admin, the actions, and its audit log. */
export function CompanyDetailDrawer({
  company: listed,
  onClose,
  actions,
}: {
  /** The list's row; the drawer refetches the company while open. */
  company: AdminCompany | null;
  onClose: () => void;
  actions: CompanyDetailActions;
}) {
  const isPhone = Grid.useBreakpoint().md === false;
  const fresh = useAdminCompany(listed?.id ?? null, listed ?? undefined);
  const company = fresh.data ?? listed;
  const blocker = company ? enterBlocker(company) : null;

  return (
    <Drawer
      open={listed !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 640}
      destroyOnHidden
      title={
        company && (
          <Flex gap={8} align="center" wrap>
            <span>{company.title}</span>
            <CompanyStatusTag status={company.status} />
          </Flex>
        )
      }
    >
      {company && (
        <>
          <Space wrap style={{ marginBottom: 16 }}>
            <Tooltip title={blocker}>
              <Button
                type="primary"
                icon={<LoginOutlined />}
                disabled={blocker !== null}
                onClick={() => actions.onEnter(company)}
              >
                Войти как администратор
              </Button>
            </Tooltip>
            <Button icon={<EditOutlined />} onClick={() => actions.onEdit(company)}>
              Изменить
            </Button>
            <Button
              danger={company.status === 'ACTIVE'}
              icon={company.status === 'ACTIVE' ? <LockOutlined /> : <UnlockOutlined />}
              onClick={() => actions.onToggleBlock(company)}
            >
              {company.status === 'ACTIVE' ? 'Заблокировать' : 'Разблокировать'}
            </Button>
          </Space>
          {company.status === 'BLOCKED' && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="Компания заблокирована: её пользователи не могут войти."
            />
          )}
          <Descriptions
            size="small"
            column={isPhone ? 1 : 2}
            bordered
            items={[
              { key: 'email', label: 'Email', children: company.email },
              { key: 'phone', label: 'Телефон', children: displayPhone(company.phone) },
              {
                key: 'country',
                label: 'Страна',
                children: company.countryName ?? company.country ?? '—',
              },
              {
                key: 'timezone',
                label: 'Часовой пояс',
                children: timezoneLabel(company.timezone),
              },
              {
                key: 'admin',
                label: 'Администратор',
                span: isPhone ? 1 : 2,
                children: company.admin ? (
                  <>
                    {company.admin.fullName}
                    <div className="smena-cell-sub">
                      {company.admin.email} · {displayPhone(company.admin.phone)}
                    </div>
                  </>
                ) : (
                  <Typography.Text type="warning">Нет активного администратора</Typography.Text>
                ),
              },
              {
                key: 'plan',
                label: 'Тариф',
                children: <PlanStateTag planState={company.planState} />,
              },
              {
                key: 'paidUntil',
                label: 'Оплачено до',
                children: company.paidUntilDate ?? '—',
              },
              {
                key: 'seats',
                label: 'Сотрудники',
                children: (
                  <Typography.Text type={isOverLimit(company) ? 'danger' : undefined}>
                    {seatsLabel(company)}
                  </Typography.Text>
                ),
              },
              {
                key: 'createdAt',
                label: 'Создана',
                children: dayjs(company.createdAt).format(DATE_FORMAT),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            Журнал действий
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            Действия в компании, новые сверху; изменения, сделанные супер админом от имени
            администратора, выделены.
          </Typography.Paragraph>
          <AuditLog key={company.id} companyId={company.id} isPhone={isPhone} />
        </>
      )}
    </Drawer>
  );
}
