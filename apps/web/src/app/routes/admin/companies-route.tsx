import { LinkOutlined, PlusOutlined } from '@ant-design/icons';
import type {
  AdminCompany,
  CompanyPlanState,
  ListAdminCompaniesQuery,
  RegistrationLink,
} from '@smena/contract';
import { App, Button, Card, Empty, Grid, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { PagedTable, type PagedColumn } from '../../../components/layout/paged-table.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { titles } from '../../../config/titles.ts';
import { useAdminCompanies } from '../../../features/admin-companies/api/get-admin-companies.ts';
import { useSetCompanyBlocked } from '../../../features/admin-companies/api/set-company-blocked.ts';
import { CompanyDetailDrawer } from '../../../features/admin-companies/components/company-detail-drawer.tsx';
import { CompanyFormDrawer } from '../../../features/admin-companies/components/company-form-drawer.tsx';
import { CompanyLinkModal } from '../../../features/admin-companies/components/company-link-modal.tsx';
import {
  CompanyStatusTag,
  PlanStateTag,
} from '../../../features/admin-companies/components/company-tags.tsx';
import {
  companiesListQuery,
  enterBlocker,
  isOverLimit,
  planStateLabels,
} from '../../../features/admin-companies/company-format.ts';
import { enterCompanyAsAdmin } from '../../../features/auth/session.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { invitationUrl } from '../../../features/registration-links/link-format.ts';
import { DATE_FORMAT } from '../../../lib/dates.ts';
import { displayPhone } from '../../../lib/phone-display.ts';
import { hasListFilters, useListQuery } from '../../../lib/list-query.ts';

type SortKey = ListAdminCompaniesQuery['sort'];
type CompanyAction = 'open' | 'edit' | 'enter' | 'block' | 'unblock';

const SORT_OPTIONS: { value: SortKey; label: string; order?: 'asc' | 'desc' }[] = [
  { value: 'createdAt', label: 'Сначала новые', order: 'desc' },
  { value: 'title', label: 'По названию' },
  { value: 'paidUntil', label: 'Скоро заканчивается оплата' },
  { value: 'activeEmployeeCount', label: 'Больше сотрудников', order: 'desc' },
];

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Активные' },
  { value: 'BLOCKED', label: 'Заблокированные' },
];

const PLAN_OPTIONS = (Object.keys(planStateLabels) as CompanyPlanState[]).map((plan) => ({
  value: plan,
  label: planStateLabels[plan],
}));

function actionItems(company: AdminCompany) {
  const blocker = enterBlocker(company);
  return [
    { key: 'open', label: 'Подробнее и журнал' },
    { key: 'edit', label: 'Изменить' },
    {
      key: 'enter',
      label: blocker
        ? `Войти как администратор (${blocker.toLowerCase()})`
        : 'Войти как администратор',
      disabled: blocker !== null,
    },
    { type: 'divider' as const },
    company.status === 'ACTIVE'
      ? { key: 'block', label: 'Заблокировать', danger: true }
      : { key: 'unblock', label: 'Разблокировать' },
  ];
}

function formatDay(instant: string): string {
  return dayjs(instant).format(DATE_FORMAT);
}

