import {
  CreateDepartmentInputSchema,
  UpdateDepartmentInputSchema,
  type Department,
} from '@smena/contract';
import { Button, Drawer, Flex, Form, Grid, Input, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { applyServerFieldErrors, zodRule } from '../../../lib/form.ts';
import { useCreateDepartment } from '../api/create-department.ts';
import { useUpdateDepartment } from '../api/update-department.ts';
import { buildDepartmentTree, departmentOptions, subtreeIds } from './department-tree.ts';
import { HeadSelect } from './head-select.tsx';

type DepartmentFormValues = {
  title: string;
  parentId: number | null;
  headEmployeeId: number | null;
};

const shape = CreateDepartmentInputSchema.shape;

type DepartmentFormDrawerProps = {
  open: boolean;
  /** The department to edit; null adds a new one. */
  department: Department | null;
  /** For a new department: the parent chosen in advance («Добавить вложенный отдел»). */
  parentId?: number | null;
  /** Every department of the company, for the parent picker. */
  departments: Department[];
  onClose: () => void;
};

/** Adding or editing a department: a drawer on wide screens, the whole screen on phones. */
export function DepartmentFormDrawer({
  open,
  department,
  parentId = null,
  departments,
  onClose,
}: DepartmentFormDrawerProps) {
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [form] = Form.useForm<DepartmentFormValues>();
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const saving = create.isPending || update.isPending;

  const parentOptions = useMemo(() => {
    const tree = buildDepartmentTree(departments);
    // A department cannot sit inside itself or inside one of its own sub-departments.
    const excluded = department ? subtreeIds(departments, department.id) : new Set<number>();
    return departmentOptions(tree, excluded);
  }, [departments, department]);

  const onFinish = async (values: DepartmentFormValues) => {
    const payload = {
      title: values.title,
      parentId: values.parentId ?? null,
      headEmployeeId: values.headEmployeeId ?? null,
    };
    try {
      if (department) {
        await update.mutateAsync({
          id: department.id,
          input: UpdateDepartmentInputSchema.parse(payload),
        });
        notify.success(`Отдел «${values.title.trim()}» сохранён`);
      } else {
        await create.mutateAsync(CreateDepartmentInputSchema.parse(payload));
        notify.success(`Отдел «${values.title.trim()}» добавлен`);
      }
      onClose();
    } catch (caught) {
      if (!applyServerFieldErrors(form, caught)) notify.apiError(caught);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={department ? 'Изменить отдел' : 'Новый отдел'}
      size={isPhone ? '100%' : 520}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            Сохранить
          </Button>
        </Flex>
      }
    >
      <Form<DepartmentFormValues>
        form={form}
        layout="vertical"
        name="department"
        initialValues={{
          title: department?.title ?? '',
          parentId: department ? department.parentId : parentId,
          headEmployeeId: department?.headEmployeeId ?? null,
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Название"
          name="title"
          required
          rules={[zodRule(shape.title, 'Введите название')]}
        >
          <Input placeholder="Например, Бухгалтерия" maxLength={200} />
        </Form.Item>
        <Form.Item
          label="Родительский отдел"
          name="parentId"
          extra="Оставьте пустым, чтобы отдел был на верхнем уровне."
        >
          <TreeSelect<number | null>
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            treeData={parentOptions}
            placeholder="Верхний уровень"
            notFoundContent="Других отделов нет"
          />
        </Form.Item>
        <Form.Item label="Руководитель" name="headEmployeeId">
          <HeadSelect
            initialHead={
              department?.headEmployeeId
                ? {
                    id: department.headEmployeeId,
                    name: department.headName ?? 'Имя не указано',
                  }
                : null
            }
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
