import { PlusOutlined } from '@ant-design/icons';
import type { AdminCity, ListAdminCitiesQuery } from '@smena/contract';
import { App, Button, Card, Empty, Grid, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { SearchInput } from '../../../components/form/search-input.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { PagedTable, type PagedColumn } from '../../../components/layout/paged-table.tsx';
import { RowActions } from '../../../components/layout/row-actions.tsx';
import { titles } from '../../../config/titles.ts';
import { useDeleteCity } from '../../../features/admin-geo/api/delete-city.ts';
import { useAdminCities } from '../../../features/admin-geo/api/get-admin-cities.ts';
import { CityFormModal } from '../../../features/admin-geo/components/city-form-modal.tsx';
import { CountryIdSelect } from '../../../features/admin-geo/components/country-id-select.tsx';
import { citiesListQuery, cityUsage } from '../../../features/admin-geo/geo-format.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { hasListFilters, useListQuery } from '../../../lib/list-query.ts';
import { useRefreshPublicGeo } from './use-refresh-public-geo.ts';

type SortKey = ListAdminCitiesQuery['sort'];
type CityAction = 'edit' | 'delete';

const SORT_OPTIONS: { value: SortKey; label: string; order?: 'asc' | 'desc' }[] = [
  { value: 'name', label: 'По названию' },
  { value: 'country', label: 'По стране' },
  { value: 'branchCount', label: 'Больше филиалов', order: 'desc' },
];

const ACTION_ITEMS = [
  { key: 'edit', label: 'Изменить' },
  { type: 'divider' as const },
  { key: 'delete', label: 'Удалить', danger: true },
];

/** «Города»: the super admin's directory of cities, by country. */
export function Component() {
  const { modal } = App.useApp();
  const isPhone = Grid.useBreakpoint().md === false;
  const { query, update, reset } = useListQuery(citiesListQuery);
  const cities = useAdminCities(query);
  const countries = useCountries();
  const refreshPublic = useRefreshPublicGeo();
  const deleteCity = useDeleteCity(refreshPublic);
  const [form, setForm] = useState<{ open: boolean; city: AdminCity | null }>({
    open: false,
    city: null,
  });
  const onSearch = useCallback((search: string | undefined) => update({ search }), [update]);

  const openForm = (city: AdminCity | null) => setForm({ open: true, city });

  const confirmDelete = (city: AdminCity) => {
    const usage = cityUsage(city);
    if (usage) {
      modal.info({
        title: `Город «${city.name}» нельзя удалить`,
        content: `Он указан в филиалах компаний (${usage}). Сначала выберите в них другой город.`,
        okText: 'Понятно',
      });
      return;
    }
    modal.confirm({
      title: 'Вы уверены?',
      content: `Город «${city.name}» (${city.countryName}) будет удалён из справочника.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteCity.mutateAsync(city.id);
          notify.success(`Город «${city.name}» удалён`);
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const onAction = (action: CityAction, city: AdminCity) => {
    if (action === 'edit') openForm(city);
    else confirmDelete(city);
  };

  const columns: PagedColumn<AdminCity, SortKey>[] = [
    {
      title: 'Город',
      dataIndex: 'name',
      sortKey: 'name',
      render: (name: string) => <span className="smena-cell-main">{name}</span>,
    },
    {
      title: 'Страна',
      dataIndex: 'countryName',
      sortKey: 'country',
      render: (name: string, city) => (
        <>
          {name} <Typography.Text type="secondary">{city.countryCode}</Typography.Text>
        </>
      ),
    },
    {
      title: 'Филиалов',
      dataIndex: 'branchCount',
      sortKey: 'branchCount',
      align: 'right',
      width: 120,
      render: (value: number) =>
        value > 0 ? value : <Typography.Text type="secondary">0</Typography.Text>,
    },
    {
      key: 'actions',
      title: <span className="smena-visually-hidden">Действия</span>,
      width: 56,
      align: 'center',
      render: (_value, city) => (
        <RowActions<CityAction>
          label={city.name}
          items={ACTION_ITEMS}
          onAction={(action) => onAction(action, city)}
        />
      ),
    },
  ];

  const filtered = hasListFilters(citiesListQuery, query, ['search', 'countryId']);
  const empty = filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено: измените условия">
      <Button onClick={reset}>Сбросить фильтры</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Городов пока нет. Добавьте первый — его можно будет указать в филиалах."
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
        Добавить город
      </Button>
    </Empty>
  );

  return (
    <Page
      title={titles.admin.cities}
      actions={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить город
        </Button>
      }
    >
      <Card variant="borderless" styles={{ body: { padding: isPhone ? 12 : 20 } }}>
        <div className="smena-list-filters">
          <SearchInput
            value={query.search}
            onSearch={onSearch}
            placeholder="Поиск по городу или стране"
            label="Поиск городов"
            style={{ flex: '1 1 260px', maxWidth: isPhone ? undefined : 380 }}
          />
          <CountryIdSelect
            aria-label="Страна"
            placeholder="Все страны"
            allowClear
            className="smena-list-filters__select"
            countries={countries.data}
            loading={countries.isPending}
            value={query.countryId ?? null}
            onChange={(countryId) => update({ countryId: countryId ?? undefined })}
          />
        </div>
        <PagedTable<AdminCity, SortKey>
          label="Города"
          data={cities.data}
          loading={cities.isFetching}
          query={query}
          defaultSort={{
            sort: citiesListQuery.defaults.sort,
            order: citiesListQuery.defaults.order,
          }}
          columns={columns}
          rowKey={(city) => city.id}
          onChange={update}
          empty={empty}
          isPhone={isPhone}
          sortOptions={SORT_OPTIONS}
          onRowClick={(city) => openForm(city)}
          renderCard={(city) => (
            <Card size="small" variant="borderless">
              <div className="smena-list-card__head">
                <div>
                  <div className="smena-list-card__title">{city.name}</div>
                  <div className="smena-list-card__meta">{city.countryName}</div>
                </div>
                <RowActions<CityAction>
                  label={city.name}
                  items={ACTION_ITEMS}
                  onAction={(action) => onAction(action, city)}
                />
              </div>
              <div className="smena-list-card__facts">
                <span>Филиалов: {city.branchCount}</span>
              </div>
            </Card>
          )}
        />
      </Card>
      <CityFormModal
        open={form.open}
        city={form.city}
        countries={countries.data}
        countriesLoading={countries.isPending}
        defaultCountryId={query.countryId}
        onSaved={refreshPublic}
        onClose={() => setForm((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