/** «Компании»: every customer company, with search, filters, the plan and the way inside. */
export function Component() {
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const { query, update, reset } = useListQuery(companiesListQuery);
  const companies = useAdminCompanies(query);
  const countries = useCountries();
  const setBlocked = useSetCompanyBlocked();
  const [form, setForm] = useState<{ open: boolean; company: AdminCompany | null }>({
    open: false,
    company: null,
  });
  const [detail, setDetail] = useState<AdminCompany | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const onSearch = useCallback((search: string | undefined) => update({ search }), [update]);

  const openForm = (company: AdminCompany | null) => setForm({ open: true, company });

  const confirmBlock = (company: AdminCompany) => {
    const blocking = company.status === 'ACTIVE';
    modal.confirm({
      title: 'Вы уверены?',
      content: blocking
        ? `Компания «${company.title}» будет заблокирована: её сотрудники сразу потеряют доступ и не смогут войти, пока вы её не разблокируете.`
        : `Компания «${company.title}» будет разблокирована: её сотрудники снова смогут войти.`,
      okText: blocking ? 'Заблокировать' : 'Разблокировать',
      okButtonProps: { danger: blocking },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await setBlocked.mutateAsync({ id: company.id, blocked: blocking });
          notify.success(
            blocking
              ? `Компания «${company.title}» заблокирована`
              : `Компания «${company.title}» разблокирована`,
          );
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const onAction = (action: CompanyAction, company: AdminCompany) => {
    if (action === 'open') setDetail(company);
    else if (action === 'edit') openForm(company);
    else if (action === 'enter') void enterCompanyAsAdmin(company.id);
    else confirmBlock(company);
  };

  const detailActions = {
    onEdit: (company: AdminCompany) => openForm(company),
    onEnter: (company: AdminCompany) => void enterCompanyAsAdmin(company.id),
    onToggleBlock: confirmBlock,
  };

  const columns: PagedColumn<AdminCompany, SortKey>[] = [
    {
      title: 'Компания',
      dataIndex: 'title',
      sortKey: 'title',
      width: 240,
      render: (_title: string, company) => (
        <>
          <Typography.Link className="smena-cell-main" onClick={() => setDetail(company)}>
            {company.title}
          </Typography.Link>
          {company.status === 'BLOCKED' && (
            <div>
              <CompanyStatusTag status={company.status} />
            </div>
          )}
        </>
      ),
    },
    {
      key: 'contacts',
      title: 'Контакты',
      render: (_value, company) => (
        <>
          <div>{company.email}</div>
          <div className="smena-cell-sub">{displayPhone(company.phone)}</div>
        </>
      ),
    },
    {
      key: 'country',
      title: 'Страна',
      render: (_value, company) =>
        company.countryName ??
        company.country ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: 'Сотрудники',
      dataIndex: 'activeEmployeeCount',
      sortKey: 'activeEmployeeCount',
      align: 'right',
      render: (count: number, company) => (
        <Typography.Text type={isOverLimit(company) ? 'danger' : undefined}>
          {count}
        </Typography.Text>
      ),
    },
    {
      title: 'Лимит',
      dataIndex: 'userLimit',
      sortKey: 'userLimit',
      align: 'right',
    },
    {
      title: 'Оплачено до',
      dataIndex: 'paidUntil',
      sortKey: 'paidUntil',
      render: (_value, company) => (
        <>
          <div>{company.paidUntilDate ?? '—'}</div>
          {company.planState === 'EXPIRED' && <PlanStateTag planState="EXPIRED" />}
        </>
      ),
    },
    {
      key: 'trial',
      title: 'Пробный',
      align: 'center',
      render: (_value, company) =>
        company.isTrial ? (
          <Tag color="blue">Да</Tag>
        ) : (
          <Typography.Text type="secondary">Нет</Typography.Text>
        ),
    },
    {
      title: 'Создана',
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      render: formatDay,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      fixed: 'right',
      render: (_value, company) => (
        <RowActions<CompanyAction>
          label={company.title}
          items={actionItems(company)}
          onAction={(action) => onAction(action, company)}
        />
      ),
    },
  ];

  const filtered = hasListFilters(companiesListQuery, query, ['search', 'status', 'plan']);
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено: измените условия">
      <Button onClick={reset}>Сбросить фильтры</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Компаний пока нет. Создайте первую или отправьте клиенту ссылку на регистрацию."
    >
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить компанию
        </Button>
        <Button icon={<LinkOutlined />} onClick={() => setLinkOpen(true)}>
          Ссылка на регистрацию
        </Button>
      </Space>
    </Empty>
  );

  return (
    <Page
      title={titles.admin.companies}
      actions={
        <Space wrap>
          <Button icon={<LinkOutlined />} onClick={() => setLinkOpen(true)}>
            Ссылка на регистрацию
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Добавить компанию
          </Button>
        </Space>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-list-filters">
          <SearchInput
            value={query.search}
            onSearch={onSearch}
            placeholder="Поиск по названию, email, телефону"
            label="Поиск компаний"
            style={{ flex: '1 1 260px', maxWidth: isPhone ? undefined : 380 }}
          />
          <Select
            aria-label="Статус"
            className="smena-list-filters__select"
            allowClear
            placeholder="Все статусы"
            value={query.status}
            options={STATUS_OPTIONS}
            onChange={(status?: ListAdminCompaniesQuery['status']) => update({ status })}
          />
          <Select
            aria-label="Тариф"
            className="smena-list-filters__select"
            allowClear
            placeholder="Любой тариф"
            value={query.plan}
            options={PLAN_OPTIONS}
            onChange={(plan?: CompanyPlanState) => update({ plan })}
          />
        </div>
        <PagedTable<AdminCompany, SortKey>
          label="Компании"
          data={companies.data}
          loading={companies.isFetching}
          query={query}
          defaultSort={{
            sort: companiesListQuery.defaults.sort,
            order: companiesListQuery.defaults.order,
          }}
          columns={columns}
          rowKey={(company) => company.id}
          onChange={update}
          empty={empty}
          isPhone={isPhone}
          sortOptions={SORT_OPTIONS}
          onRowClick={setDetail}
          renderCard={(company) => (
            <Card size="small" variant="borderless" onClick={() => setDetail(company)}>
              <div className="smena-list-card__head">
                <div>
                  <div className="smena-list-card__title">{company.title}</div>
                  <div className="smena-list-card__meta">
                    {company.email} · {displayPhone(company.phone)}
                  </div>
                </div>
                <RowActions<CompanyAction>
                  label={company.title}
                  items={actionItems(company)}
                  onAction={(action) => onAction(action, company)}
                />
              </div>
              <div className="smena-list-card__facts">
                <CompanyStatusTag status={company.status} />
                <PlanStateTag planState={company.planState} />
                <span>
                  Сотрудники: {company.activeEmployeeCount} из {company.userLimit}
                </span>
                {company.paidUntilDate && <span>до {company.paidUntilDate}</span>}
              </div>
            </Card>
          )}
        />
      </Card>
      <CompanyFormDrawer
        open={form.open}
        company={form.company}
        countries={countries.data}
        countriesLoading={countries.isPending}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
      <CompanyDetailDrawer
        company={detail}
        onClose={() => setDetail(null)}
        actions={detailActions}
      />
      <CompanyLinkModal
        open={linkOpen}
        onClose={() => setLinkOpen(false)}
        linkUrl={(link: RegistrationLink) => invitationUrl(window.location.origin, link.id)}
      />
    </Page>
  );
}
