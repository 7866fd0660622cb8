import type { Company } from '@smena/contract';
import { Flex, Switch, Typography } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { useUpdateHideBranches } from '../api/update-hide-branches.ts';
import { useUpdateHideContacts } from '../api/update-hide-contacts.ts';
import { useUpdateHideDepartments } from '../api/update-hide-departments.ts';

type Setting = {
  key: 'hideBranches' | 'hideDepartments' | 'hideContacts';
  title: string;
  description: string;
  mutation: UseMutationResult<Company, Error, boolean>;
};

function SettingRow({
  setting,
  checked,
  disabled,
}: {
  setting: Setting;
  checked: boolean;
  disabled: boolean;
}) {
  const id = `visibility-${setting.key}`;
  return (
    <Flex justify="space-between" align="flex-start" gap={16}>
      <div>
        <Typography.Text strong id={`${id}-label`}>
          {setting.title}
        </Typography.Text>
        <Typography.Paragraph type="secondary" id={`${id}-description`} style={{ margin: 0 }}>
          {setting.description}
        </Typography.Paragraph>
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        loading={setting.mutation.isPending}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onChange={async (next) => {
          try {
            await setting.mutation.mutateAsync(next);
            notify.success('Сохранено');
          } catch (error) {
            notify.apiError(error);
          }
        }}
      />
    </Flex>
  );
}

/** What the company hides: branches, departments, employees' contacts. Each switch saves at once. */
export function VisibilitySettings({ company, canEdit }: { company: Company; canEdit: boolean }) {
  const settings: Setting[] = [
    {
      key: 'hideBranches',
      title: 'Скрыть филиалы',
      description: 'Убирает филиалы из меню, форм, фильтров и таблиц у всех пользователей.',
      mutation: useUpdateHideBranches(),
    },
    {
      key: 'hideDepartments',
      title: 'Скрыть отделы',
      description: 'Убирает отделы из меню, форм, фильтров и таблиц у всех пользователей.',
      mutation: useUpdateHideDepartments(),
    },
    {
      key: 'hideContacts',
      title: 'Скрыть контакты сотрудников',
      description: 'Менеджеры и сотрудники не увидят телефоны и email других сотрудников.',
      mutation: useUpdateHideContacts(),
    },
  ];
  return (
    <Flex vertical gap={20}>
      {settings.map((setting) => (
        <SettingRow
          key={setting.key}
          setting={setting}
          checked={company[setting.key]}
          disabled={!canEdit}
        />
      ))}
    </Flex>
  );
}
