import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { Position } from '@smena/contract';
import { App, Button, Empty, Flex, Grid, Input } from 'antd';
import { useMemo, useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { formatCount } from '../../../components/layout/public-page-layout.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useDeletePosition } from '../../../features/positions/api/delete-position.ts';
import { usePositions } from '../../../features/positions/api/get-positions.ts';
import { PositionFormModal } from '../../../features/positions/components/position-form-modal.tsx';
import {
  PositionsTable,
  type PositionAction,
} from '../../../features/positions/components/positions-table.tsx';

/** Company positions (spec: «Должности»). */
export function Component() {
  const { isAdminOrManager } = useSession();
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ open: boolean; position: Position | null }>({
    open: false,
    position: null,
  });
  const positions = usePositions();
  const deletePosition = useDeletePosition();

  const visible = useMemo(() => {
    const items = positions.data?.items ?? [];
    const needle = search.trim().toLocaleLowerCase('ru');
    return needle
      ? items.filter((position) => position.title.toLocaleLowerCase('ru').includes(needle))
      : items;
  }, [positions.data, search]);

  const openForm = (position: Position | null) => setDialog({ open: true, position });

  const confirmDelete = (position: Position) => {
    const holders =
      position.employeeCount > 0
        ? ` Её занимают ${formatCount(position.employeeCount, { one: 'сотрудник', few: 'сотрудника', many: 'сотрудников' })}: удалить её получится, только когда им назначат другую.`
        : '';
    modal.confirm({
      title: 'Вы уверены?',
      content: `Должность «${position.title}» будет удалена.${holders}`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          await deletePosition.mutateAsync(position.id);
          notify.success(`Должность «${position.title}» удалена`);
        } catch {
          // The query client has already shown the server's message (e.g. the 409).
        }
      },
    });
  };

  const onAction = (action: PositionAction, position: Position) => {
    if (action === 'edit') openForm(position);
    else confirmDelete(position);
  };

  const empty = search.trim() ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Ничего не найдено: измените запрос." />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="Должностей пока нет. Добавьте их, чтобы указывать в карточках сотрудников."
    >
      {isAdminOrManager && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
          Добавить должность
        </Button>
      )}
    </Empty>
  );

  return (
    <Page
      title={titles.company.positions}
      actions={
        isAdminOrManager && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Добавить должность
          </Button>
        )
      }
    >
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Поиск по названию"
          aria-label="Поиск должностей"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ flex: '1 1 240px', maxWidth: isPhone ? undefined : 360 }}
        />
      </Flex>
      <PositionsTable
        positions={visible}
        loading={positions.isPending}
        empty={empty}
        onAction={onAction}
      />
      <PositionFormModal
        open={dialog.open}
        position={dialog.position}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
