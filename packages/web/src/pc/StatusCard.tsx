/** A one-message page (signed out, step not open, not found) with one way on, as a link. */
import { Result, type ResultProps } from 'antd';
import { Link } from 'react-router-dom';

interface Props {
  status: ResultProps['status'];
  title: string;
  hint: string;
  linkText: string;
  linkTo: string;
}

/** The card already pads its content; Result's own large padding would double it. */
const RESULT_STYLES = { root: { padding: '8px 0' }, extra: { marginTop: 28 } };

export function StatusCard({ status, title, hint, linkText, linkTo }: Props) {
  return (
    <section className="ts-card ts-card--wide">
      <Result
        status={status}
        styles={RESULT_STYLES}
        title={<h1 className="ts-result-title">{title}</h1>}
        subTitle={hint}
        extra={
          <Link className="ts-link-button" to={linkTo}>
            {linkText}
          </Link>
        }
      />
    </section>
  );
}
