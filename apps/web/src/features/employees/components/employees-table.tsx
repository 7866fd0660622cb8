import type { Employee, ListEmployeesQuery, Page } from '@smena/contract';
import {
  Avatar,
  Card,
  Checkbox,
  Pagination,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
  type TableProps,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useColumnChoice, type PickableColumn } from '../../../components/layout/column-picker.tsx';
import { paths } from '../../../config/paths.ts';
import { employeeInitials, fullName, readablePhone, recordsLabel } from '../employee-format.ts';
import { DEFAULT_LIST_QUERY } from '../list-params.ts';
import { EmployeeActionsMenu, type EmployeeRowActions } from './employee-actions-menu.tsx';
import { RoleTag, StatusTag } from './employee-tags.tsx';
import './employees.css';

type SortKey = ListEmployeesQuery['sort'];
type PagingChange = Partial<Pick<ListEmployeesQuery, 'page' | 'limit' | 'sort' | 'order'>>;

export type EmployeesTableProps = {
  data: Page<Employee> | undefined;
  loading: boolean;
  query: ListEmployeesQuery;
  hideBranches: boolean;
  hideDepartments: boolean;
  /** Phones get cards instead of the table. */
  isPhone: boolean;
  actions: EmployeeRowActions;
  onChange: (change: PagingChange) => void;
  /** Shown instead of the rows when the page is empty. */
  empty: ReactNode;
  /** Rows may be picked for bulk actions (kept across pages). */
  selection?: EmployeesSelection;
};

export type EmployeesSelection = {
  selectedIds: readonly number[];
  onChange: (ids: number[]) => void;
};

const PAGE_SIZES = [10, 20, 50, 100];

const SORT_OPTIONS: { value: SortKey; label: string }[] = [
  { value: 'name', label: 'По ФИО' },
  { value: 'personnelNumber', label: 'По табельному номеру' },
  { value: 'hireDate', label: 'По дате приёма' },
  { value: 'role', label: 'По роли' },
  { value: 'createdAt', label: 'По дате добавления' },
];

/** Name, department, position, branches and status always show; these may be hidden. */
const OPTIONAL_COLUMNS: PickableColumn[] = [
  { key: 'personnelNumber', title: 'Табельный №', hiddenByDefault: true },
  { key: 'role', title: 'Роль' },
  { key: 'hireDate', title: 'Дата приёма', hiddenByDefault: true },
];

function contactsLine(employee: Employee): ReactNode {
  // Someone without a name is shown by their email already.
  const named = Boolean(employee.lastName.trim() || employee.firstName.trim());
  const parts = [
    named ? employee.email : null,
    employee.phone ? readablePhone(employee.phone) : null,
  ].filter((part): part is string => Boolean(part));
  if (employee.email === null && employee.phone === null) {
    return <span className="smena-muted">Контакты скрыты</span>;
  }
  return parts.join(' · ');
}

function EmployeeCell({ employee }: { employee: Employee }) {
  return (
    <div className="smena-employee-cell">
      <Avatar src={employee.avatar ?? undefined} className="smena-employee-cell__avatar">
        {employeeInitials(employee)}
      </Avatar>
      <div className="smena-employee-cell__text">
        <Link
          to={paths.company.employee(employee.id)}
          className="smena-employee-cell__name"
          title={fullName(employee)}
          onClick={(event) => event.stopPropagation()}
        >
          {fullName(employee)}
        </Link>
        <div className="smena-employee-cell__contacts" title={contactsTitle(employee)}>
          {contactsLine(employee)}
        </div>
      </div>
    </div>
  );
}

function contactsTitle(employee: Employee): string | undefined {
  const parts = [
    employee.personnelNumber && `Табельный № ${employee.personnelNumber}`,
    employee.email,
    employee.phone && readablePhone(employee.phone),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join('\n') : undefined;
}

function BranchTags({ employee }: { employee: Employee }) {
  if (employee.branches.length === 0) return <span className="smena-muted">—</span>;
  const shown = employee.branches.slice(0, 2);
  const rest = employee.branches.length - shown.length;
  return (
    <div className="smena-tags">
      {shown.map((branch) => (
        <Tag key={branch.id}>{branch.title}</Tag>
      ))}
      {rest > 0 && (
        <Tag title={employee.branches.map((branch) => branch.title).join(', ')}>+{rest}</Tag>
      )}
    </div>
  );
}

function dash(value: string | null): ReactNode {
  return value || <span className="smena-muted">—</span>;
}

/** A click on the row (not on its link or menu, nor inside a popup rendered elsewhere). */
function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (!event.currentTarget.contains(target)) return false;
  return !target.closest(
    'a, button, input, .ant-dropdown, .ant-select, .ant-checkbox-wrapper, .ant-table-selection-column',
  );
}

