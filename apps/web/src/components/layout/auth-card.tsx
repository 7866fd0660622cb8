import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title.ts';
import './layouts.css';

/** The card of the login, registration and password pages. */
export function AuthCard({
  title,
  pageTitle,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  /** The browser tab title when it differs from the heading. */
  pageTitle?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  usePageTitle(pageTitle ?? title);
  return (
    <div className={wide ? 'smena-auth-card smena-auth-card--wide' : 'smena-auth-card'}>
      <Card variant="borderless" className="smena-auth-card__card">
        <Typography.Title level={1} className="smena-auth-card__title">
          {title}
        </Typography.Title>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
      {footer && <div className="smena-auth-card__footer">{footer}</div>}
    </div>
  );
}
