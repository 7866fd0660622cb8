import { PlusOutlined } from '@ant-design/icons';
import type { Plan } from '@smena/contract';
import { App, Button, Grid, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { AdminPayments } from '../../../features/payments/components/admin-payments.tsx';
import { usePlans } from '../../../features/plans/api/get-plans.ts';
import { useDeletePlan, useUpdatePlan } from '../../../features/plans/api/save-plan.ts';
import { PlanFormDrawer } from '../../../features/plans/components/plan-form-drawer.tsx';
import { PlansTable, type PlanAction } from '../../../features/plans/components/plans-table.tsx';

type TabKey = 'plans' | 'payments';
const TAB_PARAM = 'tab';

/** «Тарифы» of the super admin: the plans with their prices, and every company's payments. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: TabKey = searchParams.get(TAB_PARAM) === 'payments' ? 'payments' : 'plans';
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const plans = usePlans();
  const updatePlan = useUpdatePlan();
  const deletePlan = useDeletePlan();
  const [drawer, setDrawer] = useState<{ open: boolean; plan: Plan | null }>({
    open: false,
    plan: null,
  });

  const openForm = (plan: Plan | null) => setDrawer({ open: true, plan });

  const change = async (
    plan: Plan,
    input: { isDefault?: boolean; active?: boolean },
    done: string,
  ) => {
    try {
      await updatePlan.mutateAsync({ id: plan.id, input });
      notify.success(done);
    } catch (error) {
      notify.apiError(error);
    }
  };

  const confirmDelete = (plan: Plan) => {
    const archives = plan.paymentCount > 0;
    modal.confirm({
      title: 'Вы уверены?',
      content: archives
        ? `По тарифу «${plan.title}» уже платили, поэтому он будет снят с продажи: компании не смогут выбрать его для новой оплаты, история платежей сохранится.`
        : `Тариф «${plan.title}» будет удалён.`,
      okText: archives ? 'Снять с продажи' : 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: async () => {
        try {
          const { result } = await deletePlan.mutateAsync(plan.id);
          notify.success(
            result === 'deleted'
              ? `Тариф «${plan.title}» удалён`
              : `Тариф «${plan.title}» снят с продажи`,
          );
        } catch {
          // The query client has shown the server's message.
        }
      },
    });
  };

  const onAction = (action: PlanAction, plan: Plan) => {
    if (action === 'edit') openForm(plan);
    else if (action === 'make-default')
      void change(plan, { isDefault: true }, `Тариф «${plan.title}» теперь основной`);
    else if (action === 'restore')
      void change(plan, { active: true }, `Тариф «${plan.title}» снова в продаже`);
    else confirmDelete(plan);
  };

  return (
    <Page
      title={titles.admin.plan}
      actions={
        tab === 'plans' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
            Добавить тариф
          </Button>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams(key === 'payments' ? { [TAB_PARAM]: key } : {})}
        items={[
          {
            key: 'plans',
            label: 'Тарифы',
            children: (
              <PlansTable
                plans={plans.data?.items ?? []}
                loading={plans.isPending}
                compact={isPhone}
                onAction={onAction}
              />
            ),
          },
          { key: 'payments', label: 'Платежи', children: <AdminPayments /> },
        ]}
      />
      <PlanFormDrawer
        open={drawer.open}
        plan={drawer.plan}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </Page>
  );
}
