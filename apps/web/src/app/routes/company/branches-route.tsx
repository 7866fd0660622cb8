import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Branch } from '@smena/contract';
import { Alert, App, Button, Empty, Flex, Grid, Input, Segmented } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { mayOpen } from '../../../config/access.ts';
import { paths } from '../../../config/paths.ts';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useDeleteBranch } from '../../../features/branches/api/delete-branch.ts';
import { useBranches } from '../../../features/branches/api/get-branches.ts';
import { useUpdateBranch } from '../../../features/branches/api/update-branch.ts';
import { BranchFormDrawer } from '../../../features/branches/components/branch-form-drawer.tsx';
import {
  deleteConsequence,
  filterBranches,
} from '../../../features/branches/components/branch-helpers.ts';
import {
  BranchesTable,
  type BranchAction,
} from '../../../features/branches/components/branches-table.tsx';
import { CitySelect } from '../../../features/cities/components/city-select.tsx';

type StatusFilter = 'active' | 'archived' | 'all';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Активные' },
  { value: 'archived', label: 'Архив' },
  { value: 'all', label: 'Все' },
];

const ACTIVE_OF: Record<StatusFilter, boolean | undefined> = {
  active: true,
  archived: false,
  all: undefined,
};

/** Company branches: list, search, add, edit, archive (spec: «Филиалы»). */
export function Component() {
  const { company, role, isAdminOrManager } = useSession();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [status, setStatus] = useState<StatusFilter>('active');
  const [search, setSearch] = useState('');
  const [drawer, setDrawer] = useState<{ open: boolean; branch: Branch | null }>({
    open: false,
    branch: null,
  });
  const branches = useBranches({ active: ACTIVE_OF[status] });
  const deleteBranch = useDeleteBranch();
  const updateBranch = useUpdateBranch();

  const all = branches.data?.items ?? [];
  const visible = filterBranches(all, search);
  const filtered = search.trim() !== '' || status !== 'active';

  const openForm = (branch: Branch | null) => setDrawer({ open: true, branch });

  const confirmDelete = (branch: Branch) => {
    const consequence = deleteConsequence(branch);
    modal.confirm({
      title: 'Вы уверены?',
      content: consequence.text,
      okText: consequence.archives ? 'В архив' : 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const { result } = await deleteBranch.mutateAsync(branch.id);
          if (result === 'deleted') {
            notify.success(`Филиал «${branch.title}» удалён`);
          } else {
            notify.info(
              `Филиал «${branch.title}» перенесён в архив: его используют сотрудники или по нему есть отметки.`,
              'Перенесён в архив',
            );
          }
        } catch {
          // The query client has already shown the server's message.
        }
      },
    });
  };

  const restore = async (branch: Branch) => {
    try {
      await updateBranch.mutateAsync({ id: branch.id, input: { active: true } });
      notify.success(`Филиал «${branch.title}» снова активен`);
    } catch (error) {
      notify.apiError(error);
    }
  };

  const onAction = (action: BranchAction, branch: Branch) => {
    if (action === 'edit') openForm(branch);
    else if (action === 'delete') confirmDelete(branch);
    else void restore(branch);
  };

  const empty = filtered ? (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        status === 'archived' && !search.trim()
          ? 'В архиве нет филиалов'
          : 'Ничего не найдено: измените запрос или выберите «Все».'
      }
    />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Филиалов пока нет. Добавьте первый: укажите адрес и точку на карте — сотрудники смогут отмечаться в заданном радиусе от неё."
    >
      {isAdminOrManager && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить филиал
        </Button>
      )}
    </Empty>
  );

  return (
    <Page
      title={titles.company.branches}
      actions={
        isAdminOrManager && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Добавить филиал
          </Button>
        )
      }
    >
      {company?.hideBranches && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Филиалы скрыты"
          description={
            <>
              Филиалы не показываются в меню, формах и отчётах.{' '}
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
          placeholder="Поиск по названию, адресу, городу"
          aria-label="Поиск филиалов"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: isPhone ? undefined : 360 }}
        />
        <Segmented<StatusFilter>
          options={STATUS_OPTIONS}
          value={status}
          onChange={setStatus}
          aria-label="Статус филиалов"
        />
      </Flex>
      <BranchesTable
        branches={visible}
        loading={branches.isPending || (branches.isFetching && branches.isPlaceholderData)}
        companyTimezone={company?.timezone}
        compact={isPhone}
        empty={empty}
        onAction={onAction}
      />
      <BranchFormDrawer
        open={drawer.open}
        branch={drawer.branch}
        defaults={{
          timezone: company?.timezone ?? 'Europe/Moscow',
          country: company?.country ?? 'RU',
        }}
        CitySelect={CitySelect}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
