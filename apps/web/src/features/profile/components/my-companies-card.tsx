import { roleLabels } from '@smena/contract';
import { Button, Card, List, Tag, Typography } from 'antd';
import { useMyCompanies } from '../api/my-invitations.ts';

/** «Мои компании»: shown to a person who works in more than one, to move between them. */
export function MyCompaniesCard({ onSwitch }: { onSwitch: (companyId: number) => void }) {
  const companies = useMyCompanies();
  const items = companies.data?.items ?? [];
  if (items.length < 2) return null;
  return (
    <Card variant="borderless" title="Мои компании">
      <List
        dataSource={items}
        rowKey="companyId"
        renderItem={(company) => (
          <List.Item
            actions={[
              company.current ? (
                <Tag key="current" color="green">
                  Вы здесь
                </Tag>
              ) : (
                <Button
                  key="switch"
                  disabled={company.blocked}
                  onClick={() => onSwitch(company.companyId)}
                >
                  Перейти
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              title={company.companyTitle}
              description={
                <Typography.Text type="secondary">
                  {roleLabels[company.role]}
                  {company.blocked ? ' · компания заблокирована' : ''}
                </Typography.Text>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
