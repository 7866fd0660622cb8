import { PlusOutlined } from '@ant-design/icons';
import type { AdminCountry, ListAdminCountriesQuery } from '@smena/contract';
import { App, Button, Card, Empty, Grid, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { PagedTable, type PagedColumn } from '../../../components/layout/paged-table.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { titles } from '../../../config/titles.ts';
import { useDeleteCountry } from '../../../features/admin-geo/api/delete-country.ts';
import { useAdminCountries } from '../../../features/admin-geo/api/get-admin-countries.ts';
import { CountryFormModal } from '../../../features/admin-geo/components/country-form-modal.tsx';
import { countriesListQuery, countryUsage } from '../../../features/admin-geo/geo-format.ts';
import { useRefreshPublicGeo } from './use-refresh-public-geo.ts';
import { useListQuery } from '../../../lib/list-query.ts';

type SortKey = ListAdminCountriesQuery['sort'];
type CountryAction = 'edit' | 'delete';

const SORT_OPTIONS: { value: SortKey; label: string; order?: 'asc' | 'desc' }[] = [
  { value: 'name', label: 'По названию' },
  { value: 'code', label: 'По ISO-коду' },
  { value: 'cityCount', label: 'Больше городов', order: 'desc' },
  { value: 'companyCount', label: 'Больше компаний', order: 'desc' },
];

const ACTION_ITEMS = [
  { key: 'edit', label: 'Изменить' },
  { type: 'divider' as const },
  { key: 'delete', label: 'Удалить', danger: true },
];

/** «Страны»: the super admin's directory of countries with their calling codes. */
export function Component() {
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const { query, update, reset } = useListQuery(countriesListQuery);
  const countries = useAdminCountries(query);
  const refreshPublic = useRefreshPublicGeo();
  const deleteCountry = useDeleteCountry(refreshPublic);
  const [form, setForm] = useState<{ open: boolean; country: AdminCountry | null }>({
    open: false,
    country: null,
  });
  const onSearch = useCallback((search: string | undefined) => update({ search }), [update]);

  const openForm = (country: AdminCountry | null) => setForm({ open: true, country });

  const confirmDelete = (country: AdminCountry) => {
    const usage = countryUsage(country);
    if (usage) {
      modal.info({
        title: `Страну «${country.name}» нельзя удалить`,
        content: `Она используется: ${usage}. Сначала удалите её города и смените страну у компаний и пользователей.`,
        okText: 'Понятно',
      });
      return;
    }
    modal.confirm({
      title: 'Вы уверены?',
      content: `Страна «${country.name}» будет удалена из справочника. Её нельзя будет выбрать при регистрации и в профиле.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteCountry.mutateAsync(country.id);
          notify.success(`Страна «${country.name}» удалена`);
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const onAction = (action: CountryAction, country: AdminCountry) => {
    if (action === 'edit') openForm(country);
    else confirmDelete(country);
  };

  const count = (value: number) =>
    value > 0 ? value : <Typography.Text type="secondary">0</Typography.Text>;

  const columns: PagedColumn<AdminCountry, SortKey>[] = [
    {
      title: 'Название',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string) => <span className="smena-cell-main">{name}</span>,
    },
    {
      title: 'ISO-код',
      dataIndex: 'code',
      sortKey: 'code',
      width: 110,
      render: (code: string) => <Tag>{code}</Tag>,
    },
    { title: 'Телефонный код', dataIndex: 'phoneCode', width: 150 },
    {
      title: 'Городов',
      dataIndex: 'cityCount',
      sortKey: 'cityCount',
      align: 'right',
      width: 110,
      render: count,
    },
    {
      title: 'Компаний',
      dataIndex: 'companyCount',
      sortKey: 'companyCount',
      align: 'right',
      width: 120,
      render: count,
    },
    {
      title: 'Пользователей',
      dataIndex: 'userCount',
      align: 'right',
      width: 140,
      render: count,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, country) => (
        <RowActions<CountryAction>
          label={country.name}
          items={ACTION_ITEMS}
          onAction={(action) => onAction(action, country)}
        />
      ),
    },
  ];

  const empty = query.search ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено: измените запрос">
      <Button onClick={reset}>Сбросить поиск</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Стран пока нет. Добавьте первую — её можно будет выбрать при регистрации."
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
        Добавить страну
      </Button>
    </Empty>
  );

  return (
    <Page
      title={titles.admin.countries}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить страну
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-list-filters">
          <SearchInput
            value={query.search}
            onSearch={onSearch}
            placeholder="Поиск по названию, ISO-коду, телефонному коду"
            label="Поиск стран"
            style={{ flex: '1 1 260px', maxWidth: isPhone ? undefined : 420 }}
          />
        </div>
        <PagedTable<AdminCountry, SortKey>
          label="Страны"
          data={countries.data}
          loading={countries.isFetching}
          query={query}
          defaultSort={{
            sort: countriesListQuery.defaults.sort,
            order: countriesListQuery.defaults.order,
          }}
          columns={columns}
          rowKey={(country) => country.id}
          onChange={update}
          empty={empty}
          isPhone={isPhone}
          sortOptions={SORT_OPTIONS}
          onRowClick={(country) => openForm(country)}
          renderCard={(country) => (
            <Card size="small" variant="borderless">
              <div className="smena-list-card__head">
                <div>
                  <div className="smena-list-card__title">{country.name}</div>
                  <div className="smena-list-card__meta">
                    {country.code} · {country.phoneCode}
                  </div>
                </div>
                <RowActions<CountryAction>
                  label={country.name}
                  items={ACTION_ITEMS}
                  onAction={(action) => onAction(action, country)}
                />
              </div>
              <div className="smena-list-card__facts">
                <span>Городов: {country.cityCount}</span>
                <span>Компаний: {country.companyCount}</span>
                <span>Пользователей: {country.userCount}</span>
              </div>
            </Card>
          )}
        />
      </Card>
      <CountryFormModal
        open={form.open}
        country={form.country}
        onSaved={refreshPublic}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
