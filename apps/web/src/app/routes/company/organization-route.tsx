import { Card, Col, Row } from 'antd';
import { PageSpinner } from '../../../components/feedback/page-spinner.tsx';
import { Page } from '../../../components/layout/page.tsx';
import { titles } from '../../../config/titles.ts';
import { useSession } from '../../../features/auth/use-session.ts';
import { useCountries } from '../../../features/countries/api/get-countries.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { VisibilitySettings } from '../../../features/organization/components/visibility-settings.tsx';

/**
 * The company's data and what it hides (spec: «Организация»). The company's ADMIN only, as the
 * server's `PATCH /profile/company`: the route guard keeps everyone else out (config/access.ts).
 */
export function Component() {
  const { company, isAdmin } = useSession();
  const countries = useCountries();

  return (
    <Page title={titles.company.organization}>
      {!company ? (
        <PageSpinner />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} xl={15}>
            <Card variant="borderless" title="Организация">
              <OrganizationForm
                company={company}
                countries={countries.data}
                countriesLoading={countries.isPending}
                canEdit={isAdmin}
              />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card variant="borderless" title="Видимость">
              <VisibilitySettings company={company} canEdit={isAdmin} />
            </Card>
          </Col>
        </Row>
      )}
    </Page>
  );
}
