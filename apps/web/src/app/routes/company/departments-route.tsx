import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Department } from '@smena/contract';
import { Alert, App, Button, Empty, Flex, Grid, Input } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useDeleteDepartment } from '../../../features/departments/api/delete-department.ts';
import { useDepartments } from '../../../features/departments/api/get-departments.ts';
import { DepartmentFormDrawer } from '../../../features/departments/components/department-form-drawer.tsx';
import {
  buildDepartmentTree,
  filterDepartmentTree,
  type DepartmentNode,
} from '../../../features/departments/components/department-tree.ts';
import {
  DepartmentsTable,
  type DepartmentAction,
} from '../../../features/departments/components/departments-table.tsx';

type DrawerState = { open: boolean; department: Department | null; parentId: number | null };

function deleteWarning(department: DepartmentNode): string {
  const parts = [`Отдел «${department.title}» будет удалён.`];
  const children = department.children?.length ?? 0;
  if (children > 0) {
    parts.push(
      `${formatCount(children, { one: 'вложенный отдел', few: 'вложенных отдела', many: 'вложенных отделов' })} переместятся на верхний уровень.`,
    );
  }
  if (department.employeeCount > 0) {
    parts.push(
      `В отделе ${formatCount(department.employeeCount, { one: 'сотрудник', few: 'сотрудника', many: 'сотрудников' })}: удалить его получится, только когда их переведут в другой отдел.`,
    );
  }
  return parts.join(' ');
}

/** Company departments as a tree (spec: «Отделы»). */
export function Component() {
  const { company, role, isAdminOrManager } = useSession();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [search, setSearch] = useState('');
  const [drawer, setDrawer] = useState<DrawerState>({
    open: false,
    department: null,
    parentId: null,
  });
  const departments = useDepartments();
  const deleteDepartment = useDeleteDepartment();

  const all = useMemo(() => departments.data?.items ?? [], [departments.data]);
  const tree = useMemo(() => buildDepartmentTree(all), [all]);
  const visible = useMemo(() => filterDepartmentTree(tree, search), [tree, search]);
  const searching = search.trim() !== '';

  const openForm = (department: Department | null, parentId: number | null = null) =>
    setDrawer({ open: true, department, parentId });

  const confirmDelete = (department: DepartmentNode) => {
    modal.confirm({
      title: 'Вы уверены?',
      content: deleteWarning(department),
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deleteDepartment.mutateAsync(department.id);
          notify.success(`Отдел «${department.title}» удалён`);
        } catch {
          // The query client has already shown the server's message (e.g. the 409).
        }
      },
    });
  };

  const onAction = (action: DepartmentAction, department: DepartmentNode) => {
    if (action === 'edit') openForm(department);
    else if (action === 'add-child') openForm(null, department.id);
    else confirmDelete(department);
  };

  const empty = searching ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено: измените запрос." />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Отделов пока нет. Добавьте первый, а вложенные отделы — через меню «…» у родительского."
    >
      {isAdminOrManager && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить отдел
        </Button>
      )}
    </Empty>
  );

  return (
    <Page
      title={titles.company.departments}
      actions={
        isAdminOrManager && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Добавить отдел
          </Button>
        )
      }
    >
      {company?.hideDepartments && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Отделы скрыты"
          description={
            <>
              Отделы не показываются в меню, формах и отчётах.{' '}
              {mayOpen(role, paths.company.profile.organization) ? (
                <>
                  Включить их можно в разделе{' '}
                  <Link to={paths.company.profile.organization}>«Организация»</Link>.
                </>
              ) : (
                'Включить их может администратор компании.'
              )}
            </>
          }
        />
      )}
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Поиск по названию или руководителю"
          aria-label="Поиск отделов"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: isPhone ? undefined : 360 }}
        />
      </Flex>
      <DepartmentsTable
        tree={visible}
        total={all.length}
        loading={departments.isPending}
        expandAll={searching}
        compact={isPhone}
        empty={empty}
        onAction={onAction}
      />
      <DepartmentFormDrawer
        open={drawer.open}
        department={drawer.department}
        parentId={drawer.parentId}
        departments={all}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
