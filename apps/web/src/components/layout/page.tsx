import { ToolOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';
import './layouts.css';

/** A page of the logged-in area: title (also the tab title) and actions on one line, then content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="smena-page" aria-labelledby="page-title">
      <div className="smena-page__header">
        <Typography.Title level={1} id="page-title" className="smena-page__title">
          {title}
        </Typography.Title>
        {actions}
      </div>
      {children}
    </section>
  );
}

export const UNDER_CONSTRUCTION_NOTE =
  'Раздел в разработке: появится в одном из ближайших обновлений.';

/** A section whose feature comes in a later release: its title and a plain note, nothing made up. */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <Page title={title}>
      <Card variant="borderless">
        <div className="smena-placeholder">
          <span className="smena-placeholder__icon" aria-hidden>
            <ToolOutlined />
          </span>
          <div>
            <Typography.Paragraph strong style={{ marginBottom: 4 }}>
              {UNDER_CONSTRUCTION_NOTE}
            </Typography.Paragraph>
            {description && (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {description}
              </Typography.Paragraph>
            )}
          </div>
        </div>
      </Card>
    </Page>
  );
}
