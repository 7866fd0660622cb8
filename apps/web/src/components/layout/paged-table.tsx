import type { Page } from '@smena/contract';
import { Card, Pagination, Select, Spin, Table, Typography, type TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { formatCount } from './public-page-layout.tsx';
import './paged-table.css';

const RECORD_FORMS = { one: 'запись', few: 'записи', many: 'записей' };
const PAGE_SIZES = [10, 20, 50, 100];

/** «25 записей»: the total under a list. */
export function recordsCount(total: number): string {
  return formatCount(total, RECORD_FORMS);
}

/** The paging and sorting part of a server list's query. */
export type PagedQuery<S extends string> = {
  page: number;
  limit: number;
  sort: S;
  order: 'asc' | 'desc';
};

/** A column; `sortKey` makes it sortable on the server by that key of the query. */
export type PagedColumn<T, S extends string> = ColumnType<T> & { sortKey?: S };

type PagedTableProps<T, S extends string> = {
  data: Page<T> | undefined;
  loading: boolean;
  query: PagedQuery<S>;
  /** The sort the list falls back to when a column's sort is cleared. */
  defaultSort: Pick<PagedQuery<S>, 'sort' | 'order'>;
  columns: PagedColumn<T, S>[];
  rowKey: (item: T) => Key;
  onChange: (change: Partial<PagedQuery<S>>) => void;
  /** Shown instead of the rows when the page is empty. */
  empty: ReactNode;
  /** Phones get cards instead of the table. */
  isPhone: boolean;
  renderCard: (item: T) => ReactNode;
  /** The phone's sort choices (the table's sortable columns). */
  sortOptions: { value: S; label: string; order?: 'asc' | 'desc' }[];
  /** Accessible name of the table or the card list. */
  label: string;
  onRowClick?: (item: T) => void;
};

/** A click on the row itself, not on a link, button or menu inside it. */
function isRowClick(target: EventTarget | null, row: HTMLElement): boolean {
  if (!(target instanceof HTMLElement) || !row.contains(target)) return false;
  return !target.closest('a, button, input, .ant-dropdown, .ant-select');
}

/**
 * A list paged, sorted and filtered on the server (`{ items, total, page, limit }`): a compact
 * table on wide screens, cards with a sort select on phones.
 */
export function PagedTable<T extends object, S extends string>(props: PagedTableProps<T, S>) {
  return props.isPhone ? <PagedCards {...props} /> : <PagedGrid {...props} />;
}

function PagedGrid<T extends object, S extends string>({
  data,
  loading,
  query,
  defaultSort,
  columns,
  rowKey,
  onChange,
  empty,
  label,
  onRowClick,
}: PagedTableProps<T, S>) {
  const tableColumns: TableProps<T>['columns'] = columns.map(({ sortKey, ...column }) =>
    sortKey
      ? {
          ...column,
          key: sortKey,
          sorter: true,
          sortOrder:
            query.sort === sortKey ? (query.order === 'desc' ? 'descend' : 'ascend') : null,
        }
      : column,
  );

  const handleChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      if (!single?.order) {
        onChange({ ...defaultSort, page: 1 });
        return;
      }
      onChange({
        sort: single.columnKey as S,
        order: single.order === 'descend' ? 'desc' : 'asc',
        page: 1,
      });
      return;
    }
    onChange({ page: pagination.current ?? 1, limit: pagination.pageSize ?? query.limit });
  };

  return (
    <Table<T>
      className="smena-paged-table"
      aria-label={label}
      size="small"
      rowKey={rowKey}
      columns={tableColumns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      showSorterTooltip={false}
      locale={{ emptyText: loading ? ' ' : empty }}
      onChange={handleChange}
      onRow={(item) =>
        onRowClick
          ? {
              className: 'smena-paged-table__row--clickable',
              onClick: (event) => {
                if (isRowClick(event.target, event.currentTarget)) onRowClick(item);
              },
            }
          : {}
      }
      pagination={
        data && data.total > 0
          ? {
              current: query.page,
              pageSize: query.limit,
              total: data.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: recordsCount,
              placement: ['bottomEnd'],
            }
          : false
      }
    />
  );
}

function PagedCards<T extends object, S extends string>({
  data,
  loading,
  query,
  rowKey,
  onChange,
  empty,
  renderCard,
  sortOptions,
  label,
}: PagedTableProps<T, S>) {
  const items = data?.items ?? [];
  const current = sortOptions.find(
    (option) => option.value === query.sort && (option.order ?? 'asc') === query.order,
  );
  return (
    <div className="smena-paged-cards">
      <div className="smena-paged-cards__toolbar">
        <Typography.Text type="secondary">{data ? recordsCount(data.total) : ' '}</Typography.Text>
        <Select
          size="small"
          aria-label="Сортировка"
          value={current ? `${current.value}:${current.order ?? 'asc'}` : undefined}
          placeholder="Сортировка"
          onChange={(value: string) => {
            const [sort, order] = value.split(':') as [S, 'asc' | 'desc'];
            onChange({ sort, order, page: 1 });
          }}
          options={sortOptions.map((option) => ({
            value: `${option.value}:${option.order ?? 'asc'}`,
            label: option.label,
          }))}
          popupMatchSelectWidth={false}
        />
      </div>
      <Spin spinning={loading}>
        {items.length === 0 && !loading ? (
          <Card variant="borderless">{empty}</Card>
        ) : (
          <ul className="smena-paged-cards__list" aria-label={label}>
            {items.map((item) => (
              <li key={rowKey(item)}>{renderCard(item)}</li>
            ))}
          </ul>
        )}
      </Spin>
      {data && data.total > query.limit && (
        <Pagination
          className="smena-paged-cards__pagination"
          simple
          current={query.page}
          pageSize={query.limit}
          total={data.total}
          onChange={(page) => onChange({ page })}
        />
      )}
    </div>
  );
}