export function EmployeesTable(props: EmployeesTableProps) {
  return props.isPhone ? <EmployeeCards {...props} /> : <EmployeesGrid {...props} />;
}

function EmployeesGrid({
  data,
  loading,
  query,
  hideBranches,
  hideDepartments,
  actions,
  onChange,
  empty,
  selection,
}: EmployeesTableProps) {
  const sortOrderOf = (key: SortKey) =>
    query.sort === key ? (query.order === 'desc' ? 'descend' : 'ascend') : null;
  const choice = useColumnChoice('employees', OPTIONAL_COLUMNS);

  const allColumns: TableProps<Employee>['columns'] = [
    {
      key: 'name',
      title: 'Сотрудник',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      width: 300,
      render: (_value, employee) => <EmployeeCell employee={employee} />,
    },
    {
      key: 'personnelNumber',
      title: 'Табельный №',
      dataIndex: 'personnelNumber',
      sorter: true,
      sortOrder: sortOrderOf('personnelNumber'),
      width: 140,
      render: dash,
    },
    {
      key: 'role',
      title: 'Роль',
      dataIndex: 'role',
      sorter: true,
      sortOrder: sortOrderOf('role'),
      width: 104,
      render: (_value, employee) => <RoleTag role={employee.role} />,
    },
    ...(hideDepartments
      ? []
      : [
          {
            key: 'department',
            title: 'Отдел',
            dataIndex: 'departmentTitle',
            ellipsis: true,
            render: dash,
          },
        ]),
    {
      key: 'position',
      title: 'Должность',
      dataIndex: 'positionTitle',
      ellipsis: true,
      render: dash,
    },
    ...(hideBranches
      ? []
      : [
          {
            key: 'branches',
            title: 'Филиалы',
            render: (_value: unknown, employee: Employee) => <BranchTags employee={employee} />,
          },
        ]),
    {
      key: 'hireDate',
      title: 'Дата приёма',
      dataIndex: 'hireDate',
      sorter: true,
      sortOrder: sortOrderOf('hireDate'),
      width: 124,
      render: dash,
    },
    {
      key: 'status',
      title: 'Статус',
      width: 96,
      render: (_value, employee) => <StatusTag employee={employee} />,
    },
    {
      key: 'actions',
      title: choice.picker,
      width: 48,
      align: 'center',
      render: (_value, employee) => <EmployeeActionsMenu employee={employee} actions={actions} />,
    },
  ];
  const columns = allColumns.filter((column) => choice.isShown(String(column.key)));
  const width = columns.reduce(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 150),
    selection ? 40 : 0,
  );

  const handleChange: TableProps<Employee>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as
        SorterResult<Employee> | undefined;
      const key = single?.order ? (single.columnKey as SortKey) : DEFAULT_LIST_QUERY.sort;
      onChange({
        sort: key,
        order: single?.order === 'descend' ? 'desc' : 'asc',
        page: 1,
      });
      return;
    }
    onChange({ page: pagination.current ?? 1, limit: pagination.pageSize ?? query.limit });
  };

  return (
    <Table<Employee>
      className="smena-employees-table"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={data?.items ?? []}
      loading={loading}
      scroll={{ x: width }}
      showSorterTooltip={false}
      locale={{ emptyText: loading ? ' ' : empty }}
      onChange={handleChange}
      rowSelection={
        selection
          ? {
              selectedRowKeys: [...selection.selectedIds],
              preserveSelectedRowKeys: true,
              columnWidth: 40,
              onChange: (keys) => selection.onChange(keys.map(Number)),
              getCheckboxProps: (employee) => ({ 'aria-label': `Выбрать: ${fullName(employee)}` }),
              getTitleCheckboxProps: () => ({ 'aria-label': 'Выбрать всех на странице' }),
            }
          : undefined
      }
      onRow={(employee) => ({
        className: 'smena-clickable-row',
        onClick: (event) => {
          if (isRowClick(event)) actions.onOpen(employee);
        },
      })}
      pagination={
        data && data.total > 0
          ? {
              current: query.page,
              pageSize: query.limit,
              total: data.total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total) => recordsLabel(total),
              placement: ['bottomEnd'],
            }
          : false
      }
    />
  );
}

