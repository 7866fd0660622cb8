import { Alert, Button } from 'antd';
import { useState } from 'react';
import { notify } from '../../../components/feedback/notifications/notify.ts';
import { leaveCompany } from '../session.ts';
import { useSession } from '../use-session.ts';

/** While a super admin acts inside a company: who they are there, and the way back. */
export function ImpersonationBanner() {
  const { isImpersonating, company } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!isImpersonating) return null;

  // «ООО «Ромашка»» reads badly: a title with its own quotes is shown as it is.
  const name = company?.title ?? '';
  const title = /[«"„]/.test(name) ? name : name && `«${name}»`;
  return (
    <Alert
      type="warning"
      banner
      showIcon
      className="smena-app__banner"
      title={`Вы вошли в компанию ${title} как администратор`.replace(/\s+/g, ' ')}
      action={
        <Button
          size="small"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            leaveCompany()
              .catch((error: unknown) => notify.apiError(error))
              .finally(() => setLeaving(false));
          }}
        >
          Вернуться
        </Button>
      }
    />
  );
}
