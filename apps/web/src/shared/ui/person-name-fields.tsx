import { Col, Form, Input, Row } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '@lodestar/contract';

/**
 * A person's two name inputs. firstName is the given name and lastName the family name in every language
 * (docs/decisions/0012-person-names.md); Chinese forms ask the family name first, as it is written.
 */
export function PersonNameFields(props: {
  firstLabel: string;
  lastLabel: string;
  rules: FormRule[];
  maxLength: number;
  /** Browser autofill hints, off for other people's names (contacts). */
  autofill?: boolean;
  autoFocus?: boolean;
}) {
  const { i18n } = useTranslation();
  const familyFirst = resolveLocale(i18n.language) !== 'en-US';
  const given = (
    <Col xs={24} sm={12} key="firstName">
      <Form.Item name="firstName" label={props.firstLabel} rules={props.rules}>
        <Input autoComplete={props.autofill ? 'given-name' : 'off'} maxLength={props.maxLength} autoFocus={props.autoFocus && !familyFirst} />
      </Form.Item>
    </Col>
  );
  const family = (
    <Col xs={24} sm={12} key="lastName">
      <Form.Item name="lastName" label={props.lastLabel} rules={props.rules}>
        <Input autoComplete={props.autofill ? 'family-name' : 'off'} maxLength={props.maxLength} autoFocus={props.autoFocus && familyFirst} />
      </Form.Item>
    </Col>
  );
  return <Row gutter={12}>{familyFirst ? [family, given] : [given, family]}</Row>;
}
