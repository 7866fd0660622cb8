import { Checkbox, Form } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** The `consent` field of a registration form: the terms and the personal data consent. */
export function ConsentCheckbox() {
  return (
    <Form.Item
      name="consent"
      valuePropName="checked"
      rules={[
        {
          validator: (_rule, value: boolean) =>
            value
              ? Promise.resolve()
              : Promise.reject(new Error('Чтобы продолжить, примите условия')),
        },
      ]}
    >
      <Checkbox className="smena-consent">
        Я принимаю{' '}
        <Link to={paths.public.termsOfUse} target="_blank" rel="noopener">
          пользовательское соглашение
        </Link>{' '}
        и даю согласие на обработку персональных данных в соответствии с{' '}
        <Link to={paths.public.privacy} target="_blank" rel="noopener">
          политикой конфиденциальности
        </Link>
      </Checkbox>
    </Form.Item>
  );
}