function EmployeeCards({
  data,
  loading,
  query,
  actions,
  onChange,
  empty,
  selection,
}: EmployeesTableProps) {
  const items = data?.items ?? [];
  const picked = new Set(selection?.selectedIds ?? []);
  const toggle = (id: number, checked: boolean) => {
    if (!selection) return;
    const ids = selection.selectedIds.filter((other) => other !== id);
    selection.onChange(checked ? [...ids, id] : ids);
  };
  const allPicked = items.length > 0 && items.every((employee) => picked.has(employee.id));
  /** The whole page in or out (the box before «N записей»). */
  const togglePage = (checked: boolean) => {
    if (!selection) return;
    const onPage = new Set(items.map((employee) => employee.id));
    const others = selection.selectedIds.filter((id) => !onPage.has(id));
    selection.onChange(checked ? [...others, ...onPage] : others);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, employee: Employee) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      actions.onOpen(employee);
    }
  };

  return (
    <div className="smena-employee-cards">
      <div className="smena-employee-cards__toolbar">
        {selection && items.length > 0 ? (
          <Checkbox
            aria-label="Выбрать всех на странице"
            checked={allPicked}
            indeterminate={!allPicked && items.some((employee) => picked.has(employee.id))}
            onChange={(event) => togglePage(event.target.checked)}
          >
            <Typography.Text type="secondary">
              {data ? recordsLabel(data.total) : ' '}
            </Typography.Text>
          </Checkbox>
        ) : (
          <Typography.Text type="secondary">
            {data ? recordsLabel(data.total) : ' '}
          </Typography.Text>
        )}
        <Select
          size="small"
          aria-label="Сортировка"
          value={query.sort}
          onChange={(sort: SortKey) => onChange({ sort, order: 'asc', page: 1 })}
          options={SORT_OPTIONS}
          popupMatchSelectWidth={false}
        />
      </div>
      <Spin spinning={loading}>
        {items.length === 0 && !loading ? (
          <Card variant="borderless">{empty}</Card>
        ) : (
          <ul className="smena-employee-cards__list">
            {items.map((employee) => (
              <li key={employee.id}>
                <Card
                  size="small"
                  variant="borderless"
                  className="smena-employee-card"
                  tabIndex={0}
                  aria-label={fullName(employee)}
                  onClick={(event) => {
                    if (isRowClick(event)) actions.onOpen(employee);
                  }}
                  onKeyDown={(event) => onKeyDown(event, employee)}
                >
                  <div className="smena-employee-card__head">
                    {selection && (
                      <Checkbox
                        className="smena-employee-card__check"
                        checked={picked.has(employee.id)}
                        aria-label={`Выбрать: ${fullName(employee)}`}
                        onChange={(event) => toggle(employee.id, event.target.checked)}
                      />
                    )}
                    <EmployeeCell employee={employee} />
                    <EmployeeActionsMenu employee={employee} actions={actions} />
                  </div>
                  <div className="smena-employee-card__tags">
                    <RoleTag role={employee.role} />
                    <StatusTag employee={employee} />
                    {employee.personnelNumber && (
                      <Typography.Text type="secondary">
                        Таб. № {employee.personnelNumber}
                      </Typography.Text>
                    )}
                  </div>
                  {(employee.departmentTitle || employee.positionTitle) && (
                    <div className="smena-employee-card__line">
                      {[employee.positionTitle, employee.departmentTitle]
                        .filter(Boolean)
                        .join(' · ')}
                    </div>
                  )}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      {data && data.total > query.limit && (
        <Pagination
          className="smena-employee-cards__pagination"
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
